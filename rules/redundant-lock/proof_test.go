package redundantlock_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofRedundantLock runs the Bad example with the stock key missing:
// the comparison with nil raises between the SETNX and the DEL, the error
// does not undo the SETNX (facts B6, C13), so the lock key stays and every
// later run answers 'busy' even once the stock exists. The Good example,
// without a lock, leaves nothing behind and sells once the stock exists.
func TestProofRedundantLock(t *testing.T) {
	r := ruletest.Cat.ByID("redundant-lock")
	if !ruletest.FlaggedBy(r.ID, r.Doc.Bad) {
		t.Error("the Bad example is not flagged")
	}
	if ruletest.FlaggedBy(r.ID, r.Doc.Good) {
		t.Error("the Good example is flagged")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"stock", "stock:lock"}

		got := c.MustEval(t, r.Doc.Bad, keys)
		if got.Kind != redistest.Error || !strings.Contains(got.Str, "attempt to compare") {
			t.Fatalf("Bad with the stock missing gave %s, want a compare error", got)
		}
		if got := c.MustDo(t, "EXISTS", "stock:lock"); got.Int != 1 {
			t.Errorf("after the error the lock key exists = %s, want 1 (left behind)", got)
		}
		if got := c.MustDo(t, "TTL", "stock:lock"); got.Int != -1 {
			t.Errorf("TTL of the left lock is %s, want -1", got)
		}
		c.MustDo(t, "SET", "stock", "3")
		if got := c.MustEval(t, r.Doc.Bad, keys); got.Str != "busy" {
			t.Errorf("Bad after the error gave %s, want busy (stuck lock)", got)
		}
		if got := c.MustDo(t, "GET", "stock"); got.Str != "3" {
			t.Errorf("the stock is %s, want 3 (nothing sold)", got)
		}

		c.MustDo(t, "FLUSHALL")
		if got := c.MustEval(t, r.Doc.Good, keys); got.Str != "sold out" {
			t.Errorf("Good with the stock missing gave %s, want sold out", got)
		}
		if got := c.MustDo(t, "DBSIZE"); got.Int != 0 {
			t.Errorf("Good left %d keys, want none", got.Int)
		}
		c.MustDo(t, "SET", "stock", "3")
		if got := c.MustEval(t, r.Doc.Good, keys); got.Str != "ok" {
			t.Errorf("Good with stock 3 gave %s, want ok", got)
		}
		if got := c.MustDo(t, "GET", "stock"); got.Str != "2" {
			t.Errorf("after Good the stock is %s, want 2", got)
		}
	})
}
