package replytypecompare_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofReplyTypeCompare: == between a status reply and a string, a bulk
// reply and a number, an integer reply and a string or false is always
// false (facts E18, A3).
func TestProofReplyTypeCompare(t *testing.T) {
	const id = "reply-type-compare"
	r := ruletest.Cat.ByID(id)
	if r == nil {
		t.Fatalf("no rule %s", id)
	}
	keys := []string{"proof:k"}
	held := [][]string{{"SET", "proof:k", "other"}}
	ten := [][]string{{"SET", "proof:k", "10"}}
	hash := [][]string{{"HSET", "proof:k", "f", "1"}}
	cases := []ruletest.ReplyRuleCase{
		// A free key: Bad sets it yet reports 0; Good reports 1. A held
		// key: both report 0.
		{Src: r.Doc.Bad, Keys: keys, Args: []string{"me"}, Want: "(integer) 0", Flagged: true},
		{Src: r.Doc.Good, Keys: keys, Args: []string{"me"}, Want: "(integer) 1"},
		{Src: r.Doc.Bad, Keys: keys, Args: []string{"me"}, Setup: held, Want: "(integer) 0", Flagged: true},
		{Src: r.Doc.Good, Keys: keys, Args: []string{"me"}, Setup: held, Want: "(integer) 0"},
		// A plain SET and TYPE.
		{Src: "return tostring(redis.call('SET', KEYS[1], 'v') == 'OK')", Keys: keys, Want: `"false"`, Flagged: true},
		{Src: "return tostring(redis.call('SET', KEYS[1], 'v').ok == 'OK')", Keys: keys, Want: `"true"`},
		{Src: "local t = redis.call('TYPE', KEYS[1])\nreturn tostring(t == 'hash')", Keys: keys, Setup: hash, Want: `"false"`, Flagged: true},
		{Src: "local t = redis.call('TYPE', KEYS[1])\nreturn tostring(t.ok == 'hash')", Keys: keys, Setup: hash, Want: `"true"`},
		// SET NX compared with SETNX's 0 (imi's lock): never equal, so the
		// holder's re-entry branch never runs; the truth test is right.
		{Src: "local r = redis.call('SET', KEYS[1], ARGV[1], 'NX')\nif r == 0 then return 'held' end\nreturn 'free'", Keys: keys, Args: []string{"me"}, Setup: held, Want: `"free"`, Flagged: true},
		{Src: "local r = redis.call('SET', KEYS[1], ARGV[1], 'NX')\nif not r then return 'held' end\nreturn 'free'", Keys: keys, Args: []string{"me"}, Setup: held, Want: `"held"`},
		// A bulk string compared with a number, both orders.
		{Src: "return tostring(redis.call('GET', KEYS[1]) == 10)", Keys: keys, Setup: ten, Want: `"false"`, Flagged: true},
		{Src: "return tostring(10 == redis.call('GET', KEYS[1]))", Keys: keys, Setup: ten, Want: `"false"`, Flagged: true},
		{Src: "local v = redis.call('GET', KEYS[1])\nreturn tostring(v == tonumber(ARGV[1]))", Keys: keys, Args: []string{"10"}, Setup: ten, Want: `"false"`, Flagged: true},
		{Src: "return tostring(redis.call('GET', KEYS[1]) == '10')", Keys: keys, Setup: ten, Want: `"true"`},
		{Src: "return tostring(tonumber(redis.call('GET', KEYS[1])) == 10)", Keys: keys, Setup: ten, Want: `"true"`},
		// An integer compared with a string.
		{Src: "return tostring(redis.call('EXISTS', KEYS[1]) == '1')", Keys: keys, Setup: ten, Want: `"false"`, Flagged: true},
		{Src: "return tostring(redis.call('EXISTS', KEYS[1]) == 1)", Keys: keys, Setup: ten, Want: `"true"`},
		// An integer compared with false (ergo's job cancel): LREM of a
		// member the list lacks is 0, never false.
		{Src: "local n = redis.call('LREM', KEYS[1], 1, 'x')\nif n == false then return 'gone' end\nreturn 'kept'", Keys: keys, Want: `"kept"`, Flagged: true},
		{Src: "local n = redis.call('LREM', KEYS[1], 1, 'x')\nif n == 0 then return 'gone' end\nreturn 'kept'", Keys: keys, Want: `"gone"`},
	}
	ruletest.LintReplyRuleCases(t, id, cases)
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		ruletest.RunReplyRuleCases(t, c, cases)
		// Bad did take the free key it reported as not taken.
		c.MustDo(t, "FLUSHALL")
		c.MustEval(t, r.Doc.Bad, keys, "me")
		if got := c.MustDo(t, "GET", keys[0]); got.Str != "me" {
			t.Errorf("after Bad on a free key, GET gave %s, want \"me\"", got)
		}
	})
}

// TestProofDoubleReplyRESP3 proves the model's reading of double replies:
// a string in RESP2 (so `== 1.5` is always false, and flagged), a table
// {double=...} once the script calls redis.setresp(3) (so the string rule
// does not apply, and is silent).
func TestProofDoubleReplyRESP3(t *testing.T) {
	bad := "return redis.call('ZSCORE', KEYS[1], 'm') == 1.5"
	if !ruletest.Flags(t, "reply-type-compare", bad) {
		t.Error("RESP2 ZSCORE == 1.5 is not flagged")
	}
	if ruletest.Flags(t, "reply-type-compare", "redis.setresp(3)\n"+bad) {
		t.Error("RESP3 ZSCORE compared with a number is flagged as a string comparison")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		c.MustDo(t, "ZADD", "proof:z", "1.5", "m")
		resp2 := "return type(redis.call('ZSCORE', KEYS[1], 'm'))"
		resp3 := "redis.setresp(3)\nreturn type(redis.call('ZSCORE', KEYS[1], 'm'))"
		if r := c.MustEval(t, resp2, []string{"proof:z"}); r.Str != "string" {
			t.Errorf("RESP2 ZSCORE type: %s", r)
		}
		if r := c.MustEval(t, resp3, []string{"proof:z"}); r.Str != "table" {
			t.Errorf("RESP3 ZSCORE type: %s", r)
		}
	})
}
