package lint

import (
	"fmt"
	"sort"

	"github.com/lint-lua/lint-lua/internal/diag"
)

// Catalogue is a set of rules with their lookups: the value the commands,
// the settings, the Go analyzer and the language server are given instead
// of reaching for a package-global list. rules.Catalogue makes the one of
// every rule (generated); a test may make one of a few.
type Catalogue struct {
	rules []*Rule
	byID  map[string]*Rule
	ids   []string
}

// NewCatalogue returns the catalogue of rules, sorted by ID. Two rules
// with one ID are a programming error, and it panics.
func NewCatalogue(rules ...*Rule) *Catalogue {
	c := &Catalogue{rules: append([]*Rule(nil), rules...), byID: make(map[string]*Rule, len(rules))}
	sort.Slice(c.rules, func(i, j int) bool { return c.rules[i].ID < c.rules[j].ID })
	for _, r := range c.rules {
		if c.byID[r.ID] != nil {
			panic(fmt.Sprintf("lint.NewCatalogue: rule %s twice", r.ID))
		}
		c.byID[r.ID] = r
		c.ids = append(c.ids, r.ID)
	}
	return c
}

// All returns every rule, sorted by ID, including the engine's own
// (syntax-error, unused-ignore, invalid-ignore: no Run). The slice is the
// caller's.
func (c *Catalogue) All() []*Rule { return append([]*Rule(nil), c.rules...) }

// ByID finds a rule, or returns nil.
func (c *Catalogue) ByID(id string) *Rule { return c.byID[id] }

// IDs returns every rule's ID, sorted. The slice is the caller's.
func (c *Catalogue) IDs() []string { return append([]string(nil), c.ids...) }

// Infos returns what the outputs know of every rule, sorted by ID.
func (c *Catalogue) Infos() []*diag.RuleInfo { return Infos(c.rules) }

// Closest returns the rule ID nearest to a name that is none, for a "did
// you mean", or "" when none is near.
func (c *Catalogue) Closest(name string) string { return diag.Closest(name, c.ids) }
