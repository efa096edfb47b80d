package target_test

import (
	"strings"
	"testing"
	"time"

	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/internal/target"
)

// These proofs ask the test server (LINT_LUA_REDIS_ADDR; Debian's
// redis-server 7.0.15 in CI) what it is, build the Target that names it,
// and check the target's answers against what the server does. They hold
// on any Redis or Valkey: docs/facts-observed.md records the builds they
// were run against.

// serverTarget is the target that names the test server: its Valkey
// version when redis.VALKEY_VERSION is set (H4), its Redis version
// otherwise, with the modules it loads (none, for these proofs).
func serverTarget(t *testing.T, c *redistest.Conn) target.Target {
	t.Helper()
	r := c.MustEval(t, "return {redis.REDIS_VERSION, redis.VALKEY_VERSION}", nil)
	if r.Kind != redistest.Array || len(r.Array) == 0 {
		t.Fatalf("version fields: %s", r)
	}
	name := "redis-" + r.Array[0].Str
	if len(r.Array) == 2 {
		name = "valkey-" + r.Array[1].Str
	}
	tg, err := target.Parse(name)
	if err != nil {
		t.Fatalf("the server's target %q: %v", name, err)
	}
	if m := c.MustDo(t, "MODULE", "LIST"); m.Kind != redistest.Array || len(m.Array) != 0 {
		t.Fatalf("the server loads modules (%s): these proofs need a server without them", m)
	}
	t.Logf("server: %s", tg)
	return tg.WithModules(nil)
}

// commandInfo reports whether the server knows the command or subcommand
// (COMMAND INFO answers nil for an unknown one).
func commandInfo(t *testing.T, c *redistest.Conn, name string) (known bool, flags []string) {
	t.Helper()
	r := c.MustDo(t, "COMMAND", "INFO", strings.ReplaceAll(strings.ToLower(name), " ", "|"))
	if r.Kind != redistest.Array || len(r.Array) != 1 {
		t.Fatalf("COMMAND INFO %s: %s", name, r)
	}
	info := r.Array[0]
	if info.Kind == redistest.Nil {
		return false, nil
	}
	if info.Kind != redistest.Array || len(info.Array) < 3 {
		t.Fatalf("COMMAND INFO %s: %s", name, r)
	}
	for _, f := range info.Array[2].Array {
		flags = append(flags, f.Str)
	}
	return true, flags
}

// Every command and subcommand of every table: the server has it exactly
// when the target says it is available, and refuses it in scripts exactly
// when the target says so. On 7.0.15 this proves the table's dating
// (HEXPIRE, WAITAOF... absent), that module commands are not there without
// their module, that Valkey's own commands are not Redis's, and the 7.0
// NOSCRIPT corrections (C13).
func TestProofCommandsOfTarget(t *testing.T) {
	c := redistest.Client(t)
	tg := serverTarget(t, c)
	checked := 0
	for _, tb := range []*redisdb.Table{redisdb.RedisTable, redisdb.ValkeyTable, redisdb.ModuleTable} {
		for _, top := range tb.All() {
			if top.Group == "sentinel" {
				continue // Sentinel's commands exist only in sentinel mode
			}
			for _, cmd := range append([]*redisdb.Command{top}, top.Subcommands...) {
				a := tg.Check(cmd.Name, "")
				if a.Command != nil && a.Command.Name != cmd.Name {
					continue // a container's unknown subcommand: judged below
				}
				known, flags := commandInfo(t, c, cmd.Name)
				checked++
				if known != (a.Status == target.Available) {
					t.Errorf("%s (%s table): the server knows it: %v; %s says %s (%s)", cmd.Name, tb.Name(), known, tg, a.Status, a.Describe(tg))
					continue
				}
				if !known {
					continue
				}
				noscript := false
				for _, f := range flags {
					noscript = noscript || f == "noscript"
				}
				if got := tg.NoScript(a.Command); got != noscript {
					t.Errorf("%s: noscript on the server: %v; %s.NoScript: %v", cmd.Name, noscript, tg, got)
				}
			}
		}
	}
	t.Logf("%d commands checked", checked)
}

// A command the target lacks fails with the target's unknown-command text,
// whatever the reason: a module not loaded (JSON.GET on a server without
// RedisJSON), a later version, the other server's command.
func TestProofUnknownCommand(t *testing.T) {
	c := redistest.Client(t)
	tg := serverTarget(t, c)
	want, ok := tg.Error(target.ErrUnknownCommand)
	if !ok {
		t.Fatalf("%s: no unknown-command text", tg)
	}
	c.MustDo(t, "HSET", "h", "f", "v")
	for _, src := range []string{
		"return redis.pcall('JSON.GET', KEYS[1])",
		"return redis.pcall('JSON.SET', KEYS[1], '$', '{}')",
		"return redis.pcall('FT.SEARCH', 'idx', '*')",
		"return redis.pcall('TS.ADD', KEYS[1], '*', 1)",
		"return redis.pcall('BF.ADD', KEYS[1], 'x')",
		"return redis.pcall('HEXPIRE', KEYS[1], 100, 'FIELDS', 1, 'f')",
		"return redis.pcall('SFLUSH', 0, 1)",
		"return redis.pcall('NOPE')",
	} {
		name := strings.ToUpper(strings.Split(src, "'")[1])
		a := tg.Check(name, "")
		got := c.MustEval(t, src, []string{"h"})
		if a.Status == target.Available {
			if got.Kind == redistest.Error && got.Str == want {
				t.Errorf("%s: %s says %s is available, the server: %s", src, tg, name, got)
			}
			continue
		}
		if got.Kind != redistest.Error || got.Str != want {
			t.Errorf("%s: %s (%s), so want %q; the server: %s", src, a.Status, a.Describe(tg), want, got)
		}
	}
}

// The sandbox: `server` only on Valkey (H1, H2), `os` with only clock from
// Redis 7.4 and Valkey 8.0 (H7), the base globals everywhere (B7), and the
// version fields (H4).
func TestProofSandbox(t *testing.T) {
	c := redistest.Client(t)
	tg := serverTarget(t, c)
	const missing = "Script attempted to access nonexistent global variable"
	for _, g := range []string{"server", "os", "getfenv", "setfenv", "newproxy", "io", "require", "print", "utf8", "redis", "cjson", "loadstring", "unpack", "bit", "struct", "cmsgpack", "_G"} {
		got := c.MustEval(t, "return type("+g+")", nil)
		present := got.Kind == redistest.Bulk && got.Str != "nil"
		absent := got.Kind == redistest.Error && strings.Contains(got.Str, missing+" '"+g+"'")
		switch want := tg.Global(g); {
		case want == target.Present && !present, want == target.Absent && !absent:
			t.Errorf("global %s: %s says %s; the server: %s", g, tg, want, got)
		case want == target.Unsure:
			t.Logf("global %s (unsure on %s): %s", g, tg, got)
		}
	}
	if tg.ServerAlias() {
		if got := c.MustEval(t, "return tostring(rawequal(server, redis))", nil); got.Str != "true" {
			t.Errorf("server is not redis: %s", got)
		}
	}
	if fields := tg.OSFields(); fields != nil {
		got := c.MustEval(t, "return {type(os.clock), type(os.time), type(os.getenv)}", nil)
		if got.String() != "1) \"function\"\n2) \"nil\"\n3) \"nil\"" || len(fields) != 1 || fields[0] != "clock" {
			t.Errorf("os fields %v; the server: %s", fields, got)
		}
	}
	for _, f := range []string{"REDIS_VERSION", "REDIS_VERSION_NUM", "VALKEY_VERSION", "VALKEY_VERSION_NUM", "SERVER_NAME", "SERVER_VERSION", "SERVER_VERSION_NUM"} {
		got := c.MustEval(t, "return type(redis."+f+")", nil)
		if want := tg.RedisField(f); (want == target.Present) != (got.Str != "nil") || want == target.Unsure {
			t.Errorf("redis.%s: %s says %s; the server: %s", f, tg, want, got)
		}
	}
	if v := tg.ReportedRedisVersion(); v != "" {
		if got := c.MustEval(t, "return redis.REDIS_VERSION", nil); got.Str != v {
			t.Errorf("REDIS_VERSION %s, want %s (H4)", got, v)
		}
	}
}

// Blocking commands: refused in scripts on Redis 7.0 (C13), run at once as
// on a timeout from 7.2 and on Valkey (H11); XREAD BLOCK refused up to
// Redis 7.2 and Valkey 7.2, a timeout later.
func TestProofBlocking(t *testing.T) {
	c := redistest.Client(t)
	tg := serverTarget(t, c)
	notAllowed, _ := tg.Error(target.ErrNotAllowed)
	for _, tc := range []struct{ src, timeout string }{
		{"return redis.pcall('BLPOP', KEYS[1], 0)", "(nil)"},
		{"return redis.pcall('BRPOP', KEYS[1], 0)", "(nil)"},
		{"return redis.pcall('BLMOVE', KEYS[1], KEYS[2], 'LEFT', 'RIGHT', 0)", "(nil)"},
		{"return redis.pcall('BRPOPLPUSH', KEYS[1], KEYS[2], 0)", "(nil)"},
		{"return redis.pcall('BZPOPMIN', KEYS[1], 0)", "(nil)"},
		{"return redis.pcall('BZPOPMAX', KEYS[1], 0)", "(nil)"},
		{"return redis.pcall('WAIT', 0, 0)", "(integer) 0"},
	} {
		got := c.MustEval(t, tc.src, []string{"empty", "dst"})
		want := tc.timeout
		if tg.BlockingRefused() {
			want = "(error) " + notAllowed
		}
		if got.String() != want {
			t.Errorf("%s on %s: %s, want %s", tc.src, tg, got, want)
		}
	}
	for _, cmd := range []string{"XREAD", "XREADGROUP"} {
		c.MustDo(t, "XGROUP", "CREATE", "s", "g", "$", "MKSTREAM")
		src := "return redis.pcall('XREAD', 'BLOCK', 0, 'STREAMS', KEYS[1], '$')"
		if cmd == "XREADGROUP" {
			src = "return redis.pcall('XREADGROUP', 'GROUP', 'g', 'c', 'BLOCK', 0, 'STREAMS', KEYS[1], '>')"
		}
		got := c.MustEval(t, src, []string{"s"})
		want := "(nil)"
		if text, refused := tg.Error(target.ErrXReadBlock); refused {
			want = "(error) " + strings.Replace(text, "XREAD", cmd, 1)
		}
		if got.String() != want || tg.XReadBlockRefused() != strings.HasPrefix(want, "(error)") {
			t.Errorf("%s BLOCK on %s: %s, want %s", cmd, tg, got, want)
		}
		c.MustDo(t, "DEL", "s")
	}
}

// Shebang flags: the five of H8 run, Upstash's allow-key-locking is
// refused (C10's text).
func TestProofShebangFlags(t *testing.T) {
	c := redistest.Client(t)
	tg := serverTarget(t, c)
	for _, f := range []string{"no-writes", "allow-oom", "allow-stale", "no-cluster", "allow-cross-slot-keys", "allow-key-locking", "bogus"} {
		got := c.MustEval(t, "#!lua flags="+f+"\nreturn 1", nil)
		ok, owner, known := tg.ShebangFlag(f)
		if ok != (got.Kind == redistest.Integer && got.Int == 1) {
			t.Errorf("flags=%s on %s: ShebangFlag %v, the server: %s", f, tg, ok, got)
		}
		if !ok && got.Str != "ERR Unexpected flag in script shebang: "+f {
			t.Errorf("flags=%s: %s", f, got)
		}
		if f == "allow-key-locking" && (!known || owner != target.Upstash) {
			t.Errorf("allow-key-locking is not Upstash's: %v %v", owner, known)
		}
	}
}

// The error texts of a target are the server's, word for word (H9, H10).
func TestProofErrorTexts(t *testing.T) {
	c := redistest.Client(t)
	tg := serverTarget(t, c)
	for _, tc := range []struct {
		id   target.ErrorID
		src  string
		keys []string
	}{
		{target.ErrUnknownCommand, "return redis.pcall('NOPE')", nil},
		{target.ErrWrongArity, "return redis.pcall('GET')", nil},
		{target.ErrArgType, "return redis.pcall('GET', {})", nil},
		{target.ErrNotAllowed, "return redis.pcall('MULTI')", nil},
		{target.ErrReadOnlyWrite, "#!lua flags=no-writes\nreturn redis.pcall('SET', KEYS[1], 'x')", []string{"k"}},
	} {
		want, ok := tg.Error(tc.id)
		if got := c.MustEval(t, tc.src, tc.keys); !ok || got.Kind != redistest.Error || got.Str != want {
			t.Errorf("%q on %s: %s, want %q", tc.src, tg, got, want)
		}
	}
	// redis.call() raises before any command runs: the reply carries the
	// script's suffix.
	want, _ := tg.Error(target.ErrNoArgs)
	if got := c.MustEval(t, "return redis.call()", nil); got.Kind != redistest.Error || !strings.HasPrefix(got.Str, want+" script: ") {
		t.Errorf("redis.call() on %s: %s, want %q", tg, got, want)
	}
	lib := tg.ErrorLibName()
	if got := c.MustEval(t, "return redis.setresp()", nil); got.Kind != redistest.Error || !strings.HasPrefix(got.Str, "ERR "+lib+".setresp() requires one argument. script: ") {
		t.Errorf("redis.setresp() on %s: %s, want it to name %s", tg, got, lib)
	}
	got := c.MustDo(t, "FUNCTION", "LOAD", "#!lua name=lib\nredis.register_function('f', 1)")
	if want := "ERR Error registering functions: ERR second argument to " + lib + ".register_function must be a function"; got.Str != want {
		t.Errorf("register_function('f', 1) on %s: %s, want %q", tg, got, want)
	}
	want, _ = tg.Error(target.ErrNoScript)
	if got := c.MustDo(t, "EVALSHA", strings.Repeat("0", 40), "0"); got.Kind != redistest.Error || got.Str != want {
		t.Errorf("EVALSHA of an unknown script on %s: %s, want %q", tg, got, want)
	}
}

// A key outside the user's ACL patterns: NOPERM, worded by version.
func TestProofNoPermText(t *testing.T) {
	c := redistest.Client(t)
	tg := serverTarget(t, c)
	c.MustDo(t, "ACL", "SETUSER", "targetproof", "on", ">targetproof", "~allowed:*", "+@all")
	t.Cleanup(func() { c.Do("ACL", "DELUSER", "targetproof") })
	u, err := redistest.Dial(redistest.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer u.Close()
	if r := u.MustDo(t, "AUTH", "targetproof", "targetproof"); r.Kind != redistest.Status {
		t.Fatalf("AUTH gave %s", r)
	}
	want, _ := tg.Error(target.ErrNoPermKey)
	if got := u.MustEval(t, "return redis.call('SET', KEYS[1], 'v')", []string{"denied:1"}); got.Kind != redistest.Error || got.Str != want {
		t.Errorf("a denied key on %s: %s, want %q", tg, got, want)
	}
}

// Another client's command while a script loops: BUSY, worded by server
// (C11, H10). The loop ends by itself (a counter) in case SCRIPT KILL
// fails.
func TestProofBusyText(t *testing.T) {
	c := redistest.Client(t)
	tg := serverTarget(t, c)
	c.SetConfig(t, "busy-reply-threshold", "100")
	loop, err := redistest.Dial(redistest.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer loop.Close()
	done := make(chan redistest.Reply, 1)
	go func() {
		r, _ := loop.Eval("local i = 0 while true do i = i + 1 if i > 6e7 then break end end return i", nil)
		done <- r
	}()
	want, _ := tg.Error(target.ErrBusy)
	var got redistest.Reply
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if got = c.MustDo(t, "PING"); got.Kind == redistest.Error {
			break
		}
	}
	if got.Kind != redistest.Error || got.Str != want {
		t.Errorf("PING during a script on %s: %s, want %q", tg, got, want)
	}
	c.MustDo(t, "SCRIPT", "KILL")
	<-done
}
