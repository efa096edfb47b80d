package shadowedlocal_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofShadowedLocal runs the rule's examples on Redis: the inner
// `local ttl` leaves the outer one nil, so SET ... EX nil fails (facts C13);
// assigning the outer local works.
func TestProofShadowedLocal(t *testing.T) {
	// The Bad example is also a nil-argument finding: the nil it leaves is
	// what fails.
	if !ruletest.Flags(t, "nil-argument", ruletest.Cat.ByID("shadowed-local").Doc.Bad) {
		t.Error("nil-argument does not flag the shadowed-local Bad example")
	}
	ruletest.ProveBadGoodFor(t, "shadowed-local", []string{"proof:k"}, []string{"v", "60"}, ruletest.ArgsError)
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		if r := c.MustEval(t, ruletest.Cat.ByID("shadowed-local").Doc.Good, []string{"proof:k"}, "v", "60"); r.Kind != redistest.Status {
			t.Fatalf("Good gave %s", r)
		}
		if r := c.MustDo(t, "TTL", "proof:k"); r.Kind != redistest.Integer || r.Int <= 0 || r.Int > 60 {
			t.Errorf("Good did not set the TTL from ARGV[2]: %s", r)
		}
	})
}
