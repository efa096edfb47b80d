package rules

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
)

// TestProofReplyTypeCompare: == between a status reply and a string, a bulk
// reply and a number, an integer reply and a string or false is always
// false (facts E18, A3).
func TestProofReplyTypeCompare(t *testing.T) {
	const id = "reply-type-compare"
	r := cat.ByID(id)
	if r == nil {
		t.Fatalf("no rule %s", id)
	}
	keys := []string{"proof:k"}
	held := [][]string{{"SET", "proof:k", "other"}}
	ten := [][]string{{"SET", "proof:k", "10"}}
	hash := [][]string{{"HSET", "proof:k", "f", "1"}}
	cases := []replyRuleCase{
		// A free key: Bad sets it yet reports 0; Good reports 1. A held
		// key: both report 0.
		{src: r.Doc.Bad, keys: keys, args: []string{"me"}, want: "(integer) 0", flagged: true},
		{src: r.Doc.Good, keys: keys, args: []string{"me"}, want: "(integer) 1"},
		{src: r.Doc.Bad, keys: keys, args: []string{"me"}, setup: held, want: "(integer) 0", flagged: true},
		{src: r.Doc.Good, keys: keys, args: []string{"me"}, setup: held, want: "(integer) 0"},
		// A plain SET and TYPE.
		{src: "return tostring(redis.call('SET', KEYS[1], 'v') == 'OK')", keys: keys, want: `"false"`, flagged: true},
		{src: "return tostring(redis.call('SET', KEYS[1], 'v').ok == 'OK')", keys: keys, want: `"true"`},
		{src: "local t = redis.call('TYPE', KEYS[1])\nreturn tostring(t == 'hash')", keys: keys, setup: hash, want: `"false"`, flagged: true},
		{src: "local t = redis.call('TYPE', KEYS[1])\nreturn tostring(t.ok == 'hash')", keys: keys, setup: hash, want: `"true"`},
		// SET NX compared with SETNX's 0 (imi's lock): never equal, so the
		// holder's re-entry branch never runs; the truth test is right.
		{src: "local r = redis.call('SET', KEYS[1], ARGV[1], 'NX')\nif r == 0 then return 'held' end\nreturn 'free'", keys: keys, args: []string{"me"}, setup: held, want: `"free"`, flagged: true},
		{src: "local r = redis.call('SET', KEYS[1], ARGV[1], 'NX')\nif not r then return 'held' end\nreturn 'free'", keys: keys, args: []string{"me"}, setup: held, want: `"held"`},
		// A bulk string compared with a number, both orders.
		{src: "return tostring(redis.call('GET', KEYS[1]) == 10)", keys: keys, setup: ten, want: `"false"`, flagged: true},
		{src: "return tostring(10 == redis.call('GET', KEYS[1]))", keys: keys, setup: ten, want: `"false"`, flagged: true},
		{src: "local v = redis.call('GET', KEYS[1])\nreturn tostring(v == tonumber(ARGV[1]))", keys: keys, args: []string{"10"}, setup: ten, want: `"false"`, flagged: true},
		{src: "return tostring(redis.call('GET', KEYS[1]) == '10')", keys: keys, setup: ten, want: `"true"`},
		{src: "return tostring(tonumber(redis.call('GET', KEYS[1])) == 10)", keys: keys, setup: ten, want: `"true"`},
		// An integer compared with a string.
		{src: "return tostring(redis.call('EXISTS', KEYS[1]) == '1')", keys: keys, setup: ten, want: `"false"`, flagged: true},
		{src: "return tostring(redis.call('EXISTS', KEYS[1]) == 1)", keys: keys, setup: ten, want: `"true"`},
		// An integer compared with false (ergo's job cancel): LREM of a
		// member the list lacks is 0, never false.
		{src: "local n = redis.call('LREM', KEYS[1], 1, 'x')\nif n == false then return 'gone' end\nreturn 'kept'", keys: keys, want: `"kept"`, flagged: true},
		{src: "local n = redis.call('LREM', KEYS[1], 1, 'x')\nif n == 0 then return 'gone' end\nreturn 'kept'", keys: keys, want: `"gone"`},
	}
	lintReplyRuleCases(t, id, cases)
	onRedis(t, func(t *testing.T, c *redistest.Conn) {
		runReplyRuleCases(t, c, cases)
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
	if !flags(t, "reply-type-compare", bad) {
		t.Error("RESP2 ZSCORE == 1.5 is not flagged")
	}
	if flags(t, "reply-type-compare", "redis.setresp(3)\n"+bad) {
		t.Error("RESP3 ZSCORE compared with a number is flagged as a string comparison")
	}
	onRedis(t, func(t *testing.T, c *redistest.Conn) {
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
