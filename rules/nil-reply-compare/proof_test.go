package nilreplycompare_test

import (
	"github.com/lint-lua/lint-lua/rules/ruletest"
	"testing"
)

// TestProofNilReplyCompare: in RESP2 a null reply is false, so `== nil`
// never takes the missing branch (facts A1); after redis.setresp(3) it does.
func TestProofNilReplyCompare(t *testing.T) {
	const id = "nil-reply-compare"
	r := ruletest.Cat.ByID(id)
	if r == nil {
		t.Fatalf("no rule %s", id)
	}
	keys := []string{"proof:h"}
	withField := [][]string{{"HSET", "proof:h", "count", "7"}}
	ruletest.CheckReplyRuleCases(t, id, []ruletest.ReplyRuleCase{
		// Missing field: Bad never reaches 'missing' and returns false (nil
		// to the client); Good does.
		{Src: r.Doc.Bad, Keys: keys, Want: "(nil)", Flagged: true},
		{Src: r.Doc.Good, Keys: keys, Want: `"missing"`},
		{Src: r.Doc.Bad, Keys: keys, Setup: withField, Want: `"7"`, Flagged: true},
		{Src: r.Doc.Good, Keys: keys, Setup: withField, Want: `"7"`},
		// The comparison itself, both orders.
		{Src: "return tostring(redis.call('HGET', KEYS[1], 'count') == nil)", Keys: keys, Want: `"false"`, Flagged: true},
		{Src: "return tostring(nil == redis.call('GET', KEYS[1]))", Keys: keys, Want: `"false"`, Flagged: true},
		{Src: "local v = redis.call('LPOP', KEYS[1])\nif v ~= nil then return 'popped' end\nreturn 'empty'", Keys: keys, Want: `"popped"`, Flagged: true},
		// An empty array is a table: ~= nil always holds.
		{Src: "if redis.call('ZRANGE', KEYS[1], 0, -1) ~= nil then return 'found' end\nreturn 'none'", Keys: keys, Want: `"found"`, Flagged: true},
		{Src: "if #redis.call('ZRANGE', KEYS[1], 0, -1) == 0 then return 'none' end\nreturn 'found'", Keys: keys, Want: `"none"`},
		// The right tests.
		{Src: "return tostring(redis.call('HGET', KEYS[1], 'count') == false)", Keys: keys, Want: `"true"`},
		{Src: "return tostring(tonumber(redis.call('GET', KEYS[1])) == nil)", Keys: keys, Want: `"true"`},
		// RESP3: the null reply is nil, and == nil is right.
		{Src: "redis.setresp(3)\nlocal v = redis.call('HGET', KEYS[1], 'count')\nif v == nil then return 'missing' end\nreturn v", Keys: keys, Want: `"missing"`},
	})
}
