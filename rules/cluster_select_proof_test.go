package rules_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofSelectNoCluster: a script that SELECTs a database given by its
// caller cannot run on Redis Cluster, which has database 0 only and refuses
// SELECT 1 inside a script (SELECT 0 works), so its cluster findings are
// info (fishjoy's game scripts SELECT KEYS[1], then name the literal 'cfg'),
// even when a {hash tag} says its author cares about a cluster; the same
// script with SELECT 0, or without a SELECT, keeps the error of a literal
// key on such a script.
func TestProofSelectNoCluster(t *testing.T) {
	const body = "local v = redis.call('HGET', '{cfg}:rates', ARGV[2])\nreturn v"
	severity := func(src string) string {
		for _, d := range ruletest.LintSource("proof.lua", []byte(src), ruletest.Cat.All(), nil) {
			if d.Rule == "undeclared-key" {
				return d.Severity.String()
			}
		}
		return ""
	}
	for src, want := range map[string]string{
		"redis.call('SELECT', ARGV[1])\n" + body: "info",
		"redis.call('SELECT', 2)\n" + body:       "info",
		"redis.call('SELECT', 0)\n" + body:       "error",
		body:                                     "error",
	} {
		if got := severity(src); got != want {
			t.Errorf("%q: undeclared-key at %q, want %q", src, got, want)
		}
	}
	ruletest.OnCluster(t, func(t *testing.T, c *redistest.Conn) {
		r := c.MustEval(t, "redis.call('SELECT', ARGV[1])\nreturn 1", nil, "1")
		if r.Kind != redistest.Error || !strings.Contains(strings.ToLower(r.Str), "select is not allowed in cluster mode") {
			t.Errorf("SELECT 1 in a script on a cluster node gave %s, want the cluster-mode error", r)
		}
		if r := c.MustEval(t, "redis.call('SELECT', ARGV[1])\nreturn 1", nil, "0"); r.Kind != redistest.Integer || r.Int != 1 {
			t.Errorf("SELECT 0 in a script on a cluster node gave %s, want 1", r)
		}
	})
}
