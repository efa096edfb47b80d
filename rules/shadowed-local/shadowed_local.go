// Package shadowedlocal is the rule shadowed-local: a local that hides another local of the same function.
package shadowedlocal

import (
	_ "embed" // doc.md

	"github.com/yuin/gopher-lua/ast"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

//go:embed doc.md
var doc string

// Rule is shadowed-local.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "shadowed-local",
		Category: diag.Style,
		Severity: diag.SeverityInfo,
		Doc:      ruleutil.Doc("rules/shadowed-local/doc.md", doc),
	},
	Run: runShadowedLocal,
}

func runShadowedLocal(p *lint.Pass) {
	m := p.Model
	for _, v := range m.Vars {
		outer := v.Shadows
		// A parameter or a local of a nested function that reuses an outer
		// name is a function's own business: only one function's blocks
		// are looked at.
		if outer == nil || outer.Func != v.Func || v.Kind == model.Param || v.Kind == model.SelfParam || v.Kind == model.VarargArg {
			continue
		}
		if v.Name == "_" {
			continue
		}
		// A second `local x` in the same block replaces the first for all
		// the code after it: nothing assigns a variable the code then reads.
		if outer.Scope == v.Scope {
			continue
		}
		f := p.Report(v.Decl, "local %s hides the local %s declared on line %d", v.Name, v.Name, outer.Decl.Start.Line).
			Help("assignments here do not reach it; assign it (%s = ...) or rename this one", v.Name)
		if shadowMatters(m, v, outer) {
			f.Raise()
		}
	}
}

// shadowMatters reports whether inner, which hides outer, changes what the
// script does: outer is read after inner's block, and inner's value is
// never read (it was meant for outer) or outer is nil wherever it is read
// (declared without a value, not even a call's extra results, and never
// assigned).
func shadowMatters(m *model.Model, inner, outer *model.Variable) bool {
	// In inner's block every use of the name is inner's: a read of outer
	// after inner's declaration (its value included, `local x = x + 1`)
	// is past the end of that block.
	end := inner.Decl.End
	if inner.Init != nil {
		end = m.Range(inner.Init).End
	}
	readAfter := false
	for _, r := range outer.Reads {
		if at := m.Range(r).Start; at.Line > end.Line || at.Line == end.Line && at.Column >= end.Column {
			readAfter = true
			break
		}
	}
	if !readAfter {
		return false
	}
	// A local given a call's extra results (`local a, b = unpack(r)`)
	// has a value though it has no expression of its own (Def.Extra).
	defs := m.LocalDefs()
	given := len(inner.Writes) > 0
	for _, d := range defs[inner] {
		given = given || !d.Nil()
	}
	if given && len(inner.Reads) == 0 && inner.Kind == model.LocalVar {
		return true
	}
	if len(outer.Writes) > 0 || outer.Kind != model.LocalVar {
		return false
	}
	for _, d := range defs[outer] {
		if _, isNil := d.Expr.(*ast.NilExpr); !d.Nil() && !isNil {
			return false
		}
	}
	return true
}
