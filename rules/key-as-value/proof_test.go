package keyasvalue_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/internal/slot"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofKeyAsValue runs the rule's examples on a one-node cluster (facts
// D15): the value passed in KEYS hashes to another slot than the key, so
// EVAL is refused with CROSSSLOT before the script runs; with the value in
// ARGV it works. On the plain test server, a user whose ACL allows only the
// key's pattern is refused the Bad example (NOPERM) and runs the Good one.
func TestProofKeyAsValue(t *testing.T) {
	rule := ruletest.Cat.ByID("key-as-value")
	if !ruletest.Flags(t, rule.ID, rule.Doc.Bad) {
		t.Error("the Bad example is not flagged")
	}
	if ruletest.Flags(t, rule.ID, rule.Doc.Good) {
		t.Error("the Good example is flagged")
	}
	key, value := "session:1", "user:1"
	if slot.Of(key) == slot.Of(value) {
		t.Fatalf("%s and %s share slot %d: the example shows nothing", key, value, slot.Of(key))
	}
	ruletest.OnCluster(t, func(t *testing.T, c *redistest.Conn) {
		r := c.MustEval(t, rule.Doc.Bad, []string{key, value})
		if r.Kind != redistest.Error || !strings.HasPrefix(r.Str, "CROSSSLOT Keys in request don't hash to the same slot") {
			t.Errorf("Bad gave %s, want CROSSSLOT", r)
		}
		if r := c.MustDo(t, "EXISTS", key); r.Int != 0 {
			t.Errorf("Bad ran: %s exists", key)
		}
		if r := c.MustEval(t, rule.Doc.Good, []string{key}, value); r.Kind != redistest.Status {
			t.Errorf("Good gave %s", r)
		}
		if r := c.MustDo(t, "GET", key); r.Str != value {
			t.Errorf("GET %s after Good = %s", key, r)
		}
	})
}

// TestProofKeyCopiedIntoReply: a KEYS element the script only copies into
// its reply (table.insert) is still a declared key: on a cluster EVAL is
// refused with CROSSSLOT before the script runs, while the same value in
// ARGV is returned.
func TestProofKeyCopiedIntoReply(t *testing.T) {
	bad := "local out = {}\ntable.insert(out, redis.call('GET', KEYS[1]))\ntable.insert(out, KEYS[2])\nreturn out"
	good := "local out = {}\ntable.insert(out, redis.call('GET', KEYS[1]))\ntable.insert(out, ARGV[1])\nreturn out"
	if !ruletest.Flags(t, "key-as-value", bad) {
		t.Error("the copy of KEYS[2] into the reply is not flagged")
	}
	if ruletest.Flags(t, "key-as-value", good) {
		t.Error("the ARGV form is flagged")
	}
	key, value := "session:1", "user:1"
	ruletest.OnCluster(t, func(t *testing.T, c *redistest.Conn) {
		c.MustDo(t, "SET", key, "v")
		if r := c.MustEval(t, bad, []string{key, value}); r.Kind != redistest.Error || !strings.HasPrefix(r.Str, "CROSSSLOT") {
			t.Errorf("bad gave %s, want CROSSSLOT", r)
		}
		r := c.MustEval(t, good, []string{key}, value)
		if r.Kind != redistest.Array || len(r.Array) != 2 || r.Array[1].Str != value {
			t.Errorf("good gave %s, want {v, %s}", r, value)
		}
	})
}

func TestProofKeyAsValueACL(t *testing.T) {
	rule := ruletest.Cat.ByID("key-as-value")
	c := redistest.Client(t)
	tg := redistest.ServerTarget(t, c)
	noPerm, _ := tg.Error(target.ErrNoPermKey)
	c.MustDo(t, "ACL", "SETUSER", "lintproof", "on", ">lintproof", "~session:*", "+@all")
	t.Cleanup(func() { c.Do("ACL", "DELUSER", "lintproof") })
	u, err := redistest.Dial(redistest.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer u.Close()
	if r := u.MustDo(t, "AUTH", "lintproof", "lintproof"); r.Kind != redistest.Status {
		t.Fatalf("AUTH gave %s", r)
	}
	r := u.MustEval(t, rule.Doc.Bad, []string{"session:1", "user:1"})
	if r.Kind != redistest.Error || !strings.HasPrefix(r.Str, noPerm) {
		t.Errorf("Bad under the ACL on %s gave %s, want %q", tg, r, noPerm)
	}
	if r := u.MustEval(t, rule.Doc.Good, []string{"session:1"}, "user:1"); r.Kind != redistest.Status {
		t.Errorf("Good under the ACL gave %s", r)
	}
}

func TestMain(m *testing.M) { ruletest.Main(m) }
