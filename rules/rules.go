// Package rules holds lint-lua's rules, one file per rule, and the list that
// registers them. A rule file keeps its unexported helpers to itself; what
// several rules use lives in a file that registers no rule (shared_*.go,
// sandbox.go) or in internal/model, and TestRuleFilesKeepTheirHelpers keeps
// it so.
package rules

import (
	"sort"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
)

var registry []*lint.Rule

// register adds a rule; each rule file calls it from a package-level var.
func register(r *lint.Rule) *lint.Rule {
	registry = append(registry, r)
	return r
}

// All returns every rule sorted by ID, including the engine's own
// syntax-error and unused-ignore (which have no Run).
func All() []*lint.Rule {
	out := append([]*lint.Rule(nil), registry...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Infos returns what the outputs know of every rule, sorted by ID.
func Infos() []*diag.RuleInfo {
	return lint.Infos(All())
}

// ByID finds a rule.
func ByID(id string) *lint.Rule {
	for _, r := range registry {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// IDs returns every rule's ID, sorted.
func IDs() []string {
	all := All()
	out := make([]string, len(all))
	for i, r := range all {
		out[i] = r.ID
	}
	return out
}

// Closest returns the rule ID nearest to a name that is none, for a "did
// you mean", or "" when none is near.
func Closest(name string) string {
	return diag.Closest(name, IDs())
}
