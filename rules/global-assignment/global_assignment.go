// Package globalassignment is the rule global-assignment: assignment to a global variable. Its documentation is doc.md, its
// fixtures testdata/.
package globalassignment

import (
	_ "embed" // doc.md

	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is global-assignment.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "global-assignment",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/global-assignment/doc.md", doc),
	},
	Run: runGlobalAssignment,
}

func runGlobalAssignment(p *lint.Pass) {
	m := p.Model
	siblingOf := ruleutil.SiblingLookup(p)
	// Assignments to names that a script this one may be joined with
	// declares local: reported once, as a fragment's. A name the other
	// script only assigns as a global is no local for them to set.
	var fragment []model.GlobalAccess
	for _, g := range m.Globals {
		if !g.Write {
			continue
		}
		if !g.Field && siblingOf(g.Name).Local {
			fragment = append(fragment, g)
			continue
		}
		when := "the script fails when it gets here"
		if ruleutil.AtLoad(m, g) {
			when = "FUNCTION LOAD fails"
		} else if m.Context.String() == "library" {
			when = "FCALL fails when it gets here"
		}
		if g.Field {
			// The table as the script wrote it: on Valkey, the model
			// names server.x redis.x.
			table := g.Ident.Value
			_, field, _ := strings.Cut(g.Name, ".")
			if !ruleutil.ReadonlyTable(p.Target, table) {
				continue
			}
			p.Report(g.Range(), "%s.%s is a field of the read-only %s table", table, field, table).
				Help("%s with 'Attempt to modify a readonly table': keep the value in a local", when)
			continue
		}
		p.Report(g.Range(), "assignment to global %s", g.Name).
			Help("%s with 'Attempt to modify a readonly table': declare it local", when)
	}
	reportRawsetGlobals(p)
	if len(fragment) > 0 {
		names, more := ruleutil.FragmentNames(fragment)
		first := fragment[0]
		p.Report(first.Range(), "assignment to %s%s, declared only by %s, as in a fragment", first.Name, more, siblingOf(first.Name).Script).
			Help("joined after that declaration, as a loader or a program that builds its script from pieces joins them, it sets "+
				"the declared variable; run alone, this text fails with 'Attempt to modify a readonly table' (declare local: %s)", strings.Join(names, ", ")).Info()
	}
}

// reportRawsetGlobals reports rawset(_G, name, v): rawset skips a
// metatable's __newindex, but the global table itself is read-only and
// rawset fails too (itamarhaber's heappump.lua; redis-facts B6, observed
// on 7.0.15: 'Attempt to modify a readonly table').
func reportRawsetGlobals(p *lint.Pass) {
	m := p.Model
	m.Preorder(model.KFuncCallExpr, func(n any) {
		c := n.(*ast.FuncCallExpr)
		if m.BuiltinName(c) != "rawset" || len(c.Args) == 0 {
			return
		}
		if g := m.Value(c.Args[0]); g.Origin != model.Builtin || g.Lit != "_G" {
			return
		}
		p.Report(m.Range(c), "rawset(_G, ...) writes a global of the read-only global table").
			Help("the global table is read-only itself, not only guarded by a metatable, so rawset fails too with 'Attempt to modify a readonly table': keep the value in a local table")
	})
}
