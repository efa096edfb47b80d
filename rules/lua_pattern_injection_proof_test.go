package rules

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
)

// TestProofLuaPatternInjection: with an id holding a '-', the Bad example's
// pattern search misses the job that is there, and the Good example's plain
// search finds it.
func TestProofLuaPatternInjection(t *testing.T) {
	const id = "lua-pattern-injection"
	r := ByID(id)
	if n := len(operandFindings(id, r.Doc.Bad)); n != 1 {
		t.Errorf("the Bad example gets %d findings, want 1", n)
	}
	if msgs := operandFindings(id, r.Doc.Good); len(msgs) != 0 {
		t.Errorf("the Good example is flagged: %q", msgs)
	}
	c := redistest.Client(t)
	keys := []string{"proof:jobs"}
	c.MustDo(t, "DEL", keys[0])
	c.MustDo(t, "RPUSH", keys[0], "job-1:payload")
	if got := c.MustEval(t, r.Doc.Bad, keys, "job-1"); !got.Nil {
		t.Errorf("Bad with id job-1 gave %s, want a miss (nil): '-' is magic in a pattern", got)
	}
	if got := c.MustEval(t, r.Doc.Good, keys, "job-1"); got.Str != "job-1:payload" {
		t.Errorf("Good with id job-1 gave %s, want the job", got)
	}
	c.MustDo(t, "DEL", keys[0])
}
