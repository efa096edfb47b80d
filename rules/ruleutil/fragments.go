package ruleutil

// What undefined-global and global-assignment share about fragments: a
// script whose globals another script it may be joined with declares (a
// header of its .lua folder, another string of its host file:
// lint.Config.Siblings) is a piece of a larger script, reported once, at
// info, rather than as a script that fails on its own.

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
)

// SiblingLookup returns the script that defines a name for this one, the
// zero Sibling when none does; the siblings are read on the first question
// (a clean script asks none).
func SiblingLookup(p *lint.Pass) func(string) lint.Sibling {
	var siblings map[string]lint.Sibling
	return func(name string) lint.Sibling {
		if p.Siblings == nil {
			return lint.Sibling{}
		}
		if siblings == nil {
			siblings = p.Siblings()
		}
		return siblings[name]
	}
}

// FragmentNames lists the names of uses once each, in order, and says how
// many there are besides the first (" (+2 more)"), for a headline that
// names the first.
func FragmentNames(uses []model.GlobalAccess) (names []string, more string) {
	seen := map[string]bool{}
	for _, g := range uses {
		if !seen[g.Name] {
			seen[g.Name] = true
			names = append(names, g.Name)
		}
	}
	if len(names) > 1 {
		more = fmt.Sprintf(" (+%d more)", len(names)-1)
	}
	return names, more
}
