// Package rules holds lint-lua's rules, one file per rule, and the list that
// registers them. A rule file keeps its unexported helpers to itself; what
// several rules use lives in a file that registers no rule (shared_*.go,
// sandbox.go) or in internal/model, and TestRuleFilesKeepTheirHelpers keeps
// it so.
package rules

import (
	"embed"
	"fmt"
	"sort"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/ruledoc"
)

var registry []*lint.Rule

// Each rule's documentation is docs/<id>.md (internal/ruledoc says the
// format); shared_docs.md holds the texts several of them name.
var (
	//go:embed docs/*.md
	docFiles embed.FS
	//go:embed shared_docs.md
	sharedDocsMD string
	sharedDocs   = mustTexts(sharedDocsMD)
)

func mustTexts(src string) ruledoc.Texts {
	t, err := ruledoc.ParseTexts(src)
	if err != nil {
		panic(fmt.Sprintf("rules/shared_docs.md: %v", err))
	}
	return t
}

// ruleDoc reads rule id's documentation from docs/<id>.md. A file that
// does not parse stops the program when the package loads, so any test of
// the package fails on it.
func ruleDoc(id string) diag.Doc {
	path := "docs/" + id + ".md"
	src, err := docFiles.ReadFile(path)
	if err == nil {
		var d diag.Doc
		if d, err = ruledoc.Parse(string(src), sharedDocs); err == nil {
			return d
		}
	}
	panic(fmt.Sprintf("rules/%s: %v", path, err))
}

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
