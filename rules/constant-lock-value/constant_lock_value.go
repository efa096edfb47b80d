// Package constantlockvalue is the rule constant-lock-value: a lock taken with a constant value. Its documentation is doc.md, its
// fixtures testdata/.
package constantlockvalue

import (
	_ "embed" // doc.md

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

//go:embed doc.md
var doc string

// Rule is constant-lock-value.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "constant-lock-value",
		Category: diag.Atomicity,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/constant-lock-value/doc.md", doc),
	},
	Run: runConstantLockValue,
}

func runConstantLockValue(p *lint.Pass) {
	m := p.Model
	// The first release of each lock that a run performs without having
	// taken the lock itself.
	release := map[*model.Call]*model.Call{}
	for _, r := range ruleutil.LockReleases(m) {
		if r.State == 0 {
			continue
		}
		for _, a := range r.Acqs {
			if release[a] == nil {
				release[a] = r.Call
			}
		}
	}
	for _, c := range m.Calls {
		rel := release[c]
		if rel == nil || len(c.Args) < 3 {
			continue
		}
		v := c.Args[2].Value
		if v.Origin != model.Literal || v.Types&(model.TString|model.TNumber) == 0 {
			continue
		}
		p.Report(m.Range(c.Args[2].Expr), "lock %s is taken with the constant value %s", m.Text(c.Args[1].Expr), m.Text(c.Args[2].Expr)).
			Help("the %s on line %d releases it in a run that did not take it: every holder writes the same value, so that release cannot tell this client's lock from the next holder's after it expires; store a unique token from ARGV and delete only when GET returns it",
				rel.Name, m.Range(rel.Expr).Start.Line)
	}
}
