package rules

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
)

// The rules that only the Go analyzer reports (package analyzer): they are
// about the Go call site that runs a script, or about Redis commands sent
// one by one from Go, so they have no Run over a Lua model. They are
// declared here so that `lint-lua rules`, `lint-lua explain` and
// docs/rules.md list them with the others. Their Bad and Good examples are
// Go. The Go analyzer also reports lock-without-expiry,
// unsafe-lock-release, write-in-readonly-script and missing-hash-tag at
// call sites, under the Lua rules' IDs.

// GoOnlyRules returns the IDs of the rules that only the Go analyzer
// reports: they have no Lua fixtures.
func GoOnlyRules() []string {
	return []string{"dynamic-script", "keys-count-mismatch", "nonatomic-check-then-act"}
}

var NonatomicCheckThenAct = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "nonatomic-check-then-act",
		Category: diag.Atomicity,
		Severity: diag.SeverityWarning,
		Doc:      ruleDoc("nonatomic-check-then-act"),
	},
}

var KeysCountMismatch = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "keys-count-mismatch",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleDoc("keys-count-mismatch"),
	},
}

var DynamicScript = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "dynamic-script",
		Category: diag.Performance,
		Severity: diag.SeverityWarning,
		Doc:      ruleDoc("dynamic-script"),
	},
}
