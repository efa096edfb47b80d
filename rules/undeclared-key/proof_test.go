package undeclaredkey_test

import (
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules/ruletest"
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
	if !ruletest.Flags(t, "undeclared-key", bad) {
		t.Error("bad is not flagged")
	}
	if ruletest.Flags(t, "undeclared-key", good) {
		t.Error("good is flagged")
	}
	ruletest.OnCluster(t, func(t *testing.T, c *redistest.Conn) {
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
		rule := ruletest.Cat.ByID("undeclared-key")
		r = c.MustEval(t, "#!lua\n"+rule.Doc.Bad, []string{"{order}:1"})
		if r.Kind != redistest.Error {
			t.Errorf("the doc's Bad example worked on the cluster: %s", r)
		}
		r = c.MustEval(t, "#!lua\n"+rule.Doc.Good, []string{"{order}:current_user", "{order}:lock"})
		if r.Kind == redistest.Error {
			t.Errorf("the doc's Good example failed on the cluster: %s", r)
		}
	})
}

// TestProofScannedKey: on a cluster-mode server, a #!lua script that DELs
// the keys SCAN lists fails on the first one outside its declared key's
// slot, while the classic EVAL form (no shebang) touches them, since they
// are all on this node (facts D14): undeclared-key reports the scanned key
// one level lower than a literal one.
func TestProofScannedKey(t *testing.T) {
	src := "local res = redis.call('SCAN', 0, 'MATCH', 'scan:*', 'COUNT', 1000)\nfor _, k in ipairs(res[2]) do\n  redis.call('DEL', k)\nend\nreturn #res[2]"
	var sev string
	for _, d := range ruletest.LintSourceWith("proof.lua", []byte(src), lint.Config{Rules: ruletest.Cat.All(), Cluster: ruletest.ClusterOn}) {
		if d.Rule == "undeclared-key" {
			sev = d.Severity.String()
		}
	}
	if sev != "warning" {
		t.Errorf("the scanned key is reported at %q, want warning", sev)
	}
	// A pattern whose prefix holds the declared key's {hash tag} lists keys
	// of that one slot: even the #!lua form reaches them all, and the
	// finding is info.
	tagged := strings.Replace(src, "'scan:*'", "'{scan}:*'", 1)
	sev = ""
	for _, d := range ruletest.LintSource("proof.lua", []byte(tagged), ruletest.Cat.All(), nil) {
		if d.Rule == "undeclared-key" {
			sev = d.Severity.String()
		}
	}
	if sev != "info" {
		t.Errorf("the key scanned by a tagged pattern is reported at %q, want info", sev)
	}
	ruletest.OnCluster(t, func(t *testing.T, c *redistest.Conn) {
		c.MustDo(t, "SET", "scan:bar", "1")
		c.MustDo(t, "SET", "scan:baz", "1")
		r := c.MustEval(t, "#!lua\n"+src, []string{"{scan}:x"})
		if r.Kind != redistest.Error || !strings.Contains(r.Str, "do not hash to the same slot") {
			t.Errorf("#!lua over scanned keys gave %s, want the same-slot error", r)
		}
		r = c.MustEval(t, src, []string{"{scan}:x"})
		if r.Kind != redistest.Integer || r.Int != 2 {
			t.Errorf("EVAL over scanned keys gave %s, want 2 keys deleted", r)
		}
		c.MustDo(t, "SET", "{scan}:bar", "1")
		c.MustDo(t, "SET", "{scan}:baz", "1")
		r = c.MustEval(t, "#!lua\n"+tagged, []string{"{scan}:x"})
		if r.Kind != redistest.Integer || r.Int != 2 {
			t.Errorf("#!lua over keys of a tagged pattern gave %s, want 2 keys deleted", r)
		}
	})
}

func TestMain(m *testing.M) { ruletest.Main(m) }
