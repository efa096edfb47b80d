package lint

import "github.com/lint-lua/lint-lua/internal/diag"

// Rule is one check: what the outputs know of it (its ID, which never
// changes, its category, default severity, documentation and options) and
// a pure function over the semantic model.
type Rule struct {
	diag.RuleInfo
	// Run reports diagnostics through the pass; it does no I/O and keeps no
	// global state. The engine's own rules (syntax-error, unused-ignore)
	// and those only the Go analyzer reports have none.
	Run func(p *Pass)
}

// Infos returns the RuleInfo of each of rules, in their order.
func Infos(rules []*Rule) []*diag.RuleInfo {
	out := make([]*diag.RuleInfo, len(rules))
	for i, r := range rules {
		out[i] = &r.RuleInfo
	}
	return out
}
