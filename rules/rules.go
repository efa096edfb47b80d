// Package rules holds lint-lua's rules, one file per rule, and the list that
// registers them.
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

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       lint.SyntaxErrorID,
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title: "the script does not compile as Lua 5.1",
			Why: "Redis runs Lua 5.1 and refuses a script that does not compile (`ERR Error compiling script`). " +
				"Syntax from later Lua versions (`goto`, labels `::x::`, `//`, bitwise operators) is rejected: Redis answers " +
				"`'=' expected near 'continue'` for `goto continue`. A UTF-8 byte order mark at the start of the file is refused too.",
			Bad:   "for i = 1, 3 do\n  if i == 2 then goto continue end\n  ::continue::\nend",
			Good:  "for i = 1, 3 do\n  if i ~= 2 then\n    -- work\n  end\nend",
			Redis: "all",
		},
	},
})

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       lint.UnusedIgnore,
		Category: diag.Style,
		Severity: diag.SeverityInfo,
		Doc: diag.Doc{
			Title: "an ignore comment that suppresses nothing",
			Why: "A `-- lint-lua: ignore RULE -- reason` comment that matches no finding is stale: the code it excused changed, " +
				"and it would silently hide a future finding on that line.",
			Bad:   "local n = 1 -- lint-lua: ignore undeclared-key -- legacy",
			Good:  "local n = 1",
			Redis: "all",
		},
	},
})
