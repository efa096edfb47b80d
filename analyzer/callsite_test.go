package analyzer

import "testing"

// TestCallsites runs the analyzer over the call-site fixtures
// (testdata/src/checkthenact, locks and scriptcalls): every rule with its
// correct twin.
func TestCallsites(t *testing.T) {
	t.Parallel()
	runWants(t, mainFixtures, testAnalyzer(t, Settings{}), "checkthenact", "locks", "scriptcalls")
}
