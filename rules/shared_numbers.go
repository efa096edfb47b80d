package rules

// Guards of numbers, for the rules that judge what a number may be
// (invalid-expire-time, division-by-zero).

import (
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// comparedLocals are the locals the script compares with anything (a
// guard: `if ttl <= 0 then return end`).
func comparedLocals(m *model.Model) map[*model.Variable]bool {
	out := map[*model.Variable]bool{}
	m.Preorder(model.KRelationalOpExpr, func(n any) {
		r := n.(*ast.RelationalOpExpr)
		for _, side := range []ast.Expr{r.Lhs, r.Rhs} {
			if v := m.LocalOf(side); v != nil {
				out[v] = true
			}
		}
	})
	return out
}

// checked reports whether x, or a local its value is computed from, is
// compared somewhere in the script: the script then decides what a value
// of 0 or less does.
func checked(m *model.Model, x ast.Expr, guarded map[*model.Variable]bool) bool {
	found := false
	var walk func(e ast.Expr, depth int)
	walk = func(e ast.Expr, depth int) {
		if found || depth > 8 {
			return
		}
		if v := m.LocalOf(e); v != nil {
			if guarded[v] {
				found = true
				return
			}
			if v.Init != nil && len(v.Writes) == 0 {
				walk(v.Init, depth+1)
			}
			return
		}
		model.InspectExpr(e, func(n any) bool {
			if id, ok := n.(*ast.IdentExpr); ok && id != e {
				walk(id, depth+1)
			}
			return !found
		})
	}
	walk(x, 0)
	return found
}
