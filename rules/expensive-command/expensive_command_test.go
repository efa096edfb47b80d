package expensivecommand_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestExpensiveCommandPerElement: a whole read the script works through
// with a command per element is info; one it searches for an element stays
// a warning.
func TestExpensiveCommandPerElement(t *testing.T) {
	src := []byte(`local stalled = redis.call('SMEMBERS', KEYS[1])
for _, id in ipairs(stalled) do redis.call('LREM', KEYS[2], 0, id) end
local items = redis.call('LRANGE', KEYS[3], 0, -1)
for _, v in ipairs(items) do if v == ARGV[1] then return 1 end end
return 0
`)
	got := map[int]diag.Severity{}
	for _, d := range ruletest.LintSource("each.lua", src, ruletest.Cat.All(), nil) {
		if d.Rule == "expensive-command" {
			got[d.Range.Start.Line] = d.Severity
		}
	}
	if len(got) != 2 || got[1] != diag.SeverityInfo || got[3] != diag.SeverityWarning {
		t.Errorf("severities by line: %v, want 1: info, 3: warning", got)
	}
}
