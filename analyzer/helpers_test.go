package analyzer

import (
	"fmt"
	"path/filepath"
	"sort"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// quiet collects what analysistest would report as test failures, for
// tests that check diagnostics themselves (positions in embedded files,
// which no `// want` comment can reach).
type quiet struct{ errs []string }

func (q *quiet) Errorf(format string, args ...any) {
	q.errs = append(q.errs, fmt.Sprintf(format, args...))
}

// diagnostics runs the analyzer over the packages of dir and returns each
// diagnostic as "file:line:col-line:col: message" with the file's base
// name, sorted.
func diagnostics(t *testing.T, dir string, pkgs ...string) []string {
	t.Helper()
	q := &quiet{}
	var out []string
	for _, r := range analysistest.Run(q, dir, Analyzer, pkgs...) {
		if r.Err != nil {
			t.Fatalf("%s: %v", r.Action, r.Err)
		}
		for _, d := range r.Diagnostics {
			p := r.Action.Package.Fset.Position(d.Pos)
			s := fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
			if d.End.IsValid() {
				e := r.Action.Package.Fset.Position(d.End)
				s += fmt.Sprintf("-%d:%d", e.Line, e.Column)
			}
			out = append(out, s+": "+d.Message)
		}
	}
	sort.Strings(out)
	return out
}
