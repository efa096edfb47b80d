package rules

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
)

// TestProofUndeclaredKey runs the rule's claim on a real cluster-mode
// server: a script whose declared key is in one slot and that writes a key
// of another slot fails (facts D14), and the same script with the key passed
// in KEYS under a shared hash tag works.
func TestProofUndeclaredKey(t *testing.T) {
	bad := "#!lua\nredis.call('SET', KEYS[1], 1)\nreturn redis.call('SET', 'baz', 1)"
	good := "#!lua\nredis.call('SET', KEYS[1], 1)\nreturn redis.call('SET', KEYS[2], 1)"
	if !flags(t, "undeclared-key", bad) {
		t.Error("bad is not flagged")
	}
	if flags(t, "undeclared-key", good) {
		t.Error("good is flagged")
	}
	c := redistest.Cluster(t)
	r := c.MustEval(t, bad, []string{"bar"})
	if r.Kind != redistest.Error || !strings.Contains(r.Str, "Script attempted to access keys that do not hash to the same slot") {
		t.Errorf("bad gave %s", r)
	}
	r = c.MustEval(t, good, []string{"{u1}:a", "{u1}:b"})
	if r.Kind != redistest.Status {
		t.Errorf("good gave %s", r)
	}
	// The rule's own Bad and Good examples: the literal key of Bad is in
	// another slot than the declared key.
	rule := ByID("undeclared-key")
	r = c.MustEval(t, "#!lua\n"+rule.Doc.Bad, []string{"{order}:1"})
	if r.Kind != redistest.Error {
		t.Errorf("the doc's Bad example worked on the cluster: %s", r)
	}
	r = c.MustEval(t, "#!lua\n"+rule.Doc.Good, []string{"{order}:current_user", "{order}:lock"})
	if r.Kind == redistest.Error {
		t.Errorf("the doc's Good example failed on the cluster: %s", r)
	}
}
