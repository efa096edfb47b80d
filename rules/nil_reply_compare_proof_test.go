package rules

import "testing"

// TestProofNilReplyCompare: in RESP2 a null reply is false, so `== nil`
// never takes the missing branch (facts A1); after redis.setresp(3) it does.
func TestProofNilReplyCompare(t *testing.T) {
	const id = "nil-reply-compare"
	r := cat.ByID(id)
	if r == nil {
		t.Fatalf("no rule %s", id)
	}
	keys := []string{"proof:h"}
	withField := [][]string{{"HSET", "proof:h", "count", "7"}}
	checkReplyRuleCases(t, id, []replyRuleCase{
		// Missing field: Bad never reaches 'missing' and returns false (nil
		// to the client); Good does.
		{src: r.Doc.Bad, keys: keys, want: "(nil)", flagged: true},
		{src: r.Doc.Good, keys: keys, want: `"missing"`},
		{src: r.Doc.Bad, keys: keys, setup: withField, want: `"7"`, flagged: true},
		{src: r.Doc.Good, keys: keys, setup: withField, want: `"7"`},
		// The comparison itself, both orders.
		{src: "return tostring(redis.call('HGET', KEYS[1], 'count') == nil)", keys: keys, want: `"false"`, flagged: true},
		{src: "return tostring(nil == redis.call('GET', KEYS[1]))", keys: keys, want: `"false"`, flagged: true},
		{src: "local v = redis.call('LPOP', KEYS[1])\nif v ~= nil then return 'popped' end\nreturn 'empty'", keys: keys, want: `"popped"`, flagged: true},
		// An empty array is a table: ~= nil always holds.
		{src: "if redis.call('ZRANGE', KEYS[1], 0, -1) ~= nil then return 'found' end\nreturn 'none'", keys: keys, want: `"found"`, flagged: true},
		{src: "if #redis.call('ZRANGE', KEYS[1], 0, -1) == 0 then return 'none' end\nreturn 'found'", keys: keys, want: `"none"`},
		// The right tests.
		{src: "return tostring(redis.call('HGET', KEYS[1], 'count') == false)", keys: keys, want: `"true"`},
		{src: "return tostring(tonumber(redis.call('GET', KEYS[1])) == nil)", keys: keys, want: `"true"`},
		// RESP3: the null reply is nil, and == nil is right.
		{src: "redis.setresp(3)\nlocal v = redis.call('HGET', KEYS[1], 'count')\nif v == nil then return 'missing' end\nreturn v", keys: keys, want: `"missing"`},
	})
}
