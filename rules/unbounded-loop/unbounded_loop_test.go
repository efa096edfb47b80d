package unboundedloop_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestUnboundedLoopNumericOption turns off the report of loops counted by
// ARGV or a reply; loops that never end are still reported.
func TestUnboundedLoopNumericOption(t *testing.T) {
	src := []byte("for i = 1, tonumber(ARGV[1]) do end\n" +
		"local j = 0\nwhile j < tonumber(ARGV[1]) do j = j + 1 end\n" +
		"local k = 0\nwhile true do k = k + 1 if k > tonumber(ARGV[1]) then break end end\n" +
		"while true do end\n")
	count := func(settings lint.Settings) (lines []int) {
		for _, d := range ruletest.LintSource("numeric.lua", src, ruletest.Cat.All(), settings) {
			if d.Rule == "unbounded-loop" {
				lines = append(lines, d.Range.Start.Line)
				// A counted loop ends: the caller's count is advice.
				if want := diag.SeverityInfo; d.Range.Start.Line < 6 && d.Severity != want {
					t.Errorf("line %d: %s, want %s", d.Range.Start.Line, d.Severity, want)
				}
			}
		}
		return lines
	}
	if got := count(nil); len(got) != 4 {
		t.Errorf("default options: findings on lines %v, want 1 3 5 6", got)
	}
	off := lint.Settings{"unbounded-loop": {Enabled: true, Options: map[string]any{"report-unbounded-numeric": false}}}
	if got := count(off); len(got) != 1 || got[0] != 6 {
		t.Errorf("report-unbounded-numeric false: findings on lines %v, want only 6", got)
	}
}
