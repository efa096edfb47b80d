package analyzer

import "testing"

// TestCallsites runs the analyzer over the call-site fixtures of
// testdata/callsite/src (stubs of go-redis v9 and v8, redigo and rueidis
// beside them): every rule with its correct twin.
func TestCallsites(t *testing.T) {
	t.Parallel()
	runWants(t, callsiteFixtures, testAnalyzer(t, Settings{}), "checkthenact", "locks", "scriptcalls")
}
