package rules

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
)

// TestProofExpensiveCommand shows what the rule is not: every command it
// reports runs in a script without error (redis-facts C13), so its finding
// is advice. Bad and Good give the same answer; only Bad is flagged.
func TestProofExpensiveCommand(t *testing.T) {
	const id = "expensive-command"
	r := ByID(id)
	c := redistest.Client(t)
	seed := func() {
		c.MustDo(t, "DEL", "due", "ready")
		c.MustDo(t, "ZADD", "due", "1", "a", "2", "b", "30", "c")
	}
	seed()
	bad := c.MustEval(t, r.Doc.Bad, []string{"due", "ready"}, "10")
	seed()
	good := c.MustEval(t, r.Doc.Good, []string{"due", "ready"}, "10")
	if bad.Kind != redistest.Integer || bad.Int != 2 || good.Kind != redistest.Integer || good.Int != 2 {
		t.Errorf("Bad gave %s and Good %s, want 2 both", bad, good)
	}
	if n := len(cmdMessages(id, r.Doc.Bad, "")); n != 1 {
		t.Errorf("the Bad example gets %d findings, want 1", n)
	}
	if msgs := cmdMessages(id, r.Doc.Good, ""); len(msgs) != 0 {
		t.Errorf("the Good example is flagged: %q", msgs)
	}
	c.MustDo(t, "SADD", "set", "a", "b")
	c.MustDo(t, "RPUSH", "list", "a", "b")
	for _, src := range []string{
		"return redis.call('KEYS', '*')",
		"local cursor, n = '0', 0\nrepeat\n  local r = redis.call('SCAN', cursor)\n  cursor = r[1]\n  n = n + #r[2]\nuntil cursor == '0'\nreturn n",
		"return redis.call('SMEMBERS', 'set')",
		"return redis.call('LRANGE', 'list', 0, -1)",
		"return redis.call('ZRANGEBYSCORE', 'due', 0, '+inf')",
		"return redis.call('FLUSHDB')",
	} {
		if got := c.MustEval(t, src, nil); got.Kind == redistest.Error {
			t.Errorf("%q failed on Redis: %s", src, got)
		}
		if n := len(cmdMessages(id, src, "")); n != 1 {
			t.Errorf("%q: %d findings, want 1", src, n)
		}
	}
}
