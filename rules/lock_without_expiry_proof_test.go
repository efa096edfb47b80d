package rules

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
)

// TestProofLockWithoutExpiry shows that the key the Bad example takes has
// no time to live (TTL -1) while the Good one expires, and that KEEPTTL with
// NX keeps no TTL either.
func TestProofLockWithoutExpiry(t *testing.T) {
	r := ByID("lock-without-expiry")
	if !flaggedBy(r.ID, r.Doc.Bad) {
		t.Error("the Bad example is not flagged")
	}
	if flaggedBy(r.ID, r.Doc.Good) {
		t.Error("the Good example is flagged")
	}
	c := redistest.Client(t)

	if got := c.MustEval(t, r.Doc.Bad, []string{"lock"}, "owner"); got.Kind != redistest.Integer || got.Int != 1 {
		t.Fatalf("Bad gave %s, want 1 (taken)", got)
	}
	if got := c.MustDo(t, "TTL", "lock"); got.Kind != redistest.Integer || got.Int != -1 {
		t.Errorf("TTL after Bad is %s, want -1 (never expires)", got)
	}
	if got := c.MustEval(t, r.Doc.Bad, []string{"lock"}, "other"); got.Kind != redistest.Integer || got.Int != 0 {
		t.Errorf("Bad again gave %s, want 0 (still held)", got)
	}

	if got := c.MustEval(t, r.Doc.Good, []string{"lock2"}, "owner", "60000"); got.Kind != redistest.Integer || got.Int != 1 {
		t.Fatalf("Good gave %s, want 1 (taken)", got)
	}
	if got := c.MustDo(t, "PTTL", "lock2"); got.Kind != redistest.Integer || got.Int <= 0 || got.Int > 60000 {
		t.Errorf("PTTL after Good is %s, want a positive TTL up to 60000", got)
	}

	keep := "return redis.call('SET', KEYS[1], ARGV[1], 'NX', 'KEEPTTL')"
	if !flaggedBy(r.ID, keep) {
		t.Error("SET NX KEEPTTL is not flagged")
	}
	c.MustEval(t, keep, []string{"lock3"}, "owner")
	if got := c.MustDo(t, "TTL", "lock3"); got.Kind != redistest.Integer || got.Int != -1 {
		t.Errorf("TTL after SET NX KEEPTTL is %s, want -1", got)
	}
}
