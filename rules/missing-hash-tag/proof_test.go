package missinghashtag_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/internal/slot"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofMissingHashTag proves the rule on a one-node cluster that holds
// every slot (facts D14, D15): the slot function agrees with CLUSTER
// KEYSLOT; the Bad example's two keys fail as KEYS (CROSSSLOT) and, with a
// #!lua shebang, as literals (keys that do not hash to the same slot), while
// the same keys under a common hash tag work. A legacy script touching both
// slots on this one node works: the bug only shows when the slots live on
// different nodes (facts D14, observed on a three-node cluster).
func TestProofMissingHashTag(t *testing.T) {
	rule := ruletest.Cat.ByID("missing-hash-tag")
	if !ruletest.Flags(t, rule.ID, rule.Doc.Bad) {
		t.Error("the Bad example is not flagged")
	}
	if ruletest.Flags(t, rule.ID, rule.Doc.Good) {
		t.Error("the Good example is flagged")
	}
	bad := []string{"user:1:name", "user:1:email"}
	good := []string{"{user:1}:name", "{user:1}:email"}
	if slot.Of(bad[0]) == slot.Of(bad[1]) || slot.Of(good[0]) != slot.Of(good[1]) {
		t.Fatalf("the example keys do not show the point: slots %d %d / %d %d", slot.Of(bad[0]), slot.Of(bad[1]), slot.Of(good[0]), slot.Of(good[1]))
	}
	tagged := strings.NewReplacer("'user:1:", "'{user:1}:").Replace(rule.Doc.Bad)
	if ruletest.Flags(t, rule.ID, tagged) {
		t.Errorf("the tagged Bad example is flagged:\n%s", tagged)
	}
	mset := fmt.Sprintf("return redis.call('MSET', '%s', 1, '%s', 2)", bad[0], bad[1])
	if !ruletest.Flags(t, rule.ID, mset) {
		t.Error("MSET of two slots is not flagged")
	}
	ruletest.OnCluster(t, func(t *testing.T, c *redistest.Conn) {
		t.Run("slots agree with CLUSTER KEYSLOT", func(t *testing.T) {
			keys := []string{"bar", "baz", "b", "k2", "k6", "{u1}:a", "c", "user:1", "foo", "a", "", "{", "}", "{}", "{}x",
				"x{}", "{a}{b}", "a{b}c{d}", "{{a}}", "}{a}", "user:1:name", "user:1:email", "{user:1}:name", "\x00\xff", "ключ"}
			r := rand.New(rand.NewSource(1))
			const alphabet = "ab{}:01"
			for i := 0; i < 300; i++ {
				b := make([]byte, r.Intn(12))
				for j := range b {
					b[j] = alphabet[r.Intn(len(alphabet))]
				}
				keys = append(keys, string(b))
			}
			for _, k := range keys {
				want := c.MustDo(t, "CLUSTER", "KEYSLOT", k)
				if want.Kind != redistest.Integer {
					t.Fatalf("CLUSTER KEYSLOT %q gave %s", k, want)
				}
				if got := slot.Of(k); int64(got) != want.Int {
					t.Errorf("slot.Of(%q) = %d, CLUSTER KEYSLOT says %d", k, got, want.Int)
				}
			}
		})

		// The Good example with its tagged keys works; with the Bad names as
		// KEYS it is refused before it runs.
		if r := c.MustEval(t, rule.Doc.Good, good, "n", "e"); r.Kind == redistest.Error {
			t.Errorf("Good with tagged keys gave %s", r)
		}
		if r := c.MustEval(t, rule.Doc.Good, bad, "n", "e"); r.Kind != redistest.Error || !strings.HasPrefix(r.Str, "CROSSSLOT Keys in request don't hash to the same slot") {
			t.Errorf("Good with untagged keys gave %s, want CROSSSLOT", r)
		}
		// The Bad example with a shebang fails at its second key; the same with
		// tagged names works.
		if r := c.MustEval(t, "#!lua\n"+rule.Doc.Bad, nil, "n", "e"); r.Kind != redistest.Error || !strings.Contains(r.Str, "Script attempted to access keys that do not hash to the same slot") {
			t.Errorf("#!lua Bad gave %s", r)
		}
		if r := c.MustEval(t, "#!lua\n"+tagged, nil, "n", "e"); r.Kind == redistest.Error {
			t.Errorf("#!lua tagged Bad gave %s", r)
		}
		// Legacy, both slots on this one node: works (latent until the slots
		// are on different nodes).
		if r := c.MustEval(t, rule.Doc.Bad, nil, "n", "e"); r.Kind == redistest.Error {
			t.Errorf("legacy Bad on one node gave %s", r)
		}
		// One command touching two slots fails even on one node.
		if r := c.MustEval(t, mset, nil); r.Kind != redistest.Error || !strings.Contains(r.Str, "Script attempted to access a non local key in a cluster node") {
			t.Errorf("MSET of two slots gave %s", r)
		}
	})
}

func TestMain(m *testing.M) { ruletest.Main(m) }
