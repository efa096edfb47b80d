package rules

import (
	"strconv"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
)

// TestProofUnboundedUnpack runs the rule's examples on Redis (facts C12):
// with 7999 members the Bad example works, with 8000 it fails with 'too many
// results to unpack' and the write it made first is kept; the chunked Good
// example removes all 8000.
func TestProofUnboundedUnpack(t *testing.T) {
	rule := ByID("unbounded-unpack")
	if !flags(t, rule.ID, rule.Doc.Bad) {
		t.Error("the Bad example is not flagged")
	}
	if flags(t, rule.ID, rule.Doc.Good) {
		t.Error("the Good example is flagged")
	}
	c := redistest.Client(t)
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

	// unpack(ARGV): the caller's count decides.
	argv := "return redis.call('SADD', KEYS[1], unpack(ARGV))"
	if !flags(t, rule.ID, argv) {
		t.Error("unpack(ARGV) is not flagged")
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
}
