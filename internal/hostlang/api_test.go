package hostlang_test

import (
	"bytes"
	. "github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"strings"
	"testing"
)

func TestLangOf(t *testing.T) {
	for path, want := range map[string]Lang{
		"a/b.py": langs.Python, "x.JS": langs.JavaScript, "x.mjs": langs.JavaScript, "x.cjs": langs.JavaScript, "c.ts": langs.TypeScript,
		"c.tsx": langs.TypeScript, "D.java": langs.Java, "e.kt": langs.Kotlin, "f.php": langs.PHP, "g.rb": langs.Ruby, "h.cs": langs.CSharp,
	} {
		if got, ok := langs.Of(path); !ok || got != want {
			t.Errorf("langs.Of(%q) = %v, %v; want %v", path, got, ok, want)
		}
	}
	for _, path := range []string{"x.lua", "x.go", "Makefile", "x.pyc"} {
		if _, ok := langs.Of(path); ok {
			t.Errorf("langs.Of(%q) is a host language", path)
		}
	}
	for _, l := range langs.All {
		if back, ok := langs.Parse(l.String()); !ok || back != l {
			t.Errorf("langs.Parse(%q) = %v", l, back)
		}
	}
}

func TestNewAPIsRefuses(t *testing.T) {
	for _, a := range []API{
		{Name: ""},
		{Name: "a.b"},
		{Name: "eval", Recv: "x y"},
		{Name: "eval", Script: -9},
		{Name: "eval", Script: Receiver},
	} {
		if _, err := langs.NewAPIs(a); err == nil {
			t.Errorf("langs.NewAPIs(%+v) accepted", a)
		}
	}
}

// TestExtraAPI: a wrapper the configuration names (upstash's safeEval, the
// script second, keys third) finds scripts that have no sign of Redis in
// their text, gives the prefilter its name, and reports what it cannot
// resolve as Dynamic.
func TestExtraAPI(t *testing.T) {
	src := []byte(`
const resetScript = "return 1";
await safeEval(ctx, resetScript, [key, other], []);
await safeEval(ctx, makeScript(n), [key], []);
`)
	if MayHoldScript(langs.JavaScript, src, nil) {
		t.Fatal("the default table should not keep this file")
	}
	if f, _ := Extract(langs.JavaScript, src, nil); len(f.Scripts) != 0 {
		t.Fatalf("the default table finds %d scripts", len(f.Scripts))
	}
	apis, err := langs.NewAPIs(API{Name: "safeEval", Form: Function, Script: 1, Keys: []KeysAt{{Arg: 2, Form: KeysList}}})
	if err != nil {
		t.Fatal(err)
	}
	if !MayHoldScript(langs.JavaScript, src, apis) {
		t.Fatal("the prefilter does not know the extra API")
	}
	f, err := Extract(langs.JavaScript, src, apis)
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, src, f)
	if len(f.Scripts) != 2 {
		t.Fatalf("%d scripts: %+v", len(f.Scripts), f.Scripts)
	}
	s := f.Scripts[0]
	if s.Text != "return 1" || s.FoundBy != "safeEval" || len(s.Calls) != 1 || s.Calls[0].Keys != 2 {
		t.Errorf("script 1: %q by %s, calls %+v", s.Text, s.FoundBy, s.Calls)
	}
	if d := f.Scripts[1]; !d.Dynamic || d.Ref != "" || d.Calls[0].Keys != 1 {
		t.Errorf("script 2: %+v", d)
	}
	// Every language: an entry without one applies to all.
	for _, l := range langs.All {
		if len(apis.Lookup(l, "safeEval")) == 0 {
			t.Errorf("%s has no safeEval", l)
		}
	}
}

// TestMayHoldScript: the needles and the API names as whole words.
func TestMayHoldScript(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		src  string
		want bool
	}{
		{langs.Python, `x = "return redis.call('get', KEYS[1])"`, true},
		{langs.Python, `x = "KEYS[1]"`, true},
		{langs.Python, `x = "server.pcall('x')"`, true},
		{langs.Python, `r.eval(s, 1)`, true},
		{langs.Python, `r.register_script(s)`, true},
		{langs.Python, `evaluate(x); medieval(y)`, false},
		{langs.Python, `x = "keys[1]"  # lower case`, false},
		{langs.JavaScript, `client.defineCommand('x', opts)`, true},
		{langs.JavaScript, `scriptSrc = 1`, false},
		{langs.Java, `RedisScript.of(s)`, true},
		{langs.Java, `new DefaultRedisScript<>(s)`, true},
		{langs.Java, `template.execute(s, keys)`, false}, // runs objects only
		{langs.CSharp, `LuaScript.Prepare(s)`, true},
		{langs.CSharp, `db.ScriptEvaluateAsync(s)`, true},
		{langs.Ruby, `redis.script(:load, s)`, true},
		{langs.PHP, `$r->evalsha($sha, 1)`, false}, // a SHA is no script
		{langs.Kotlin, `redis.call("x")`, true},
		{langs.Kotlin, `redis .call("x")`, false},
		// An API's name counts only where a call may follow it.
		{langs.JavaScript, `m = {match: "\\b(isset|unset|eval|empty)\\b"}`, false},
		{langs.PHP, `$words = ['eval', 'exit'];`, false},
		{langs.Python, `x = r.eval`, false},
		{langs.Python, "r.eval \\\n  (s, 1)", true},
		{langs.JavaScript, `client.eval /* run */ (s, 1)`, true},
		{langs.JavaScript, "client.eval\n  (s, 1)", true},
		{langs.Kotlin, "jedis.`eval`(s)", true},
		{langs.CSharp, `db.ScriptEvaluate<RedisResult>(s)`, true},
		{langs.Ruby, `redis.eval script, keys: [k]`, true},
		{langs.Java, `RedisScript<Long> s = RedisScript.of(text, Long.class)`, true},
	} {
		if got := MayHoldScript(c.lang, []byte(c.src), nil); got != c.want {
			t.Errorf("MayHoldScript(%s, %q) = %v", c.lang, c.src, got)
		}
	}
}

// TestDefaultTable documents the table: every language has entries, and
// each entry's name is an identifier.
func TestDefaultTable(t *testing.T) {
	seen := map[Lang]int{}
	for _, a := range langs.DefaultAPIs().List() {
		seen[a.Lang]++
		if !IsWord(a.Name) || strings.ContainsAny(a.Name, ".") {
			t.Errorf("entry %+v", a)
		}
	}
	for _, l := range langs.All {
		if seen[l] == 0 {
			t.Errorf("%s has no API", l)
		}
	}
}

// TestIndexMatchesBytesIndex: the prefilter's search finds what
// bytes.Index finds, for needles and texts that put the rarest byte
// anywhere, and at the edges.
func TestIndexMatchesBytesIndex(t *testing.T) {
	needles := []string{"KEYS[", "ARGV[", "redis.", "server.", "eval", "RedisScript", "syncedEval", "q", "ee", "a.b"}
	texts := []string{"", "e", "eval", "xeval", "evaeval", "redis.redis", "redisredis.x", "KEYS[1]", "KEYSKEYS[",
		"server.servers.", "RedisScriptRedisScrip", "syncedEvalsyncedEva", "qq", "eee", "a.a.b", "..a.ba"}
	for _, n := range needles {
		for _, x := range texts {
			for _, s := range []string{x, x + n, n + x, x + n + x, strings.Repeat(x, 3) + n[:len(n)-1]} {
				if got, want := Index([]byte(s), n), bytes.Index([]byte(s), []byte(n)); got != want {
					t.Errorf("index(%q, %q) = %d, want %d", s, n, got, want)
				}
			}
		}
	}
}
