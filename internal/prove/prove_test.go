package prove

import (
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/redistest"
)

func TestErrorLine(t *testing.T) {
	for msg, want := range map[string]int{
		"ERR user_script:3: attempt to compare number with nil script: 8292, on @user_script:3.":            3,
		"ERR Lua redis lib command arguments must be strings or integers script: fcd2, on @user_script:12.": 12,
	} {
		if got, ok := errorLine(msg); !ok || got != want {
			t.Errorf("errorLine(%q) = %d, %v; want %d", msg, got, ok, want)
		}
	}
	if _, ok := errorLine("ERR Wrong number of args calling Redis command from script"); ok {
		t.Error("a line from an error that names none")
	}
}

func TestInspect(t *testing.T) {
	s := Inspect(luasrc.Parse("s.lua", []byte("local v = redis.call('HGET', KEYS[2], 'count')\nredis.call('LRANGE', 'queue', 0, -1)\nreturn ARGV[3] .. 'x'\n")))
	if s.keys != 2 || s.args != 3 || s.refused != "" || s.reaches != "" {
		t.Errorf("keys %d args %d refused %q reaches %q", s.keys, s.args, s.refused, s.reaches)
	}
	if s.named["#2"] != "hash" || s.named["queue"] != "list" || strings.Join(s.fields["#2"], ",") != "count" {
		t.Errorf("named %v fields %v", s.named, s.fields)
	}
	if s := Inspect(luasrc.Parse("s.lua", []byte("redis.call('SELECT', KEYS[1])\nreturn redis.call('GET', KEYS[2])\n"))); !s.dbKeys[1] || s.named["#1"] != "" || s.named["#2"] != "string" {
		t.Errorf("a KEYS element SELECTed: dbKeys %v named %v", s.dbKeys, s.named)
	}
	if s := Inspect(luasrc.Parse("s.lua", []byte("redis.call('SELECT', 1)\nreturn redis.call(ARGV[1])\n"))); s.reaches != "SELECT" || s.refused == "" {
		t.Errorf("SELECT and a computed command: reaches %q refused %q", s.reaches, s.refused)
	}
	if s := Inspect(luasrc.Parse("s.lua", []byte("#!lua name=lib\nredis.register_function('f', function() end)\n"))); !s.library || len(s.functions) != 1 {
		t.Error("a Functions library is not one")
	}
}

// finding is one finding of rule on lines from..to.
func finding(rule string, from, to int) diag.Diagnostic {
	return diag.Diagnostic{Rule: rule, Severity: diag.SeverityError, Range: diag.Range{Start: diag.Pos{Line: from, Column: 1}, End: diag.Pos{Line: to, Column: 2}}}
}

// TestSearchOnRedis replays findings on the server the proofs use (an
// empty database, left empty): the GET-then-compare of a missing key is
// reproduced with its witness and Redis's error; a finding on a line no
// run fails at is not, and says so; a finding of a rule without a runtime
// effect is left alone; a script that SELECTs is not run on a named
// server.
func TestSearchOnRedis(t *testing.T) {
	c := redistest.Client(t)
	s, err := Dial(redistest.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	src := "local stock = redis.call('GET', KEYS[1])\nif tonumber(stock) > 0 then\n  return redis.call('DECR', KEYS[1])\nend\nreturn 0\n"
	ds := []diag.Diagnostic{finding("unguarded-nil-reply", 2, 2), finding("unguarded-nil-reply", 3, 3), finding("nil-reply-compare", 2, 2)}
	if err := Search(s, Inspect(luasrc.Parse("s.lua", []byte(src))), ds); err != nil {
		t.Fatal(err)
	}
	if p := ds[0].Proof; p == nil || !p.Reproduced || !strings.Contains(p.Reply, "attempt to compare number with nil") ||
		!strings.Contains(p.Witness, "an empty database") || !strings.HasPrefix(p.Server, "redis-server ") {
		t.Errorf("line 2: %+v", p)
	}
	if p := ds[1].Proof; p == nil || p.Reproduced || !p.Searched || !strings.Contains(p.Note, "not reproduced") {
		t.Errorf("line 3: %+v", p)
	}
	if ds[2].Proof != nil {
		t.Errorf("a rule without a runtime effect was replayed: %+v", ds[2].Proof)
	}
	if r := c.MustDo(t, "DBSIZE"); r.String() != "(integer) 0" {
		t.Errorf("the database is left with %s", r)
	}

	lib := []diag.Diagnostic{finding("unguarded-nil-reply", 2, 2)}
	if err := Search(s, Inspect(luasrc.Parse("lib.lua", []byte("#!lua name=l\nredis.register_function('f', function(k) return redis.call('GET', k[1]) + 1 end)\n"))), lib); err != nil {
		t.Fatal(err)
	}
	if p := lib[0].Proof; p == nil || p.Reproduced || !strings.Contains(p.Note, "only on a private server") {
		t.Errorf("a library on a named server: %+v", p)
	}

	sel := []diag.Diagnostic{finding("unguarded-nil-reply", 2, 2)}
	if err := Search(s, Inspect(luasrc.Parse("s.lua", []byte("redis.call('SELECT', 1)\nreturn redis.call('GET', KEYS[1]) + 1\n"))), sel); err != nil {
		t.Fatal(err)
	}
	if p := sel[0].Proof; p == nil || p.Reproduced || p.Searched || !strings.Contains(p.Note, "it calls SELECT") {
		t.Errorf("SELECT on a named server: %+v", p)
	}

	// A database with data is refused.
	c.MustDo(t, "SET", "user:data", "1")
	if _, err := Dial(redistest.Addr()); err == nil || !strings.Contains(err.Error(), "holds 1 keys") {
		t.Errorf("a database with data: %v", err)
	}
}

// TestLocal starts a private redis-server, where a script that SELECTs is
// run too.
func TestLocal(t *testing.T) {
	s := localServer(t)
	ds := []diag.Diagnostic{finding("unguarded-nil-reply", 2, 2)}
	if err := Search(s, Inspect(luasrc.Parse("s.lua", []byte("redis.call('SELECT', 1)\nreturn redis.call('GET', KEYS[1]) + 1\n"))), ds); err != nil {
		t.Fatal(err)
	}
	if p := ds[0].Proof; p == nil || !p.Reproduced || !strings.Contains(p.Reply, "attempt to perform arithmetic on a boolean value") {
		t.Errorf("%+v", p)
	}
}

// TestLocalLibrary loads a Functions library on the private server and
// proves a finding in one of its functions by FCALL; on a named server a
// library is not loaded.
func TestLocalLibrary(t *testing.T) {
	s := localServer(t)
	lib := "#!lua name=plib\nredis.register_function('ok', function(keys, args) return 1 end)\n" +
		"redis.register_function{function_name='add', callback=function(keys, args)\n  local v = redis.call('GET', keys[1])\n  return v + 1\nend}\n"
	sc := Inspect(luasrc.Parse("lib.lua", []byte(lib)))
	if !sc.library || strings.Join(sc.functions, ",") != "ok,add" {
		t.Fatalf("library %v functions %v", sc.library, sc.functions)
	}
	ds := []diag.Diagnostic{finding("unguarded-nil-reply", 5, 5)}
	if err := Search(s, sc, ds); err != nil {
		t.Fatal(err)
	}
	if p := ds[0].Proof; p == nil || !p.Reproduced || !strings.Contains(p.Reply, "attempt to perform arithmetic") {
		t.Errorf("%+v", p)
	}
}

// TestLocalRunsOn: a script that never ends is killed after one run, and
// the search of it stops there.
func TestLocalRunsOn(t *testing.T) {
	s := localServer(t)
	// Past the private server's lua-time-limit (500 ms), after which it
	// takes SCRIPT KILL, and far below the 3 s of a real run.
	s.runLimit = 700 * time.Millisecond
	src := "local n = redis.call('GET', KEYS[1])\nwhile true do end\nreturn n + 1\n"
	ds := []diag.Diagnostic{finding("unguarded-nil-reply", 3, 3)}
	if err := Search(s, Inspect(luasrc.Parse("s.lua", []byte(src))), ds); err != nil {
		t.Fatal(err)
	}
	if p := ds[0].Proof; p == nil || p.Reproduced || !strings.Contains(p.Note, "was killed (run 1), and the search of this script stopped") {
		t.Errorf("%+v", p)
	}
	// The server is still usable.
	ok := []diag.Diagnostic{finding("unguarded-nil-reply", 1, 1)}
	if err := Search(s, Inspect(luasrc.Parse("s.lua", []byte("return redis.call('GET', KEYS[1]) + 1\n"))), ok); err != nil {
		t.Fatal(err)
	}
	if p := ok[0].Proof; p == nil || !p.Reproduced {
		t.Errorf("after a killed run: %+v", p)
	}
}

// withFix is a finding of rule on line whose safe fix replaces old (its
// first occurrence in src) with new.
func withFix(rule string, line int, src, old, new string) diag.Diagnostic {
	d := finding(rule, line, line)
	i := strings.Index(src, old)
	d.Fix = &diag.Fix{Message: "replace " + old + " with " + new, Edits: []diag.Edit{{Start: i, End: i + len(old), New: new}}}
	return d
}

// TestAnswers: a wrong-answer finding is proved by a run where the script
// and the script with its fix reply differently; a script whose reply
// varies by itself (TIME) proves nothing, nor does a fix that changes no
// reply of the search.
func TestAnswers(t *testing.T) {
	redistest.Client(t)
	s, err := Dial(redistest.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	src := "local v = redis.call('HGET', KEYS[1], 'f')\nif v == nil then return 'missing' end\nreturn v\n"
	ds := []diag.Diagnostic{withFix("nil-reply-compare", 2, src, "v == nil", "not v")}
	if err := Search(s, Inspect(luasrc.Parse("s.lua", []byte(src))), ds); err != nil {
		t.Fatal(err)
	}
	if p := ds[0].Proof; p == nil || !p.Reproduced || p.Reply != `(nil); with the fix (replace v == nil with not v): "missing"` {
		t.Errorf("%+v", p)
	}

	varies := "local v = redis.call('HGET', KEYS[1], 'f')\nif v == nil then return 'missing' end\nreturn redis.call('TIME')\n"
	ds = []diag.Diagnostic{withFix("nil-reply-compare", 2, varies, "v == nil", "not v")}
	if err := Search(s, Inspect(luasrc.Parse("s.lua", []byte(varies))), ds); err != nil {
		t.Fatal(err)
	}
	if p := ds[0].Proof; p == nil || p.Reproduced || !strings.Contains(p.Note, "reply differently") {
		t.Errorf("a reply that varies by itself: %+v", p)
	}

	same := "local v = redis.call('HGET', KEYS[1], 'f')\nif v == nil then return 1 end\nreturn 1\n"
	ds = []diag.Diagnostic{withFix("nil-reply-compare", 2, same, "v == nil", "not v")}
	if err := Search(s, Inspect(luasrc.Parse("s.lua", []byte(same))), ds); err != nil {
		t.Fatal(err)
	}
	if p := ds[0].Proof; p == nil || p.Reproduced || !p.Searched {
		t.Errorf("a fix that changes no reply: %+v", p)
	}
}

// TestEmbedded: the embedded server (miniredis, in the process) needs no
// redis-server: it proves the GET-then-compare of a missing key, says in
// the proof that it is not Redis, and refuses a Functions library (it has
// none) without stopping the search.
func TestEmbedded(t *testing.T) {
	s, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	src := "local stock = redis.call('GET', KEYS[1])\nif tonumber(stock) > 0 then\n  return redis.call('DECR', KEYS[1])\nend\nreturn 0\n"
	ds := []diag.Diagnostic{finding("unguarded-nil-reply", 2, 2)}
	if err := Search(s, Inspect(luasrc.Parse("s.lua", []byte(src))), ds); err != nil {
		t.Fatal(err)
	}
	if p := ds[0].Proof; p == nil || !p.Reproduced || !strings.Contains(p.Reply, "attempt to compare number with nil") ||
		strings.Contains(p.Reply, "stack traceback") || !strings.Contains(p.Server, "not Redis") {
		t.Errorf("%+v", p)
	}
	lib := []diag.Diagnostic{finding("unguarded-nil-reply", 2, 2)}
	if err := Search(s, Inspect(luasrc.Parse("lib.lua", []byte("#!lua name=l\nredis.register_function('f', function(k) return redis.call('GET', k[1]) + 1 end)\n"))), lib); err != nil {
		t.Fatal(err)
	}
	if p := lib[0].Proof; p == nil || p.Reproduced || !strings.Contains(p.Note, "refused the library") {
		t.Errorf("a library on the embedded server: %+v", p)
	}
}

// localServer is a private redis-server for the test (Local), stopped at
// its end; the test is skipped without redis-server on PATH.
func localServer(t *testing.T) *Server {
	t.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Skip("redis-server is not on PATH")
	}
	s, err := Local()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestGuided: a nil argument reached only when keys the script builds by
// concatenation hold members (a queue's ready set, then the group's
// set): the traced runs say which reads found nothing, and the proof is
// the script itself on the state they led to. A call over several lines
// fails on its first line: the checked run says which argument it was,
// so the finding on line 5 is proved only by a state where line 4's
// argument is there.
func TestGuided(t *testing.T) {
	s := localServer(t)
	src := "local ns = KEYS[1]\nlocal g = redis.call('ZRANGE', ns .. ':ready', 0, 0)[1]\nif not g then return nil end\n" +
		"local head = redis.call('ZRANGE', ns .. ':g:' .. g, 0, 0)\nif #head == 0 then return nil end\nlocal id\n" +
		"return redis.call('LREM', ns .. ':active', 1, id)\n"
	ds := []diag.Diagnostic{finding("nil-argument", 7, 7)}
	if err := Search(s, Inspect(luasrc.Parse("s.lua", []byte(src))), ds); err != nil {
		t.Fatal(err)
	}
	p := ds[0].Proof
	if p == nil || !p.Reproduced || !strings.Contains(p.Reply, "arguments must be strings or integers") || len(p.State) != 2 ||
		strings.Join(p.State[0], " ") != "ZADD lint-lua:prove:k1:ready 1 1" || strings.Join(p.State[1], " ") != "ZADD lint-lua:prove:k1:g:1 1 1" {
		t.Errorf("%+v", p)
	}

	multi := "local a = redis.call('GET', 'ka')\nlocal b = redis.call('GET', 'kb')\n" +
		"redis.call('HSET', KEYS[1],\n  'a', a,\n  'b', b)\nreturn 1\n"
	ds = []diag.Diagnostic{finding("nil-argument", 5, 5), finding("nil-argument", 4, 4)}
	ds[0].Range.Start.Column, ds[0].Range.End.Column = 8, 9
	ds[1].Range.Start.Column, ds[1].Range.End.Column = 8, 9
	if err := Search(s, Inspect(luasrc.Parse("m.lua", []byte(multi))), ds); err != nil {
		t.Fatal(err)
	}
	if p := ds[0].Proof; p == nil || !p.Reproduced || len(p.State) != 1 || strings.Join(p.State[0], " ") != "SET ka 1" {
		t.Errorf("line 5: %+v", p)
	}
	if p := ds[1].Proof; p == nil || !p.Reproduced || len(p.State) != 0 {
		t.Errorf("line 4: %+v", p)
	}
}

// TestValkeyScript: a script whose text calls server.* is written for
// Valkey; on a redis-server it is not run, and the proof says why. A
// local named server is not that global.
func TestValkeyScript(t *testing.T) {
	s := localServer(t)
	src := "local v = server.call('GET', KEYS[1])\nreturn v + 1\n"
	sc := Inspect(luasrc.Parse("v.lua", []byte(src)))
	if sc.valkey != "server.* on line 1" {
		t.Fatalf("valkey %q", sc.valkey)
	}
	ds := []diag.Diagnostic{finding("undefined-global", 1, 1)}
	if err := Search(s, sc, ds); err != nil {
		t.Fatal(err)
	}
	if p := ds[0].Proof; p == nil || p.Reproduced || p.Searched || !strings.Contains(p.Note, "written for Valkey") {
		t.Errorf("%+v", p)
	}
	if sc := Inspect(luasrc.Parse("l.lua", []byte("local server = redis\nreturn server.call('GET', KEYS[1])\n"))); sc.valkey != "" {
		t.Errorf("a local server: %q", sc.valkey)
	}
}

// TestNamedError: an error that names another global than the finding's,
// at the finding's line (a script on one line), does not prove it.
func TestNamedError(t *testing.T) {
	s := localServer(t)
	src := "local r = redis.call('GET', KEYS[1]) if r then return tonumber(missing_one) end return tonumber(other_one)\n"
	ds := []diag.Diagnostic{finding("undefined-global", 1, 1), finding("undefined-global", 1, 1)}
	ds[0].Range.Start.Column, ds[0].Range.End.Column = 64, 75
	ds[1].Range.Start.Column, ds[1].Range.End.Column = 97, 106
	if err := Search(s, Inspect(luasrc.Parse("n.lua", []byte(src))), ds); err != nil {
		t.Fatal(err)
	}
	if p := ds[0].Proof; p == nil || !p.Reproduced || !strings.Contains(p.Reply, "'missing_one'") {
		t.Errorf("missing_one: %+v", p)
	}
	if p := ds[1].Proof; p == nil || !p.Reproduced || !strings.Contains(p.Reply, "'other_one'") {
		t.Errorf("other_one: %+v", p)
	}
}

// TestGuidedRecord: a state never holds a hash that lacks a field the
// script reads from it (other scripts may write every field of a record
// whenever it exists): a field missing from a hash the script checked
// exists is not proved; the same read of a hash that may be missing is.
func TestGuidedRecord(t *testing.T) {
	s := localServer(t)
	record := "local m = redis.call('LPOP', KEYS[1])\nif not m then return '' end\nif redis.call('EXISTS', m) == 0 then return '' end\n" +
		"redis.call('HSET', m, 'cid', '1')\nlocal rc = redis.call('HGET', m, 'rc')\nreturn tonumber(rc) + 1\n"
	ds := []diag.Diagnostic{finding("unguarded-nil-reply", 6, 6)}
	if err := Search(s, Inspect(luasrc.Parse("r.lua", []byte(record))), ds); err != nil {
		t.Fatal(err)
	}
	if p := ds[0].Proof; p == nil || p.Reproduced {
		t.Errorf("a field of a record that exists: %+v", p)
	}
	missing := "local m = redis.call('LPOP', KEYS[1])\nif not m then return '' end\n" +
		"local rc = redis.call('HGET', m, 'rc')\nreturn tonumber(rc) + 1\n"
	ds = []diag.Diagnostic{finding("unguarded-nil-reply", 4, 4)}
	if err := Search(s, Inspect(luasrc.Parse("m.lua", []byte(missing))), ds); err != nil {
		t.Fatal(err)
	}
	if p := ds[0].Proof; p == nil || !p.Reproduced || len(p.State) != 1 || p.State[0][0] != "RPUSH" {
		t.Errorf("a record that may be missing: %+v", p)
	}
}

// TestFunctionsFile: a file whose top level only defines local functions
// does nothing when run; a finding inside one of them is proved by the
// file with a call of that function appended, and says so. A script that
// does something is never given a call.
func TestFunctionsFile(t *testing.T) {
	s := localServer(t)
	src := "local f = function(n)\n  if n < 0 then\n    return g(-n)\n  end\n  return n\nend\n"
	sc := Inspect(luasrc.Parse("f.lua", []byte(src)))
	if len(sc.defs) != 1 || sc.defs[0].name != "f" || sc.defs[0].params != 1 {
		t.Fatalf("defs %+v", sc.defs)
	}
	ds := []diag.Diagnostic{finding("undefined-global", 3, 3)}
	ds[0].Range.Start.Column, ds[0].Range.End.Column = 12, 13
	if err := Search(s, sc, ds); err != nil {
		t.Fatal(err)
	}
	if p := ds[0].Proof; p == nil || !p.Reproduced || p.Appended != "return f(-1)" || !strings.Contains(p.Reply, "'g'") {
		t.Errorf("%+v", p)
	}
	if sc := Inspect(luasrc.Parse("s.lua", []byte("local f = function(n) return g(n) end\nreturn 1\n"))); sc.defs != nil {
		t.Errorf("a script that returns: defs %+v", sc.defs)
	}
}
