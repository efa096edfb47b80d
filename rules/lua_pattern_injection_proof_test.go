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
	onRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:jobs"}
		c.MustDo(t, "DEL", keys[0])
		c.MustDo(t, "RPUSH", keys[0], "job-1:payload")
		if got := c.MustEval(t, r.Doc.Bad, keys, "job-1"); !got.Nil {
			t.Errorf("Bad with id job-1 gave %s, want a miss (nil): '-' is magic in a pattern", got)
		}
		if got := c.MustEval(t, r.Doc.Good, keys, "job-1"); got.Str != "job-1:payload" {
			t.Errorf("Good with id job-1 gave %s, want the job", got)
		}
		// The escape the help gives, in parentheses, finds the id with its
		// magic characters; without them gsub's count (2 for two '-') becomes
		// find's start, and the search from byte 2 misses.
		escaped := "return string.find(ARGV[2], (ARGV[1]:gsub('%p', '%%%0'))) or false"
		bare := "return string.find(ARGV[2], ARGV[1]:gsub('%p', '%%%0')) or false"
		if got := c.MustEval(t, escaped, nil, "a-b-c", "a-b-c:x"); got.Int != 1 {
			t.Errorf("the escaped search gave %s, want a match at 1", got)
		}
		if got := c.MustEval(t, bare, nil, "a-b-c", "a-b-c:x"); !got.Nil {
			t.Errorf("the search without parentheses gave %s, want a miss", got)
		}
		c.MustDo(t, "DEL", keys[0])
	})
}
