// Package nonatomiccheckthenact declares nonatomic-check-then-act, a rule only the Go analyzer reports (package
// analyzer, at the Go call site that runs a script or sends commands one by
// one): it has no Run over a Lua model, and is declared so that lint-lua
// rules, lint-lua explain and docs/rules.md list it with the others. Its
// Bad and Good examples are Go.
package nonatomiccheckthenact

import (
	_ "embed" // doc.md

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

//go:embed doc.md
var doc string

// Rule is nonatomic-check-then-act.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "nonatomic-check-then-act",
		Category: diag.Atomicity,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/nonatomic-check-then-act/doc.md", doc),
	},
}
