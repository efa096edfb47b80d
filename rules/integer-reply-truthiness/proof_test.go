package integerreplytruthiness_test

import (
	"github.com/lint-lua/lint-lua/rules/ruletest"
	"testing"
)

// TestProofIntegerReplyTruthiness: an integer reply of 0 is true in Lua
// (facts E19, E20), so the branch is taken whatever Redis answered.
func TestProofIntegerReplyTruthiness(t *testing.T) {
	const id = "integer-reply-truthiness"
	r := ruletest.Cat.ByID(id)
	if r == nil {
		t.Fatalf("no rule %s", id)
	}
	keys := []string{"proof:lock"}
	held := [][]string{{"SET", "proof:lock", "other"}}
	ruletest.CheckReplyRuleCases(t, id, []ruletest.ReplyRuleCase{
		// A free lock: both acquire it.
		{Src: r.Doc.Bad, Keys: keys, Args: []string{"me"}, Want: `"acquired"`, Flagged: true},
		{Src: r.Doc.Good, Keys: keys, Args: []string{"me"}, Want: `"acquired"`},
		// A held lock: SETNX replies 0, Bad still says acquired (and sets
		// an expiry on the other owner's lock); Good says busy.
		{Src: r.Doc.Bad, Keys: keys, Args: []string{"me"}, Setup: held, Want: `"acquired"`, Flagged: true},
		{Src: r.Doc.Good, Keys: keys, Args: []string{"me"}, Setup: held, Want: `"busy"`},
		// On a missing key: EXISTS, SISMEMBER, DEL, EXPIRE, HSETNX all
		// reply 0 and are true.
		{Src: "if redis.call('EXISTS', KEYS[1]) then return 'exists' end\nreturn 'missing'", Keys: keys, Want: `"exists"`, Flagged: true},
		{Src: "if redis.call('EXISTS', KEYS[1]) == 1 then return 'exists' end\nreturn 'missing'", Keys: keys, Want: `"missing"`},
		{Src: "if not redis.call('SISMEMBER', KEYS[1], 'm') then return 'absent' end\nreturn 'member'", Keys: keys, Want: `"member"`, Flagged: true},
		{Src: "local n = redis.call('DEL', KEYS[1])\nassert(n)\nreturn n", Keys: keys, Want: "(integer) 0", Flagged: true},
		{Src: "return redis.call('EXPIRE', KEYS[1], 10) and 'expiring' or 'no key'", Keys: keys, Want: `"expiring"`, Flagged: true},
		{Src: "local set = redis.call('HSETNX', KEYS[1], 'f', 'v')\nif set then return 'set' end\nreturn 'kept'", Keys: keys, Setup: [][]string{{"HSET", "proof:lock", "f", "x"}}, Want: `"set"`, Flagged: true},
		// Through a local function.
		{Src: "local function exists(k) return redis.call('EXISTS', k) end\nif exists(KEYS[1]) then return 'exists' end\nreturn 'missing'", Keys: keys, Want: `"exists"`, Flagged: true},
		// Through a table's field function, a method, and a table field.
		{Src: "local Store = {}\nfunction Store.exists(k) return redis.call('EXISTS', k) end\nif Store.exists(KEYS[1]) then return 'exists' end\nreturn 'missing'", Keys: keys, Want: `"exists"`, Flagged: true},
		{Src: "local Store = {}\nfunction Store.exists(k) return redis.call('EXISTS', k) end\nif Store.exists(KEYS[1]) == 1 then return 'exists' end\nreturn 'missing'", Keys: keys, Want: `"missing"`},
		{Src: "local Q = {}\nQ.__index = Q\nfunction Q:paused() return redis.call('SISMEMBER', 'proof:lock', self.name) end\nlocal q = setmetatable({name = 'q1'}, Q)\nif q:paused() then return 'paused' end\nreturn 'running'", Keys: keys, Want: `"paused"`, Flagged: true},
		{Src: "local r = {}\nr.found = redis.call('EXISTS', KEYS[1])\nif r.found then return 'exists' end\nreturn 'missing'", Keys: keys, Want: `"exists"`, Flagged: true},
		// SET ... NX replies null when the key is held: its truthiness is right.
		{Src: "if redis.call('SET', KEYS[1], 'me', 'NX', 'EX', 10) then return 'acquired' end\nreturn 'busy'", Keys: keys, Setup: held, Want: `"busy"`},
	})
}
