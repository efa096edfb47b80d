package undeclaredkey_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestUndeclaredKeySeverity: a key name that can carry the declared keys'
// {hash tag} (built from KEYS, ARGV or a reply, or taken from ARGV or a
// reply) is the pattern bull and bullmq rely on, and only the caller knows
// whether it holds the tag: info. A literal, or a name built only from
// brace-free literals and numbers, has a slot of its own: error.
func TestUndeclaredKeySeverity(t *testing.T) {
	src := []byte(`redis.call('GET', 'current_user')
redis.call('SET', KEYS[1] .. ':lock', 1)
redis.call('DEL', ARGV[1])
local other = redis.call('GET', KEYS[1])
redis.call('INCR', other)
redis.call('SET', 'lock:' .. ARGV[2], 1)
redis.call('SET', 'lock:' .. (tonumber(ARGV[3]) % 100), 1)
`)
	want := map[int]diag.Severity{1: diag.SeverityError, 2: diag.SeverityInfo, 3: diag.SeverityInfo, 5: diag.SeverityInfo, 6: diag.SeverityInfo, 7: diag.SeverityError}
	// On a cluster (declared, or shown by a {hash tag} in a key name) the
	// severities are the rule's; without one, every finding is info:
	// advice that only a cluster makes a failure.
	for _, tc := range []struct {
		name    string
		src     []byte
		cluster *bool
		lower   bool
	}{
		{"declared", src, ruletest.ClusterOn, false},
		{"hash tag", append([]byte("redis.call('INCR', '{stats}:calls')\n"), src...), nil, false},
		{"no evidence", src, nil, true},
	} {
		got := map[int]diag.Severity{}
		shift := 0
		if tc.name == "hash tag" {
			shift = 1
		}
		for _, d := range ruletest.LintSourceWith("keys.lua", tc.src, lint.Config{Rules: ruletest.Cat.All(), Cluster: tc.cluster}) {
			if d.Rule == "undeclared-key" && d.Range.Start.Line > shift {
				got[d.Range.Start.Line-shift] = d.Severity
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: findings on lines %v, want %v", tc.name, got, want)
		}
		for line, sev := range want {
			if tc.lower {
				sev = diag.SeverityInfo
			}
			if got[line] != sev {
				t.Errorf("%s: line %d: severity %v, want %v", tc.name, line, got[line], sev)
			}
		}
	}
}
