package invalidfunctionregistration_test

import (
	"fmt"
	"net"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

const regCallback = "function(keys, args) return 1 end"

// registrationCases are libraries, what FUNCTION LOAD answers (loadErr, ""
// when it loads) and the invalid-function-registration findings.
var registrationCases = []ruletest.HeaderCase{
	{Src: "#!lua name=r\nredis.register_function('f', " + regCallback + ")"},
	{Src: "#!lua name=r\nredis.register_function{function_name='f', callback=" + regCallback + ", flags={'no-writes', 'NO-WRITES', 'allow-oom', 'allow-stale', 'no-cluster', 'allow-cross-slot-keys'}, description='d'}"},
	{Src: "#!lua name=r\nredis.register_function{function_name='f', callback=" + regCallback + ", flags={}}"},
	{Src: "#!lua name=r\nif redis.REDIS_VERSION >= '7.0' then\n  redis.register_function('f', " + regCallback + ")\nelse\n  redis.register_function('f', " + regCallback + ")\nend"},
	{Src: "#!lua name=r\nlocal function reg(n) redis.register_function(n, " + regCallback + ") end\nreg('f')\nreg('g')"},
	{Src: "#!lua name=r\nredis.register_function('f')",
		RedisErr: "ERR calling redis.register_function with a single argument is only applicable to Lua table (representing named arguments).",
		Want:     []string{`single argument 'f'`}},
	{Src: "#!lua name=r\nredis.register_function('f', 'g')",
		RedisErr: "ERR second argument to redis.register_function must be a function",
		Want:     []string{`second argument of redis.register_function, 'g', is not a function`}},
	{Src: "#!lua name=r\nredis.register_function('f', " + regCallback + ", 'x')",
		RedisErr: "ERR wrong number of arguments to redis.register_function",
		Want:     []string{`with 3 arguments`}},
	{Src: "#!lua name=r\nredis.register_function{function_name='f', callback='g'}",
		RedisErr: "ERR callback argument given to redis.register_function must be a function",
		Want:     []string{`callback 'g' is not a function`}},
	{Src: "#!lua name=r\nredis.register_function{function_name='f', callback=" + regCallback + ", flags='no-writes'}",
		RedisErr: "ERR flags argument to redis.register_function must be a table representing function flags",
		Want:     []string{`flags 'no-writes' is not a table`}},
	{Src: "#!lua name=r\nredis.register_function{function_name='f', callback=" + regCallback + ", flags={'bogus'}}",
		RedisErr: "ERR unknown flag given",
		Want:     []string{`unknown function flag "bogus"`}},
	{Src: "#!lua name=r\nredis.register_function{function_name='f', callback=" + regCallback + ", flags={'no-writes', 1}}",
		RedisErr: "ERR unknown flag given",
		Want:     []string{`flags entry 1 is not a flag name`}},
	{Src: "#!lua name=r\nredis.register_function{function_name='f', callback=" + regCallback + ", extra=1}",
		RedisErr: "ERR unknown argument given to redis.register_function",
		Want:     []string{`unknown argument extra`}},
	{Src: "#!lua name=r\nredis.register_function{callback=" + regCallback + "}",
		RedisErr: "ERR redis.register_function must get a function name argument",
		Want:     []string{`without function_name`}},
	{Src: "#!lua name=r\nredis.register_function{function_name='f'}",
		RedisErr: "ERR redis.register_function must get a callback argument",
		Want:     []string{`without callback`}},
	{Src: "#!lua name=r\nredis.register_function('my-func!', " + regCallback + ")",
		RedisErr: "ERR " + ruleutil.LibraryNameError,
		Want:     []string{`function name "my-func!"`}},
	{Src: "#!lua name=r\nredis.register_function{function_name='a.b', callback=" + regCallback + "}",
		RedisErr: "ERR " + ruleutil.LibraryNameError,
		Want:     []string{`function name "a.b"`}},
	{Src: "#!lua name=r\nredis.register_function('f', " + regCallback + ")\nredis.register_function('f', " + regCallback + ")",
		RedisErr: "ERR Function already exists in the library",
		Want:     []string{`function f is registered a second time`}},
	{Src: "#!lua name=r\nlocal n = 1",
		RedisErr: "ERR No functions registered",
		Want:     []string{`library r registers no function`}},
}

func TestInvalidFunctionRegistrationForms(t *testing.T) {
	for _, c := range registrationCases {
		got := ruletest.RuleFindings("invalid-function-registration", c.Src)
		ruletest.MatchFindings(t, c.Src, got, c.Want)
		if c.RedisErr != "" && len(got) > 0 && !strings.Contains(strings.Join(got, "\n"), c.RedisErr) {
			t.Errorf("%q: no finding quotes %q: %q", c.Src, c.RedisErr, got)
		}
	}
}

// TestProofInvalidFunctionRegistration loads each form on Redis: those
// lint-lua reports fail with the text its message quotes, the others load.
// It also proves the forms that load but fail later or silently.
func TestProofInvalidFunctionRegistration(t *testing.T) {
	r := ruletest.Cat.ByID("invalid-function-registration")
	if len(ruletest.RuleFindings(r.ID, r.Doc.Bad)) == 0 {
		t.Error("the Bad example is not flagged")
	}
	if len(ruletest.RuleFindings(r.ID, r.Doc.Good)) != 0 {
		t.Error("the Good example is flagged")
	}
	// Flags written as keys are ignored: the function is not read-only.
	keyed := "#!lua name=r\nredis.register_function{function_name='w', callback=function(keys, args) return redis.call('SET', keys[1], 'x') end, flags={['no-writes']=true}}"
	if got := ruletest.RuleFindings(r.ID, keyed); len(got) != 1 || !strings.Contains(got[0], "is ignored") {
		t.Errorf("keyed flags: %q", got)
	}
	// register_function inside a registered function: loads, fails at FCALL.
	nested := "#!lua name=r\nredis.register_function('outer', function(keys, args)\n  redis.register_function('inner', function() return 1 end)\n  return 1\nend)"
	if got := ruletest.RuleFindings(r.ID, nested); len(got) != 1 {
		t.Errorf("nested: %q", got)
	}
	// register_function in an EVAL script.
	eval := "local v = redis.call('GET', KEYS[1])\nredis.register_function('f', function() return v end)\nreturn v"
	if got := ruletest.RuleFindings(r.ID, eval); len(got) != 1 {
		t.Errorf("eval: %q", got)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		// Valkey 8 names the function server.register_function in its
		// errors (H9), whichever name the library used.
		lib := redistest.ServerTarget(t, c).ErrorLibName()
		worded := func(text string) string {
			return strings.ReplaceAll(text, "redis.register_function", lib+".register_function")
		}
		load := func(src string) redistest.Reply {
			c.MustDo(t, "FUNCTION", "FLUSH")
			return c.MustDo(t, "FUNCTION", "LOAD", src)
		}
		if got := load(r.Doc.Bad); got.Kind != redistest.Error || !strings.Contains(got.Str, worded("flags argument to redis.register_function must be a table")) {
			t.Errorf("Bad gave %s", got)
		}
		if got := load(r.Doc.Good); got.Kind == redistest.Error {
			t.Errorf("Good gave %s", got)
		}
		for _, hc := range registrationCases {
			got := load(hc.Src)
			if hc.RedisErr == "" {
				if got.Kind == redistest.Error {
					t.Errorf("%q: Redis refused it: %s", hc.Src, got)
				}
				continue
			}
			// FUNCTION LOAD prefixes what register_function raised with
			// "ERR Error registering functions: ".
			if want := worded(hc.RedisErr); got.Kind != redistest.Error || !strings.HasSuffix(got.Str, want) {
				t.Errorf("%q: Redis gave %s, want %q", hc.Src, got, want)
			}
		}

		// Flags written as keys are ignored: the function is not read-only.
		if got := load(keyed); got.Kind == redistest.Error {
			t.Fatalf("keyed flags: %s", got)
		}
		if got := c.MustDo(t, "FCALL_RO", "w", "1", "proof:k"); got.Kind != redistest.Error || !strings.Contains(got.Str, "Can not execute a script with write flag using *_ro command") {
			t.Errorf("FCALL_RO of a function with keyed flags gave %s, want the write-flag error (no-writes was not set)", got)
		}
		if got := c.MustDo(t, "FCALL", "w", "1", "proof:k"); got.Kind == redistest.Error {
			t.Errorf("FCALL: %s", got)
		}

		// register_function inside a registered function: loads, fails at FCALL.
		if got := load(nested); got.Kind == redistest.Error {
			t.Fatalf("nested: %s", got)
		}
		if got := c.MustDo(t, "FCALL", "outer", "0"); got.Kind != redistest.Error || !strings.Contains(got.Str, "attempt to call field 'register_function' (a nil value)") {
			t.Errorf("FCALL outer gave %s", got)
		}

		// register_function in an EVAL script.
		if got := c.MustEval(t, eval, []string{"proof:k"}); got.Kind != redistest.Error || !strings.Contains(got.Str, "attempt to call field 'register_function' (a nil value)") {
			t.Errorf("EVAL gave %s", got)
		}
	})
}

// TestProofFunctionNameCase proves the case-collision claim on a private
// server, because it crashes the server: two names that differ only in
// case load, FCALL of either runs the same function, and FUNCTION DELETE of
// the library kills redis-server 7.0.15.
func TestProofFunctionNameCase(t *testing.T) {
	src := "#!lua name=casey\nredis.register_function('Incr', function(keys, args) return 1 end)\nredis.register_function('incr', function(keys, args) return 2 end)"
	if got := ruletest.RuleFindings("invalid-function-registration", src); len(got) != 1 || !strings.Contains(got[0], "only in case") {
		t.Errorf("findings %q", got)
	}
	t.Run("redis", func(t *testing.T) {
		c, done := privateRedis(t)
		if got := c.MustDo(t, "FUNCTION", "LOAD", src); got.Kind == redistest.Error {
			t.Fatalf("FUNCTION LOAD gave %s", got)
		}
		a := c.MustDo(t, "FCALL", "Incr", "0")
		b := c.MustDo(t, "FCALL", "incr", "0")
		if a.Kind != redistest.Integer || b.Kind != redistest.Integer || a.Int != b.Int {
			t.Errorf("FCALL Incr gave %s and FCALL incr %s: want the same function", a, b)
		}
		if _, err := c.Do("FUNCTION", "DELETE", "casey"); err == nil {
			t.Errorf("FUNCTION DELETE answered: the server did not crash")
		}
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Errorf("redis-server is still running after FUNCTION DELETE")
		}
	})
}

// privateRedis starts a redis-server of its own for a test that crashes
// it, where the proofs run (LINT_LUA_REDIS_ADDR set). done is closed when
// the server exits.
func privateRedis(t *testing.T) (*redistest.Conn, <-chan struct{}) {
	t.Helper()
	if redistest.Addr() == "" {
		t.Skipf("%s is not set; this proof runs with the other Redis proofs", redistest.EnvAddr)
	}
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Fatalf("redis-server is not on PATH: %v", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	dir := t.TempDir()
	cmd := exec.Command(bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--dir", dir, "--logfile", filepath.Join(dir, "redis.log"))
	if err := cmd.Start(); err != nil {
		t.Fatalf("start redis-server: %v", err)
	}
	done := make(chan struct{})
	go func() {
		cmd.Wait()
		close(done)
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-done
	})
	var c *redistest.Conn
	for i := 0; i < 100; i++ {
		if c, err = redistest.Dial(fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("private redis-server did not start: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c, done
}
