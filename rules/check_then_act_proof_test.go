package rules

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
)

// TestProofCheckThenAct runs the documented examples with 1 in stock and a
// quantity of 5 (facts F(c)): Bad passes its guard and leaves -4, Good
// refuses and leaves the stock at 1.
func TestProofCheckThenAct(t *testing.T) {
	r := ByID("check-then-act")
	if !flaggedBy(r.ID, r.Doc.Bad) {
		t.Error("the Bad example is not flagged")
	}
	if flaggedBy(r.ID, r.Doc.Good) {
		t.Error("the Good example is flagged")
	}
	onRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"stock"}

		c.MustDo(t, "SET", "stock", "1")
		if got := c.MustEval(t, r.Doc.Bad, keys, "5"); got.Kind != redistest.Integer || got.Int != 1 {
			t.Errorf("Bad with stock 1 and quantity 5 gave %s, want 1 (accepted)", got)
		}
		if got := c.MustDo(t, "GET", "stock"); got.Str != "-4" {
			t.Errorf("after Bad the stock is %s, want -4", got)
		}

		c.MustDo(t, "SET", "stock", "1")
		if got := c.MustEval(t, r.Doc.Good, keys, "5"); got.Kind != redistest.Integer || got.Int != 0 {
			t.Errorf("Good with stock 1 and quantity 5 gave %s, want 0 (refused)", got)
		}
		if got := c.MustDo(t, "GET", "stock"); got.Str != "1" {
			t.Errorf("after Good the stock is %s, want 1", got)
		}
		// Good still sells what is there.
		c.MustDo(t, "SET", "stock", "5")
		if got := c.MustEval(t, r.Doc.Good, keys, "5"); got.Kind != redistest.Integer || got.Int != 1 {
			t.Errorf("Good with stock 5 and quantity 5 gave %s, want 1", got)
		}
		if got := c.MustDo(t, "GET", "stock"); got.Str != "0" {
			t.Errorf("after Good the stock is %s, want 0", got)
		}
	})
}
