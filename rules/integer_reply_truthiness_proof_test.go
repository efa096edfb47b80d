package rules

import "testing"

// TestProofIntegerReplyTruthiness: an integer reply of 0 is true in Lua
// (facts E19, E20), so the branch is taken whatever Redis answered.
func TestProofIntegerReplyTruthiness(t *testing.T) {
	const id = "integer-reply-truthiness"
	r := cat.ByID(id)
	if r == nil {
		t.Fatalf("no rule %s", id)
	}
	keys := []string{"proof:lock"}
	held := [][]string{{"SET", "proof:lock", "other"}}
	checkReplyRuleCases(t, id, []replyRuleCase{
		// A free lock: both acquire it.
		{src: r.Doc.Bad, keys: keys, args: []string{"me"}, want: `"acquired"`, flagged: true},
		{src: r.Doc.Good, keys: keys, args: []string{"me"}, want: `"acquired"`},
		// A held lock: SETNX replies 0, Bad still says acquired (and sets
		// an expiry on the other owner's lock); Good says busy.
		{src: r.Doc.Bad, keys: keys, args: []string{"me"}, setup: held, want: `"acquired"`, flagged: true},
		{src: r.Doc.Good, keys: keys, args: []string{"me"}, setup: held, want: `"busy"`},
		// On a missing key: EXISTS, SISMEMBER, DEL, EXPIRE, HSETNX all
		// reply 0 and are true.
		{src: "if redis.call('EXISTS', KEYS[1]) then return 'exists' end\nreturn 'missing'", keys: keys, want: `"exists"`, flagged: true},
		{src: "if redis.call('EXISTS', KEYS[1]) == 1 then return 'exists' end\nreturn 'missing'", keys: keys, want: `"missing"`},
		{src: "if not redis.call('SISMEMBER', KEYS[1], 'm') then return 'absent' end\nreturn 'member'", keys: keys, want: `"member"`, flagged: true},
		{src: "local n = redis.call('DEL', KEYS[1])\nassert(n)\nreturn n", keys: keys, want: "(integer) 0", flagged: true},
		{src: "return redis.call('EXPIRE', KEYS[1], 10) and 'expiring' or 'no key'", keys: keys, want: `"expiring"`, flagged: true},
		{src: "local set = redis.call('HSETNX', KEYS[1], 'f', 'v')\nif set then return 'set' end\nreturn 'kept'", keys: keys, setup: [][]string{{"HSET", "proof:lock", "f", "x"}}, want: `"set"`, flagged: true},
		// Through a local function.
		{src: "local function exists(k) return redis.call('EXISTS', k) end\nif exists(KEYS[1]) then return 'exists' end\nreturn 'missing'", keys: keys, want: `"exists"`, flagged: true},
		// Through a table's field function, a method, and a table field.
		{src: "local Store = {}\nfunction Store.exists(k) return redis.call('EXISTS', k) end\nif Store.exists(KEYS[1]) then return 'exists' end\nreturn 'missing'", keys: keys, want: `"exists"`, flagged: true},
		{src: "local Store = {}\nfunction Store.exists(k) return redis.call('EXISTS', k) end\nif Store.exists(KEYS[1]) == 1 then return 'exists' end\nreturn 'missing'", keys: keys, want: `"missing"`},
		{src: "local Q = {}\nQ.__index = Q\nfunction Q:paused() return redis.call('SISMEMBER', 'proof:lock', self.name) end\nlocal q = setmetatable({name = 'q1'}, Q)\nif q:paused() then return 'paused' end\nreturn 'running'", keys: keys, want: `"paused"`, flagged: true},
		{src: "local r = {}\nr.found = redis.call('EXISTS', KEYS[1])\nif r.found then return 'exists' end\nreturn 'missing'", keys: keys, want: `"exists"`, flagged: true},
		// SET ... NX replies null when the key is held: its truthiness is right.
		{src: "if redis.call('SET', KEYS[1], 'me', 'NX', 'EX', 10) then return 'acquired' end\nreturn 'busy'", keys: keys, setup: held, want: `"busy"`},
	})
}
