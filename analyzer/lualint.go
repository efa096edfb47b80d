package analyzer

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules"
	"golang.org/x/tools/go/analysis"
)

// minSeverity is the lowest severity of Lua findings reported. go/analysis
// diagnostics carry no severity, and go vet fails on any diagnostic: by
// default only errors and warnings are reported, and info findings (style
// hints, unused ignores) are left to `lint-lua go` and the -severity flag.
var minSeverity = severityFlag(lint.SeverityWarning)

type severityFlag lint.Severity

func (s *severityFlag) String() string { return lint.Severity(*s).String() }

func (s *severityFlag) Set(v string) error {
	sev, err := lint.ParseSeverity(v)
	if err != nil {
		return err
	}
	*s = severityFlag(sev)
	return nil
}

func init() {
	Analyzer.Flags.Var(&minSeverity, "severity", "lowest severity of Lua findings to report: error|warning|info")
}

var _ = registerCheck(lintScripts)

// lintScripts runs every lint-lua rule over each script known at compile
// time, once per script however many calls use it, and reports each
// finding at its place in the Go string (or the embedded .lua file).
func lintScripts(pass *analysis.Pass, st *state) {
	all := rules.All()
	for _, s := range st.scripts {
		if !s.Known || s.Text == "" {
			continue
		}
		f := s.Lua()
		for _, d := range lint.LintFile(f, all, nil) {
			if d.Severity < lint.Severity(minSeverity) {
				continue
			}
			pos, end, exact := s.GoRange(d.Range)
			if !pos.IsValid() {
				pos, end = s.Src.Pos(), s.Src.End()
			}
			msg := d.Message
			if !exact {
				// The text comes from somewhere we cannot point into (a
				// constant of another package): say where in the script.
				msg = fmt.Sprintf("script line %d:%d: %s", d.Range.Start.Line, d.Range.Start.Column, msg)
			}
			var fixes []analysis.SuggestedFix
			if exact {
				fixes = suggestedFix(pass, s, d.Fix)
			}
			reportRuleFixes(pass, pos, end, d.Rule, fixes, "%s", msg)
		}
	}
}
