package analyzer

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules"
	"golang.org/x/tools/go/analysis"
)

// lintScripts runs every lint-lua rule over each script known at compile
// time, once per script however many calls use it, and reports each
// finding at its place in the Go string (or the embedded .lua file).
func lintScripts(pass *analysis.Pass, st *state) {
	cfg := lint.Config{Rules: rules.All(), Settings: st.settings.lua, Target: st.settings.target}
	for _, s := range st.scripts {
		if !s.Known || s.Text == "" {
			continue
		}
		f := s.Lua()
		for _, d := range lint.Run(f, cfg) {
			if d.Severity < st.settings.minSeverity {
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
			sev := ""
			if d.Severity != st.settings.severityOf(d.Rule) {
				// go/analysis carries no severity: a finding the rule
				// reported below its configured level says so, where
				// lint-lua go reads it back (and a go vet user sees it).
				sev = d.Severity.String()
			}
			st.rep.report(pos, end, d.Rule, sev, fixes, msg, d.Help)
		}
	}
}
