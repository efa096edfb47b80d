package floatreturn_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestFloatReturnQuotient: a returned quotient, truncated toward zero, is
// integer division and may be what is meant: info. A number that surely
// has a fraction (a fractional literal or factor) stays a warning.
func TestFloatReturnQuotient(t *testing.T) {
	src := []byte(`local used = redis.call('INCRBY', KEYS[1], ARGV[1])
if ARGV[2] == 'q' then
  return used / 4
end
return used * 1.5
`)
	got := map[int]diag.Diagnostic{}
	for _, d := range ruletest.LintSource("q.lua", src, ruletest.Cat.All(), nil) {
		if d.Rule == "float-return" {
			got[d.Range.Start.Line] = d
		}
	}
	if len(got) != 2 || got[3].Severity != diag.SeverityInfo || !strings.Contains(got[3].Help, "integer division") || got[5].Severity != diag.SeverityWarning {
		t.Errorf("findings: %v, want line 3 info (integer division), line 5 warning", got)
	}
}
