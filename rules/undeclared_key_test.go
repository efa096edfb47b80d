package rules

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
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
	got := map[int]diag.Severity{}
	for _, d := range lintSource("keys.lua", src, All(), nil) {
		if d.Rule == "undeclared-key" {
			got[d.Range.Start.Line] = d.Severity
		}
	}
	if len(got) != len(want) {
		t.Errorf("findings on lines %v, want %v", got, want)
	}
	for line, sev := range want {
		if got[line] != sev {
			t.Errorf("line %d: severity %v, want %v", line, got[line], sev)
		}
	}
}
