package lockwithoutexpiry_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofLockWithoutExpiry shows that the key the Bad example takes has
// no time to live (TTL -1) while the Good one expires, and that KEEPTTL with
// NX keeps no TTL either.
func TestProofLockWithoutExpiry(t *testing.T) {
	r := ruletest.Cat.ByID("lock-without-expiry")
	if !ruletest.FlaggedBy(r.ID, r.Doc.Bad) {
		t.Error("the Bad example is not flagged")
	}
	if ruletest.FlaggedBy(r.ID, r.Doc.Good) {
		t.Error("the Good example is flagged")
	}
	// The seed pitfall: a once-only guard (examples/12-setnx-no-expiry.lua)
	// and its fix (examples/03-setnx-expire.lua, with the same INCR).
	guard := "if redis.call('SETNX', KEYS[1], '1') == 1 then redis.call('INCR', KEYS[2]) return 1 end\nreturn 0"
	guardFixed := "if redis.call('SETNX', KEYS[1], '1') == 1 then redis.call('EXPIRE', KEYS[1], 86400) redis.call('INCR', KEYS[2]) return 1 end\nreturn 0"
	if !ruletest.FlaggedBy(r.ID, guard) {
		t.Error("the SETNX guard without expiry is not flagged")
	}
	if ruletest.FlaggedBy(r.ID, guardFixed) {
		t.Error("the SETNX guard with EXPIRE is flagged")
	}
	keep := "local lock_key = KEYS[1]\nreturn redis.call('SET', lock_key, ARGV[1], 'NX', 'KEEPTTL')"
	if !ruletest.FlaggedBy(r.ID, keep) {
		t.Error("SET NX KEEPTTL is not flagged")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		if got := c.MustEval(t, r.Doc.Bad, []string{"lock"}, "acquire", "owner"); got.Kind != redistest.Integer || got.Int != 1 {
			t.Fatalf("Bad gave %s, want 1 (taken)", got)
		}
		if got := c.MustDo(t, "TTL", "lock"); got.Kind != redistest.Integer || got.Int != -1 {
			t.Errorf("TTL after Bad is %s, want -1 (never expires)", got)
		}
		// The holder never releases it (it crashed): every later attempt fails.
		if got := c.MustEval(t, r.Doc.Bad, []string{"lock"}, "acquire", "other"); got.Kind != redistest.Integer || got.Int != 0 {
			t.Errorf("Bad again gave %s, want 0 (still held)", got)
		}
		if got := c.MustEval(t, r.Doc.Bad, []string{"lock"}, "release", "owner"); got.Kind != redistest.Integer || got.Int != 1 {
			t.Errorf("Bad's release by its owner gave %s, want 1", got)
		}

		if got := c.MustEval(t, r.Doc.Good, []string{"lock2"}, "acquire", "owner", "60000"); got.Kind != redistest.Integer || got.Int != 1 {
			t.Fatalf("Good gave %s, want 1 (taken)", got)
		}
		if got := c.MustDo(t, "PTTL", "lock2"); got.Kind != redistest.Integer || got.Int <= 0 || got.Int > 60000 {
			t.Errorf("PTTL after Good is %s, want a positive TTL up to 60000", got)
		}
		if got := c.MustEval(t, r.Doc.Good, []string{"lock2"}, "release", "owner"); got.Kind != redistest.Integer || got.Int != 1 {
			t.Errorf("Good's release by its owner gave %s, want 1", got)
		}

		if got := c.MustEval(t, guard, []string{"once", "count"}); got.Kind != redistest.Integer || got.Int != 1 {
			t.Fatalf("the guard's first run gave %s, want 1", got)
		}
		if got := c.MustDo(t, "TTL", "once"); got.Kind != redistest.Integer || got.Int != -1 {
			t.Errorf("TTL after the SETNX guard is %s, want -1 (never expires)", got)
		}
		if got := c.MustEval(t, guard, []string{"once", "count"}); got.Kind != redistest.Integer || got.Int != 0 {
			t.Errorf("the guard's second run gave %s, want 0 (no later run gets past it)", got)
		}
		if got := c.MustEval(t, guardFixed, []string{"once2", "count"}); got.Kind != redistest.Integer || got.Int != 1 {
			t.Fatalf("the fixed guard's first run gave %s, want 1", got)
		}
		if got := c.MustDo(t, "TTL", "once2"); got.Kind != redistest.Integer || got.Int <= 0 || got.Int > 86400 {
			t.Errorf("TTL after the fixed guard is %s, want a positive TTL up to 86400", got)
		}

		c.MustEval(t, keep, []string{"lock3"}, "owner")
		if got := c.MustDo(t, "TTL", "lock3"); got.Kind != redistest.Integer || got.Int != -1 {
			t.Errorf("TTL after SET NX KEEPTTL is %s, want -1", got)
		}
	})
}
