package analyzer

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestCallsites runs the analyzer over the call-site fixtures of
// testdata/callsite/src (stubs of go-redis v9 and v8, redigo and rueidis
// beside them): every rule with its correct twin.
func TestCallsites(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "callsite")
	analysistest.Run(t, dir, Analyzer, "checkthenact", "locks", "scriptcalls")
}
