package multiplereturnvalues_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofMultipleReturnValues: Redis replies with the first of several
// returned values (the Bad example replies an integer), and with an array
// for a table (the Good example).
func TestProofMultipleReturnValues(t *testing.T) {
	const id = "multiple-return-values"
	r := ruletest.Cat.ByID(id)
	if n := len(ruletest.OperandFindings(id, r.Doc.Bad)); n != 1 {
		t.Errorf("the Bad example gets %d findings, want 1", n)
	}
	if msgs := ruletest.OperandFindings(id, r.Doc.Good); len(msgs) != 0 {
		t.Errorf("the Good example is flagged: %q", msgs)
	}
	for _, src := range []string{"return 1, 2", "local t = {7, 8}\nreturn unpack(t)"} {
		if n := len(ruletest.OperandFindings(id, src)); n != 1 {
			t.Errorf("%q gets %d findings, want 1", src, n)
		}
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:mrv"}
		c.MustDo(t, "DEL", keys[0])
		if got := c.MustEval(t, r.Doc.Bad, keys, "5"); got.Kind != redistest.Integer || got.Int != 1 {
			t.Errorf("Bad gave %s, want the first value only: 1", got)
		}
		got := c.MustEval(t, r.Doc.Good, keys, "5")
		if got.Kind != redistest.Array || len(got.Array) != 2 || got.Array[1].Int != 2 {
			t.Errorf("Good gave %s, want [1, 2]", got)
		}
		if got := c.MustEval(t, "local t = {7, 8}\nreturn unpack(t)", nil); got.Kind != redistest.Integer || got.Int != 7 {
			t.Errorf("return unpack(t) gave %s, want 7", got)
		}
		c.MustDo(t, "DEL", keys[0])
	})
}
