package rules_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

func TestProofSyntaxError(t *testing.T) {
	ruletest.ProveBadGood(t, "syntax-error", nil, nil, "'=' expected near 'continue'")
}

func TestProofGlobalAssignment(t *testing.T) {
	ruletest.ProveBadGood(t, "global-assignment", []string{"proof:count"}, nil, "Attempt to modify a readonly table")
}

// TestProofRawsetGlobal: rawset skips a metatable, but Redis's global
// table is read-only itself (redis-facts B6): rawset(_G, ...) fails as an
// assignment does, and global-assignment reports it; rawset of the
// script's own table works and is not reported.
func TestProofRawsetGlobal(t *testing.T) {
	bad := "rawset(_G, 'proof_x', ARGV[1])\nreturn 1"
	good := "local t = {}\nrawset(t, 'proof_x', ARGV[1])\nreturn t.proof_x"
	if !ruletest.Flags(t, "global-assignment", bad) || ruletest.Flags(t, "global-assignment", good) {
		t.Fatal("global-assignment should flag rawset(_G, ...) and only it")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		if got := c.MustEval(t, bad, nil, "v"); got.Kind != redistest.Error || !strings.Contains(got.Str, "Attempt to modify a readonly table") {
			t.Errorf("rawset(_G, ...) gave %s, want the readonly-table error", got)
		}
		if got := c.MustEval(t, good, nil, "v"); got.Str != "v" {
			t.Errorf("rawset of a local table gave %s, want \"v\"", got)
		}
	})
}

func TestProofUndefinedGlobal(t *testing.T) {
	ruletest.ProveBadGood(t, "undefined-global", []string{"proof:k"}, nil, "Script attempted to access nonexistent global variable 'double'")
}

// TestProofLibraryContext proves the Functions library claims: a top-level
// read of anything but redis.register_function/log/LOG_*/REDIS_VERSION fails
// FUNCTION LOAD, and KEYS inside a registered function fails at FCALL.
func TestProofLibraryContext(t *testing.T) {
	atLoad := "#!lua name=prooflib\nlocal fmt = string.format\nredis.register_function('f', function(keys, args) return 1 end)"
	if !ruletest.Flags(t, "undefined-global", atLoad) {
		t.Error("top-level string in a library is not flagged")
	}
	useKeys := "#!lua name=prooflib2\nredis.register_function('usekeys', function(keys, args) return redis.call('GET', KEYS[1]) end)"
	if !ruletest.Flags(t, "undefined-global", useKeys) {
		t.Error("KEYS in a library function is not flagged")
	}
	good := "#!lua name=prooflib3\nredis.log(redis.LOG_NOTICE, redis.REDIS_VERSION)\nredis.register_function('usekeys3', function(keys, args) return redis.call('GET', keys[1]) end)"
	if ruletest.Flags(t, "undefined-global", good) || ruletest.Flags(t, "undeclared-key", good) {
		t.Error("the correct library is flagged")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		r := c.MustDo(t, "FUNCTION", "LOAD", atLoad)
		if r.Kind != redistest.Error || !strings.Contains(r.Str, "nonexistent global variable 'string'") {
			t.Errorf("FUNCTION LOAD gave %s", r)
		}
		if r := c.MustDo(t, "FUNCTION", "LOAD", useKeys); r.Kind == redistest.Error {
			t.Fatalf("FUNCTION LOAD gave %s", r)
		}
		r = c.MustDo(t, "FCALL", "usekeys", "1", "proof:k")
		if r.Kind != redistest.Error || !strings.Contains(r.Str, "nonexistent global variable 'KEYS'") {
			t.Errorf("FCALL gave %s", r)
		}
		if r := c.MustDo(t, "FUNCTION", "LOAD", good); r.Kind == redistest.Error {
			t.Fatalf("FUNCTION LOAD gave %s", r)
		}
		if r := c.MustDo(t, "FCALL", "usekeys3", "1", "proof:k"); r.Kind == redistest.Error {
			t.Errorf("FCALL gave %s", r)
		}
	})
}

// TestProofSyntaxErrorForms runs on Redis each form lint-lua reports as a
// syntax error, and one that looks wrong but compiles.
func TestProofSyntaxErrorForms(t *testing.T) {
	bad := []string{
		"\xEF\xBB\xBFreturn 1",
		"::top::\nreturn 1",
		"local x = 0\nx = 7 // 2\nreturn x",
		"if true then\n  return 1\n",
	}
	for _, src := range bad {
		if !ruletest.Flags(t, "syntax-error", src) {
			t.Errorf("%q is not flagged", src)
		}
	}
	var locals strings.Builder
	for i := 0; i < 201; i++ {
		fmt.Fprintf(&locals, "local v%d = %d\n", i, i)
	}
	if !ruletest.Flags(t, "syntax-error", locals.String()) {
		t.Error("201 locals are not flagged")
	}
	good := "local goto = 5\nreturn 0x1p4 + goto"
	if ruletest.Flags(t, "syntax-error", good) {
		t.Error("goto as a name is flagged")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		for _, src := range bad {
			r := c.MustEval(t, src, nil)
			if r.Kind != redistest.Error || !strings.Contains(r.Str, "Error compiling script") {
				t.Errorf("%q on Redis gave %s", src, r)
			}
		}
		if r := c.MustEval(t, locals.String(), nil); r.Kind != redistest.Error || !strings.Contains(r.Str, "more than 200 local variables") {
			t.Errorf("201 locals on Redis gave %s", r)
		}
		if r := c.MustEval(t, good, nil); r.Kind != redistest.Integer || r.Int != 21 {
			t.Errorf("goto as a name on Redis gave %s", r)
		}
	})
}

// TestProofVarargArg: a vararg function has a local `arg`, the table of its
// extra arguments when its body does not use `...` and nil when it does;
// anywhere else `arg` is a global the sandbox refuses. undefined-global
// agrees.
func TestProofVarargArg(t *testing.T) {
	silent := []string{
		"local function f(...) return arg.n end\nreturn f(1, 2, 3)",
		"local function f(...) local t = {...} return arg == nil and 'nil' or 'table' end\nreturn f(1)",
	}
	for _, src := range silent {
		if ruletest.Flags(t, "undefined-global", src) {
			t.Errorf("%q: undefined-global flags arg", src)
		}
	}
	flagged := "local function f(a) return type(arg) end\nreturn f(1)"
	if !ruletest.Flags(t, "undefined-global", flagged) {
		t.Errorf("%q: undefined-global does not flag arg", flagged)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		if got := c.MustEval(t, silent[0], nil); got.Kind != redistest.Integer || got.Int != 3 {
			t.Errorf("arg.n gave %s, want 3", got)
		}
		if got := c.MustEval(t, silent[1], nil); got.Str != "nil" {
			t.Errorf("arg beside ... gave %s, want \"nil\"", got)
		}
		if got := c.MustEval(t, flagged, nil); got.Kind != redistest.Error || !strings.Contains(got.Str, "nonexistent global variable 'arg'") {
			t.Errorf("arg outside a vararg function gave %s", got)
		}
	})
}

// TestProofServerGlobal: `server` is redis on Valkey and a nonexistent
// global on Redis (H1, observed); undefined-global, linting for the test
// server, reports it exactly there, once per file.
func TestProofServerGlobal(t *testing.T) {
	src := "server.call('SET', KEYS[1], 'v')\nreturn server.call('GET', KEYS[1])"
	ruletest.ProveForTargets(t, func(t *testing.T, tg target.Target, c *redistest.Conn) {
		var n int
		for _, d := range ruletest.LintSourceFor("proof.lua", []byte(src), ruletest.Cat.All(), nil, tg) {
			if d.Rule == "undefined-global" {
				n++
			}
		}
		if want := map[bool]int{true: 0, false: 1}[tg.ServerAlias()]; n != want {
			t.Errorf("%s: %d undefined-global findings on server.call, want %d", tg, n, want)
		}
		if c == nil {
			return
		}
		got := c.MustEval(t, src, []string{"proof:k"})
		if tg.ServerAlias() {
			if got.Str != "v" {
				t.Errorf("%s: server.call gave %s, want \"v\"", tg, got)
			}
			return
		}
		if got.Kind != redistest.Error || !strings.Contains(got.Str, "nonexistent global variable 'server'") {
			t.Errorf("%s: server.call gave %s, want the nonexistent-global error", tg, got)
		}
	})
}
