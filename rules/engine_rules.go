package rules

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
)

// The rules the engine reports itself (package lint): a script that does
// not compile, and an ignore comment that suppresses nothing. They have no
// Run; they are declared here so that their severity can be configured and
// `lint-lua rules`, `lint-lua explain` and docs/rules.md list them.

var SyntaxError = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       lint.SyntaxErrorID,
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleDoc(lint.SyntaxErrorID),
	},
}

var UnusedIgnore = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       lint.UnusedIgnore,
		Category: diag.Style,
		Severity: diag.SeverityInfo,
		Doc:      ruleDoc(lint.UnusedIgnore),
	},
}

var InvalidIgnore = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       lint.InvalidIgnore,
		Category: diag.Style,
		Severity: diag.SeverityWarning,
		Doc:      ruleDoc(lint.InvalidIgnore),
	},
}
