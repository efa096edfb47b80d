package analyzer

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestAnalyzer checks the Lua findings in scripts found through every
// client library, with `// want` comments on the lines they must be
// reported on.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), Analyzer, "goredis", "goredisv8", "redigo", "rueidis", "redsync")
}

// TestSeverityFlag checks that info findings are left out unless
// -severity=info.
func TestSeverityFlag(t *testing.T) {
	dir := analysistest.TestData()
	if got := diagnostics(t, dir, "severity"); len(got) != 0 {
		t.Errorf("by default: got %q, want nothing", got)
	}
	if err := Analyzer.Flags.Set("severity", "info"); err != nil {
		t.Fatal(err)
	}
	defer Analyzer.Flags.Set("severity", "warning")
	got := diagnostics(t, dir, "severity")
	if len(got) != 1 || !strings.HasPrefix(got[0], "severity.go:12:") || !strings.HasSuffix(got[0], "(unused-ignore)") {
		t.Errorf("with -severity=info: got %q, want the unused ignore", got)
	}
	if err := Analyzer.Flags.Set("severity", "loud"); err == nil {
		t.Error("-severity=loud accepted")
	}
}
