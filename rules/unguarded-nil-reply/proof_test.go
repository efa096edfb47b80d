package unguardednilreply_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

func TestProofUnguardedNilReply(t *testing.T) {
	const id = "unguarded-nil-reply"
	r := ruletest.Cat.ByID(id)
	if r == nil {
		t.Fatalf("no rule %s", id)
	}
	if n := len(ruletest.OperandFindings(id, r.Doc.Bad)); n != 1 {
		t.Errorf("the Bad example gets %d findings, want 1", n)
	}
	if msgs := ruletest.OperandFindings(id, r.Doc.Good); len(msgs) != 0 {
		t.Errorf("the Good example is flagged: %q", msgs)
	}
	const badErr = "attempt to compare number with nil"
	ruletest.OperandQuotes(t, id, r.Doc.Bad, badErr)
	// The other forms the rule reports, on a missing key.
	failing := []struct{ src, err string }{
		{"return redis.call('GET', KEYS[1]) + 1", "attempt to perform arithmetic on a boolean value"},
		{"local v = redis.call('GET', KEYS[1])\nreturn v * 2", "attempt to perform arithmetic on local 'v' (a boolean value)"},
		{"local n = tonumber(redis.call('GET', KEYS[1]))\nreturn 1 + n", "attempt to perform arithmetic on local 'n' (a nil value)"},
		{"return tonumber(redis.call('HGET', KEYS[1], 'f')) < 5", "attempt to compare nil with number"},
		{"return -redis.call('LINDEX', KEYS[1], 0)", "attempt to perform arithmetic on a boolean value"},
		{"return redis.call('ZRANK', KEYS[1], 'm') > 3", "attempt to compare number with boolean"},
		{"return redis.call('GET', KEYS[1]) > ARGV[1]", "attempt to compare string with boolean"},
		{"local v = redis.call('GET', KEYS[1])\nlocal function f() return v + 1 end\nreturn f()", "attempt to perform arithmetic on upvalue 'v' (a boolean value)"},
		// Elements of HMGET are false for each missing field, and a
		// concatenation fails on a null as arithmetic does.
		{"local v = redis.call('HMGET', KEYS[1], 'a', 'b')\nreturn v[1] + 1", "attempt to perform arithmetic on field '?' (a boolean value)"},
		{"return 'job:' .. redis.call('HGET', KEYS[1], 'g')", "attempt to concatenate a boolean value"},
		{"local a, b = unpack(redis.call('HMGET', KEYS[1], 'a', 'b'))\nreturn a .. 'x'", "attempt to concatenate local 'a' (a boolean value)"},
		// RESP3: the null reply is nil, and still fails.
		{"redis.setresp(3)\nlocal v = redis.call('GET', KEYS[1])\nreturn v + 1", "attempt to perform arithmetic on local 'v' (a nil value)"},
		// The string library refuses false and nil (%s too, in Lua
		// 5.1), and a method call indexes the value.
		{"local v = redis.call('GET', KEYS[1])\nreturn string.len(v)", "bad argument #1 to 'len' (string expected, got boolean)"},
		{"local v = redis.call('GET', KEYS[1])\nreturn string.sub(v, 1, 2)", "bad argument #1 to 'sub' (string expected, got boolean)"},
		{"return string.rep(redis.call('HGET', KEYS[1], 'f'), 2)", "bad argument #1 to 'rep' (string expected, got boolean)"},
		{"return string.upper(redis.call('LPOP', KEYS[1]))", "bad argument #1 to 'upper' (string expected, got boolean)"},
		{"local n = tonumber(redis.call('GET', KEYS[1]))\nreturn string.rep('x', n)", "bad argument #2 to 'rep' (number expected, got nil)"},
		{"local v = redis.call('GET', KEYS[1])\nreturn string.format('%d', v)", "bad argument #2 to 'format' (number expected, got boolean)"},
		{"local v = redis.call('GET', KEYS[1])\nreturn string.format('id=%s', v)", "bad argument #2 to 'format' (string expected, got boolean)"},
		{"local v = redis.call('GET', KEYS[1])\nreturn v:upper()", "attempt to index local 'v' (a boolean value)"},
		{"return redis.call('GET', KEYS[1]):sub(1, 2)", "attempt to index a boolean value"},
	}
	for _, tc := range failing {
		ruletest.OperandQuotes(t, id, tc.src, tc.err)
	}
	// Guarded forms: silent, and they run on a missing key.
	guarded := []string{
		"local n = tonumber(redis.call('GET', KEYS[1]) or 0)\nreturn n + 1",
		"local v = redis.call('GET', KEYS[1])\nif not v then return 0 end\nreturn v + 1",
		"local v = redis.call('GET', KEYS[1])\nif v == false then return 0 end\nreturn v + 1",
		"local s = redis.call('GET', KEYS[1]) or '0'\nreturn s + 1",
		"local t = redis.call('GET', KEYS[1])\nif t and tonumber(t) > 0 then return 1 end\nreturn 0",
		"return redis.call('INCR', KEYS[1]) + redis.call('LLEN', KEYS[2]) + redis.call('HINCRBY', KEYS[3], 'f', 1)",
		// What the path knows: a test of existence, a write before the
		// read, a test of the element.
		"if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end\nreturn redis.call('GET', KEYS[1]) + 1",
		"redis.call('ZADD', KEYS[2], 1, 'm')\nreturn redis.call('ZSCORE', KEYS[2], 'm') + 1",
		"local v = redis.call('HMGET', KEYS[3], 'a')\nif not v[1] then return 0 end\nreturn v[1] + 1",
		"local v = redis.call('GET', KEYS[1])\nlocal n = tonumber(v)\nif v then return n + 1 end\nreturn 0",
		"local v = redis.call('GET', KEYS[1])\nif not v then return 0 end\nreturn string.len(v)",
		"local v = redis.call('GET', KEYS[1]) or ''\nreturn v:upper() .. string.format('%s', v)",
		"local v = redis.call('GET', KEYS[1])\nif v then return v:sub(1, 2) end\nreturn tostring(v)",
	}
	for _, src := range guarded {
		if msgs := ruletest.OperandFindings(id, src); len(msgs) != 0 {
			t.Errorf("%q is flagged: %q", src, msgs)
		}
	}
	// A raw bulk-string reply compared with a number fails whatever it
	// holds: string-number-compare reports it, this rule does not.
	raw := "return redis.call('GET', KEYS[1]) > 0"
	if msgs := ruletest.OperandFindings(id, raw); len(msgs) != 0 {
		t.Errorf("%q is flagged by %s: %q", raw, id, msgs)
	}
	if msgs := ruletest.OperandFindings("string-number-compare", raw); len(msgs) != 1 {
		t.Errorf("%q: string-number-compare gives %q, want 1 finding", raw, msgs)
	}

	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:stock"}
		// Missing key: Bad raises, Good answers 0 and creates nothing.
		ruletest.OperandEvalError(t, c, r.Doc.Bad, keys, nil, badErr)
		if got := c.MustEval(t, r.Doc.Good, keys); got.Kind != redistest.Integer || got.Int != 0 {
			t.Errorf("Good on a missing key gave %s, want 0", got)
		}
		if got := c.MustDo(t, "EXISTS", keys[0]); got.Int != 0 {
			t.Errorf("Good created the stock key")
		}
		// Key set: both sell one.
		c.MustDo(t, "SET", keys[0], "2")
		for _, src := range []string{r.Doc.Bad, r.Doc.Good} {
			if got := c.MustEval(t, src, keys); got.Kind != redistest.Integer || got.Int != 1 {
				t.Errorf("%q with stock 2 gave %s, want 1", src, got)
			}
		}
		if got := c.MustDo(t, "GET", keys[0]); got.Str != "0" {
			t.Errorf("stock after two sales = %s, want \"0\"", got)
		}
		c.MustDo(t, "DEL", keys[0])
		for _, tc := range failing {
			ruletest.OperandEvalError(t, c, tc.src, keys, []string{"5"}, tc.err)
		}
		for _, src := range guarded {
			c.MustDo(t, "DEL", "proof:stock", "proof:b", "proof:c")
			if got := c.MustEval(t, src, []string{"proof:stock", "proof:b", "proof:c"}); got.Kind == redistest.Error {
				t.Errorf("%q failed: %s", src, got)
			}
		}
		c.MustDo(t, "DEL", keys[0])
		if got := c.MustEval(t, raw, keys); !strings.Contains(got.Str, "attempt to compare number with boolean") {
			t.Errorf("%q on a missing key gave %s", raw, got)
		}
	})
}

// TestProofRemovals proves the model's table of what writes remove
// (internal/model/present.go, removals), which decides when a read after a
// write is "removed before this read": RENAME always moves the old key,
// RENAMENX keeps it when the new name exists (it replies 0), so it is not
// a removal; EXPIRE with a time of 0 replies 1 exactly when it deleted a
// key that was there, and 0 for a missing key. The fixture
// rules/unguarded-nil-reply/testdata/removals.lua holds the lint side.
func TestProofRemovals(t *testing.T) {
	const id = "unguarded-nil-reply"
	after := func(write string) string {
		return "redis.call(" + write + ")\nreturn redis.call('GET', KEYS[1]) + 1"
	}
	renamed, renamedIfFree := after("'RENAME', KEYS[1], KEYS[2]"), after("'RENAMENX', KEYS[1], KEYS[2]")
	if msgs := ruletest.RuleFindings(id, renamed); len(msgs) != 1 || !strings.Contains(msgs[0], "the script removes it before this read") {
		t.Errorf("after RENAME: %q, want the read reported as after a removal", msgs)
	}
	if msgs := ruletest.RuleFindings(id, renamedIfFree); len(msgs) == 1 && strings.Contains(msgs[0], "removes it") {
		t.Errorf("after RENAMENX: %q, which does not always remove", msgs)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:old", "proof:new"}
		c.MustDo(t, "SET", "proof:old", "1")
		c.MustDo(t, "SET", "proof:new", "2")
		if r := c.MustDo(t, "RENAMENX", "proof:old", "proof:new"); r.Kind != redistest.Integer || r.Int != 0 {
			t.Errorf("RENAMENX onto an existing name replied %s, want 0", r)
		}
		if r := c.MustEval(t, renamedIfFree, keys); r.Kind != redistest.Integer || r.Int != 2 {
			t.Errorf("GET after a refused RENAMENX: %s, want 2 (the old key kept)", r)
		}
		if r := c.MustEval(t, renamed, keys); r.Kind != redistest.Error || !strings.Contains(r.Str, "attempt to perform arithmetic on a boolean value") {
			t.Errorf("GET after RENAME: %s, want the arithmetic on a null to fail", r)
		}
		c.MustDo(t, "SET", "proof:old", "1")
		if r := c.MustDo(t, "EXPIRE", "proof:old", "0"); r.Kind != redistest.Integer || r.Int != 1 {
			t.Errorf("EXPIRE 0 of a present key replied %s, want 1", r)
		}
		if r := c.MustDo(t, "EXISTS", "proof:old"); r.Int != 0 {
			t.Errorf("the key is still there after EXPIRE 0: EXISTS %s", r)
		}
		if r := c.MustDo(t, "EXPIRE", "proof:old", "0"); r.Kind != redistest.Integer || r.Int != 0 {
			t.Errorf("EXPIRE 0 of a missing key replied %s, want 0", r)
		}
	})
}

// TestProofKeyInitialised proves the model's field invariants
// (internal/model/present.go, fieldInvariants): a script that writes fields
// of a hash when EXISTS finds it missing reads them back on that run and on
// every later run, so those reads are not reported; a field the missing-key
// path does not write is null on the run that created the key, and is. The
// fixture rules/unguarded-nil-reply/testdata/key_initialised.lua holds more
// forms.
func TestProofKeyInitialised(t *testing.T) {
	const id = "unguarded-nil-reply"
	const init = "local k = KEYS[1]\nif redis.call('EXISTS', k) == 0 then\n" +
		"  redis.call('HSET', k, 'rate', ARGV[1], 'burst', ARGV[2])\nend\n"
	good := []string{
		init + "return tonumber(redis.call('HGET', k, 'rate')) * 2 + tonumber(redis.call('HGET', k, 'burst'))",
		// A boolean that holds the fields' presence, tested before use.
		"local v = redis.call('HMGET', KEYS[1], 'rate', 'burst')\nlocal rate, burst = tonumber(v[1]), tonumber(v[2])\n" +
			"local active = rate ~= nil and burst ~= nil\nif not active then return -1 end\nreturn rate * 2 + burst",
	}
	const bad = init + "return tonumber(redis.call('HGET', k, 'tokens')) + 1"
	const badErr = "attempt to perform arithmetic on a nil value"
	for _, src := range good {
		if msgs := ruletest.OperandFindings(id, src); len(msgs) != 0 {
			t.Errorf("%q is flagged: %q", src, msgs)
		}
	}
	ruletest.OperandQuotes(t, id, bad, badErr)
	if msgs := ruletest.OperandFindings(id, bad); len(msgs) == 1 && !strings.Contains(msgs[0], "creates the hash without this field") {
		t.Errorf("%q: %q does not say the script creates the hash without the field", bad, msgs)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:limits"}
		if r := c.MustDo(t, "EXISTS", keys[0]); r.Kind != redistest.Integer || r.Int != 0 {
			t.Fatalf("EXISTS of a missing key replied %s, want 0", r)
		}
		// The run that creates the key, and a later one that finds it.
		for run := 1; run <= 2; run++ {
			if r := c.MustEval(t, good[0], keys, "5", "3"); r.Kind != redistest.Integer || r.Int != 13 {
				t.Errorf("run %d of the initialising script gave %s, want 13", run, r)
			}
		}
		if r := c.MustEval(t, good[1], keys); r.Kind != redistest.Integer || r.Int != 13 {
			t.Errorf("the boolean guard on a filled hash gave %s, want 13", r)
		}
		c.MustDo(t, "DEL", keys[0])
		if r := c.MustEval(t, good[1], keys); r.Kind != redistest.Integer || r.Int != -1 {
			t.Errorf("the boolean guard on a missing hash gave %s, want -1", r)
		}
		// The field the missing-key path does not write: null on the run
		// that created the key, and on every run after it.
		for run := 1; run <= 2; run++ {
			ruletest.OperandEvalError(t, c, bad, keys, []string{"5", "3"}, badErr)
		}
	})
}

// TestProofListedKeyNull: an index (a set of ids) outlives a record it
// names; MEMORY USAGE of that record's key replies null, which the script
// handles for the keys KEYS lists and not for those of the index, where the
// sum fails. With the reply defaulted it works.
func TestProofListedKeyNull(t *testing.T) {
	const id = "unguarded-nil-reply"
	const head = "local total = 0\n" +
		"for _, k in ipairs(redis.call('KEYS', ARGV[1])) do\n" +
		"  local bytes = redis.call('MEMORY', 'USAGE', k)\n" +
		"  if bytes then total = total + bytes end\n" +
		"end\n" +
		"for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do\n"
	bad := head + "  total = total + redis.call('MEMORY', 'USAGE', 'proof:job:' .. id)\nend\nreturn total"
	good := head + "  total = total + (redis.call('MEMORY', 'USAGE', 'proof:job:' .. id) or 0)\nend\nreturn total"
	const wantErr = "attempt to perform arithmetic on a boolean value"
	ruletest.OperandQuotes(t, id, bad, wantErr)
	if msgs := ruletest.OperandFindings(id, good); len(msgs) != 0 {
		t.Errorf("the defaulted form is flagged: %q", msgs)
	}
	// Without the script's own handling of a null MEMORY USAGE, nothing
	// in it says the index can be stale: silent.
	alone := "local total = 0\nfor _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do\n  total = total + redis.call('MEMORY', 'USAGE', 'proof:job:' .. id)\nend\nreturn total"
	if msgs := ruletest.OperandFindings(id, alone); len(msgs) != 0 {
		t.Errorf("the form with no handling is flagged: %q", msgs)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:jobs"}
		c.MustDo(t, "DEL", "proof:jobs", "proof:job:1", "proof:job:2")
		c.MustDo(t, "SET", "proof:job:1", "payload")
		c.MustDo(t, "SADD", "proof:jobs", "1", "2") // job 2 is gone
		if got := c.MustEval(t, "return redis.call('MEMORY', 'USAGE', KEYS[1])", []string{"proof:job:2"}); !got.Nil {
			t.Errorf("MEMORY USAGE of a missing key gave %s, want null", got)
		}
		ruletest.OperandEvalError(t, c, bad, keys, []string{"proof:job:*"}, wantErr)
		if got := c.MustEval(t, good, keys, "proof:job:*"); got.Kind != redistest.Integer || got.Int <= 0 {
			t.Errorf("the defaulted form gave %s, want the bytes of job 1 counted twice", got)
		}
		c.MustDo(t, "DEL", "proof:jobs", "proof:job:1")
	})
}
