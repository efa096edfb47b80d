package unboundedunpack_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofUnboundedUnpack runs the rule's examples on Redis (facts C12):
// with 7999 members the Bad example works, with 8000 it fails with 'too many
// results to unpack' and the write it made first is kept; the chunked Good
// example removes all 8000.
func TestProofUnboundedUnpack(t *testing.T) {
	rule := ruletest.Cat.ByID("unbounded-unpack")
	if !ruletest.Flags(t, rule.ID, rule.Doc.Bad) {
		t.Error("the Bad example is not flagged")
	}
	if ruletest.Flags(t, rule.ID, rule.Doc.Good) {
		t.Error("the Good example is flagged")
	}
	// unpack(ARGV): the caller's count decides.
	argv := "return redis.call('SADD', KEYS[1], unpack(ARGV))"
	if !ruletest.Flags(t, rule.ID, argv) {
		t.Error("unpack(ARGV) is not flagged")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		fill := "for i = 1, tonumber(ARGV[1]) do redis.call('ZADD', KEYS[1], i, 'm' .. i) end\nreturn redis.call('ZCARD', KEYS[1])"
		keys := []string{"proof:z", "proof:side"}

		if r := c.MustEval(t, fill, keys[:1], "7999"); r.Int != 7999 {
			t.Fatalf("fill gave %s", r)
		}
		if r := c.MustEval(t, rule.Doc.Bad, keys, "+inf"); r.Kind != redistest.Integer || r.Int != 7999 {
			t.Errorf("Bad with 7999 members gave %s, want 7999", r)
		}

		c.MustDo(t, "DEL", "proof:side")
		if r := c.MustEval(t, fill, keys[:1], "8000"); r.Int != 8000 {
			t.Fatalf("fill gave %s", r)
		}
		r := c.MustEval(t, rule.Doc.Bad, keys, "+inf")
		if r.Kind != redistest.Error || !strings.Contains(r.Str, "too many results to unpack") {
			t.Errorf("Bad with 8000 members gave %s, want 'too many results to unpack'", r)
		}
		if r := c.MustDo(t, "GET", "proof:side"); r.Str != "+inf" {
			t.Errorf("the write before the unpack was not kept: %s", r)
		}
		if r := c.MustDo(t, "ZCARD", "proof:z"); r.Int != 8000 {
			t.Errorf("ZCARD after the failure = %s, want 8000", r)
		}
		if r := c.MustEval(t, rule.Doc.Good, keys, "+inf"); r.Kind != redistest.Integer || r.Int != 8000 {
			t.Errorf("Good gave %s, want 8000", r)
		}
		if r := c.MustDo(t, "ZCARD", "proof:z"); r.Int != 0 {
			t.Errorf("ZCARD after Good = %s, want 0", r)
		}

		many := make([]string, 8000)
		for i := range many {
			many[i] = strconv.Itoa(i)
		}
		if r := c.MustEval(t, argv, []string{"proof:s"}, many[:7999]...); r.Kind != redistest.Integer || r.Int != 7999 {
			t.Errorf("unpack of 7999 ARGV gave %s", r)
		}
		if r := c.MustEval(t, argv, []string{"proof:s2"}, many...); r.Kind != redistest.Error || !strings.Contains(r.Str, "too many results to unpack") {
			t.Errorf("unpack of 8000 ARGV gave %s", r)
		}
	})
}

// TestProofUnpackEntriesPerElement: a table that gets two entries per
// element of a reply fails at half the elements (issue 13 item 7):
// bottleneck's submit.lua form (HMSET of two entries per HKEYS field)
// works with 3999 fields and fails with 4000, and the finding says 4000.
// The limit is on the table unpacked, not the reply: unpack checks the
// stack for as many values as it returns (Lua 5.1's luaB_unpack calls
// lua_checkstack, which refuses past LUAI_MAXCSTACK, 8000), so 7999
// entries work and 8000 fail, whatever the call around it.
func TestProofUnpackEntriesPerElement(t *testing.T) {
	const id = "unbounded-unpack"
	src := "local fields = redis.call('HKEYS', KEYS[1])\n" +
		"local reset = {}\n" +
		"for i = 1, #fields do\n" +
		"  reset[#reset + 1] = fields[i]\n" +
		"  reset[#reset + 1] = 0\n" +
		"end\n" +
		"return redis.call('HMSET', KEYS[2], unpack(reset))"
	msgs := ruletest.CmdMessages(id, src, "")
	if len(msgs) != 1 || !strings.Contains(msgs[0], "reaches 4000 elements") || !strings.Contains(msgs[0], "2 entries per element") {
		t.Errorf("findings %q, want one at 4000 elements, 2 entries per element", msgs)
	}
	// redis-semaphore's acquire: two ZADD arguments per permit, the count
	// from ARGV (reported one level lower: the caller decides).
	acquire := "local permits = tonumber(ARGV[1])\nlocal args = {}\n" +
		"for i = 0, permits - 1 do\n  table.insert(args, 1)\n  table.insert(args, 'id_' .. i)\nend\n" +
		"return redis.call('zadd', KEYS[1], unpack(args))"
	msgs = ruletest.CmdMessages(id, acquire, "")
	if len(msgs) != 1 || !strings.Contains(msgs[0], "runs 4000 times") {
		t.Errorf("findings %q, want one at 4000 rounds", msgs)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		fill := "for i = 1, tonumber(ARGV[1]) do redis.call('HSET', KEYS[1], 'client' .. i, i) end\nreturn redis.call('HLEN', KEYS[1])"
		keys := []string{"proof:clients", "proof:reset"}
		if r := c.MustEval(t, fill, keys[:1], "3999"); r.Int != 3999 {
			t.Fatalf("fill gave %s", r)
		}
		if r := c.MustEval(t, src, keys); r.Kind == redistest.Error {
			t.Errorf("3999 fields (7998 entries) gave %s, want OK", r)
		}
		if r := c.MustEval(t, fill, keys[:1], "4000"); r.Int != 4000 {
			t.Fatalf("fill gave %s", r)
		}
		if r := c.MustEval(t, src, keys); r.Kind != redistest.Error || !strings.Contains(r.Str, "too many results to unpack") {
			t.Errorf("4000 fields (8000 entries) gave %s, want 'too many results to unpack'", r)
		}

		if r := c.MustEval(t, acquire, []string{"proof:sem"}, "3999"); r.Kind != redistest.Integer || r.Int != 3999 {
			t.Errorf("3999 permits gave %s, want 3999", r)
		}
		if r := c.MustEval(t, acquire, []string{"proof:sem2"}, "4000"); r.Kind != redistest.Error || !strings.Contains(r.Str, "too many results to unpack") {
			t.Errorf("4000 permits gave %s, want 'too many results to unpack'", r)
		}
	})
}
