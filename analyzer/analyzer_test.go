package analyzer

import (
	"strings"
	"testing"
)

// TestAnalyzer checks the Lua findings in scripts found through every
// client library, with `// want` comments on the lines they must be
// reported on.
func TestAnalyzer(t *testing.T) {
	t.Parallel()
	runWants(t, mainFixtures, testAnalyzer(t, Settings{}), "goredis", "goredisv8", "redigo", "rueidis", "redsync")
}

// TestSeverityInfo checks that info findings are left out unless the
// minimum severity is info (the -severity flag is TestFlags's).
func TestSeverityInfo(t *testing.T) {
	t.Parallel()
	if got := findings(t, mainFixtures, testAnalyzer(t, Settings{}), "severity"); len(got) != 0 {
		t.Errorf("by default: got %q, want nothing", got)
	}
	got := findings(t, mainFixtures, testAnalyzer(t, Settings{MinSeverity: "info"}), "severity")
	if len(got) != 1 || !strings.HasPrefix(got[0], "severity.go:12:") || !strings.HasSuffix(got[0], "(unused-ignore)") {
		t.Errorf("with -severity=info: got %q, want the unused ignore", got)
	}
}
