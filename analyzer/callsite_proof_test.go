package analyzer

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
)

// The proofs of what the call-site rules say about Redis: each sends what
// the Go code of the rule's bad example sends, and of its good example, to
// a real redis-server (LINT_LUA_REDIS_ADDR; skipped without it, as in the
// rules package). That the analyzer flags the bad forms and not the good
// ones is TestCallsites's business.

func wantError(t *testing.T, r redistest.Reply, err error, text string) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind != redistest.Error || !strings.Contains(r.Str, text) {
		t.Errorf("got %s, want an error containing %q", r, text)
	}
}

// keys-count-mismatch: a script reading KEYS[2] when one key is passed,
// and a numkeys larger than the values after it.
func TestProofKeysCountMismatch(t *testing.T) {
	c := redistest.Client(t)
	const transfer = "redis.call('DECRBY', KEYS[1], ARGV[1])\nreturn redis.call('INCRBY', KEYS[2], ARGV[1])"
	r, err := c.Eval(transfer, []string{"{acct}:a"}, "10")
	wantError(t, r, err, "Lua redis lib command arguments must be strings or integers")
	r, err = c.Do("EVAL", "return redis.call('GET', KEYS[1])", "2", "k")
	wantError(t, r, err, "ERR Number of keys can't be greater than number of args")
	r = c.MustEval(t, transfer, []string{"{acct}:a", "{acct}:b"}, "10")
	if r.Kind != redistest.Integer || r.Int != 10 {
		t.Errorf("transfer with both keys = %s, want 10", r)
	}
	// A read the script tests for nil is an optional value, not an error.
	r = c.MustEval(t, "return tonumber(ARGV[2]) or 10", nil, "1")
	if r.Kind != redistest.Integer || r.Int != 10 {
		t.Errorf("optional ARGV[2] = %s, want 10", r)
	}
}

// dynamic-script: every distinct text stays in the script cache.
func TestProofDynamicScript(t *testing.T) {
	c := redistest.Client(t)
	cached := func() (n, mem int) {
		info := c.MustDo(t, "INFO", "memory").Str
		for _, line := range strings.Split(info, "\r\n") {
			if v, ok := strings.CutPrefix(line, "number_of_cached_scripts:"); ok {
				n, _ = strconv.Atoi(v)
			}
			if v, ok := strings.CutPrefix(line, "used_memory_scripts_eval:"); ok {
				mem, _ = strconv.Atoi(v)
			}
		}
		return n, mem
	}
	n0, mem0 := cached()
	for i := 1; i <= 5; i++ {
		c.MustEval(t, fmt.Sprintf("return redis.call('INCRBY', KEYS[1], %d)", i), []string{"k"})
	}
	n1, mem1 := cached()
	if n1 != n0+5 || mem1 <= mem0 {
		t.Errorf("after 5 texts: %d cached scripts (%d bytes), want %d and more than %d bytes", n1, mem1, n0+5, mem0)
	}
	for i := 1; i <= 5; i++ {
		c.MustEval(t, "return redis.call('INCRBY', KEYS[1], ARGV[1])", []string{"k"}, strconv.Itoa(i))
	}
	if n2, _ := cached(); n2 != n1+1 {
		t.Errorf("after 5 runs of one text: %d cached scripts, want %d", n2, n1+1)
	}
}

// nonatomic-check-then-act: two clients interleave GET and DECR and oversell;
// the script does not.
func TestProofNonatomicCheckThenAct(t *testing.T) {
	c1 := redistest.Client(t)
	c2, err := redistest.Dial(redistest.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	c1.MustDo(t, "SET", "stock:42", "1")
	// Both buyers read 1 and pass `stock > 0`, then both decrement.
	for _, c := range []*redistest.Conn{c1, c2} {
		if r := c.MustDo(t, "GET", "stock:42"); r.Str != "1" {
			t.Fatalf("GET = %s, want 1", r)
		}
	}
	c1.MustDo(t, "DECR", "stock:42")
	c2.MustDo(t, "DECR", "stock:42")
	if r := c1.MustDo(t, "GET", "stock:42"); r.Str != "-1" {
		t.Errorf("stock after two separate GET/DECR = %s, want -1 (oversold)", r)
	}
	const buy = "local stock = tonumber(redis.call('GET', KEYS[1]))\n" +
		"if not stock or stock <= 0 then return 0 end\nredis.call('DECR', KEYS[1])\nreturn 1"
	c1.MustDo(t, "SET", "stock:42", "1")
	a := c1.MustEval(t, buy, []string{"stock:42"})
	b := c2.MustEval(t, buy, []string{"stock:42"})
	if a.Int != 1 || b.Int != 0 {
		t.Errorf("script buys = %s, %s, want 1 then 0", a, b)
	}
	if r := c1.MustDo(t, "GET", "stock:42"); r.Str != "0" {
		t.Errorf("stock after the script = %s, want 0", r)
	}
}

// write-in-readonly-script at the call: a writing script, a shebang script
// without no-writes, and a function without no-writes, run read-only.
func TestProofReadOnlyCalls(t *testing.T) {
	c := redistest.Client(t)
	r, err := c.Do("EVAL_RO", "return redis.call('INCR', KEYS[1])", "1", "k")
	wantError(t, r, err, "ERR Write commands are not allowed from read-only scripts")
	r, err = c.Do("EVAL_RO", "#!lua\nreturn redis.call('GET', KEYS[1])", "1", "k")
	wantError(t, r, err, "ERR Can not execute a script with write flag using *_ro command")
	if r := c.MustDo(t, "EVAL_RO", "#!lua flags=no-writes\nreturn redis.call('GET', KEYS[1])", "1", "k"); r.Kind == redistest.Error {
		t.Errorf("no-writes script via EVAL_RO: %s", r)
	}
	if r := c.MustDo(t, "EVAL_RO", "return redis.call('GET', KEYS[1])", "1", "k"); r.Kind == redistest.Error {
		t.Errorf("reading script via EVAL_RO: %s", r)
	}
	const lib = "#!lua name=counters\n" +
		"redis.register_function('bump', function(keys, args) return redis.call('INCR', keys[1]) end)\n" +
		"redis.register_function{function_name='peek', callback=function(keys, args) return redis.call('GET', keys[1]) end, flags={'no-writes'}}"
	c.MustDo(t, "FUNCTION", "LOAD", lib)
	r, err = c.Do("FCALL_RO", "bump", "1", "k")
	wantError(t, r, err, "ERR Can not execute a script with write flag using *_ro command")
	if r := c.MustDo(t, "FCALL_RO", "peek", "1", "k"); r.Kind == redistest.Error {
		t.Errorf("FCALL_RO peek: %s", r)
	}
}

// lock-without-expiry at the call: SETNX (go-redis SetNX with 0), SET NX
// KEEPTTL (SetNX with KeepTTL), and SETNX before a separate EXPIRE all
// leave the key without a TTL until the second command.
func TestProofLockWithoutExpiryCalls(t *testing.T) {
	c := redistest.Client(t)
	c.MustDo(t, "SETNX", "lock:a", "t")
	c.MustDo(t, "SET", "lock:b", "t", "KEEPTTL", "NX")
	for _, k := range []string{"lock:a", "lock:b"} {
		if r := c.MustDo(t, "TTL", k); r.Int != -1 {
			t.Errorf("TTL %s = %s, want -1", k, r)
		}
	}
	c.MustDo(t, "SET", "lock:c", "t", "PX", "30000", "NX")
	if r := c.MustDo(t, "PTTL", "lock:c"); r.Int <= 0 {
		t.Errorf("PTTL lock:c = %s, want > 0", r)
	}
}

// The fix that go vet -fix would have made to a constant shared by two
// scripts (issue 19): `v == nil` becomes `not v`, right for a GET reply,
// wrong where v is a boolean, which ARGV 0 makes false. lualint.go offers
// no fix then (testdata/src/fixes).
func TestProofSharedFix(t *testing.T) {
	c := redistest.Client(t)
	const head = "local v = ARGV[1] == '1'"
	for tail, want := range map[string]string{
		" if v == nil then return 'nil' end return 'set'": "set",
		" if not v then return 'nil' end return 'set'":    "nil",
	} {
		if r := c.MustEval(t, head+tail, nil, "0"); r.Str != want {
			t.Errorf("%q with ARGV 0 = %s, want %q", tail, r, want)
		}
	}
}
