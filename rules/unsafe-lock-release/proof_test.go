package unsafelockrelease_test

import (
	"testing"
	"time"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofUnsafeLockRelease plays the race on Redis: client A takes the
// lock for 20 ms and overruns it, client B takes the expired lock, then A
// releases. With the Bad script A's DEL frees B's lock; with the Good
// script (owner check) it does nothing and B keeps the lock.
func TestProofUnsafeLockRelease(t *testing.T) {
	r := ruletest.Cat.ByID("unsafe-lock-release")
	if len(ruletest.RuleFindings(r.ID, r.Doc.Bad)) != 1 {
		t.Error("the Bad example is not flagged once")
	}
	if len(ruletest.RuleFindings(r.ID, r.Doc.Good)) != 0 {
		t.Error("the Good example is flagged")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:lock"}
		race := func(script string) (released redistest.Reply, holder redistest.Reply) {
			c.MustDo(t, "DEL", "proof:lock")
			if got := c.MustEval(t, script, keys, "lock", "token-A", "20"); got.Kind != redistest.Status {
				t.Fatalf("A's lock gave %s", got)
			}
			time.Sleep(100 * time.Millisecond) // A overruns; its lock expires
			if got := c.MustEval(t, script, keys, "lock", "token-B", "10000"); got.Kind != redistest.Status {
				t.Fatalf("B's lock gave %s, want OK (A's lock expired)", got)
			}
			released = c.MustEval(t, script, keys, "unlock", "token-A", "0")
			return released, c.MustDo(t, "GET", "proof:lock")
		}
		rel, holder := race(r.Doc.Bad)
		if rel.Kind != redistest.Integer || rel.Int != 1 || holder.Kind != redistest.Nil {
			t.Errorf("Bad: A's release gave %s and the lock holds %s; want 1 and nil (B's lock deleted)", rel, holder)
		}
		rel, holder = race(r.Doc.Good)
		if rel.Kind != redistest.Integer || rel.Int != 0 || holder.Str != "token-B" {
			t.Errorf("Good: A's release gave %s and the lock holds %s; want 0 and token-B", rel, holder)
		}
		// B's own release with the Good script works.
		if got := c.MustEval(t, r.Doc.Good, keys, "unlock", "token-B", "0"); got.Int != 1 {
			t.Errorf("Good: B's release gave %s, want 1", got)
		}
	})
}

// TestProofConstantLockValue: with a constant value even the checked
// release of the Bad script frees the next holder's lock; with a token
// (Good) it does not.
func TestProofConstantLockValue(t *testing.T) {
	r := ruletest.Cat.ByID("constant-lock-value")
	if len(ruletest.RuleFindings(r.ID, r.Doc.Bad)) != 1 {
		t.Error("the Bad example is not flagged once")
	}
	if len(ruletest.RuleFindings(r.ID, r.Doc.Good)) != 0 {
		t.Error("the Good example is flagged")
	}
	if len(ruletest.RuleFindings("unsafe-lock-release", r.Doc.Bad)) != 0 {
		t.Error("the Bad example's checked release is flagged by unsafe-lock-release")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:lock"}
		race := func(script string) (redistest.Reply, redistest.Reply) {
			c.MustDo(t, "DEL", "proof:lock")
			if got := c.MustEval(t, script, keys, "lock", "20", "token-A"); got.Kind != redistest.Status {
				t.Fatalf("A's lock gave %s", got)
			}
			time.Sleep(100 * time.Millisecond)
			if got := c.MustEval(t, script, keys, "lock", "10000", "token-B"); got.Kind != redistest.Status {
				t.Fatalf("B's lock gave %s, want OK (A's lock expired)", got)
			}
			rel := c.MustEval(t, script, keys, "unlock", "0", "token-A")
			return rel, c.MustDo(t, "EXISTS", "proof:lock")
		}
		rel, exists := race(r.Doc.Bad)
		if rel.Int != 1 || exists.Int != 0 {
			t.Errorf("Bad: A's release gave %s, lock exists %s; want 1 and 0 (B's lock deleted)", rel, exists)
		}
		rel, exists = race(r.Doc.Good)
		if rel.Int != 0 || exists.Int != 1 {
			t.Errorf("Good: A's release gave %s, lock exists %s; want 0 and 1 (B keeps it)", rel, exists)
		}
	})
}
