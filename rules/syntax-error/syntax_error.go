// Package syntaxerror declares syntax-error, a rule the engine reports itself (package
// lint): it has no Run, and is declared so that its severity can be
// configured and lint-lua rules, lint-lua explain and docs/rules.md list it.
package syntaxerror

import (
	_ "embed" // doc.md

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

//go:embed doc.md
var doc string

// Rule is syntax-error.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       lint.SyntaxErrorID,
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/syntax-error/doc.md", doc),
	},
}
