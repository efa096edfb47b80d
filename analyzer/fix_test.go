package analyzer

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestSuggestedFixes applies the suggested fixes of the Lua findings in
// testdata/src/fixes and compares the Go files with their .golden files:
// raw strings are edited as written, interpreted strings get escaped text,
// and a finding whose edit would straddle two literals keeps no fix.
func TestSuggestedFixes(t *testing.T) {
	t.Parallel()
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), testAnalyzer(t, Settings{}), "fixes")
}
