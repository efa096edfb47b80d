package model

import (
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/ast"
)

// Def is one place where a local gets a value: its `local` declaration or an
// assignment to it.
type Def struct {
	Var *Variable
	// Expr is the expression assigned. It is nil when the statement gives
	// the name no expression: the local then holds nil, unless Extra.
	Expr ast.Expr
	// Extra is true when the value is one of the further results of a
	// multi-valued call or `...` (`local a, b = f()` for b): unknown.
	Extra bool
	// Range is where the name is written in the declaration or assignment.
	Range span.Range
}

// Nil reports whether the definition gives the local nil: a declaration or
// assignment with no expression left for it (`local x`, `local a, b = 1`).
func (d Def) Nil() bool { return d.Expr == nil && !d.Extra }

// LocalDefs returns the definitions of every local declared with `local`
// (not loop variables or parameters, whose values come from outside the
// function body), in source order. It is computed once per model; callers
// must not modify the map.
func (m *Model) LocalDefs() map[*Variable][]Def {
	return Get(m, localDefsFact, func() map[*Variable][]Def { return m.computeLocalDefs() })
}

var localDefsFact = NewFact[map[*Variable][]Def]("localDefs")

func (m *Model) computeLocalDefs() map[*Variable][]Def {
	out := map[*Variable][]Def{}
	if m.File.Chunk == nil {
		return out
	}
	add := func(v *Variable, exprs []ast.Expr, i int, r span.Range) {
		d := Def{Var: v, Range: r}
		switch {
		case i < len(exprs):
			d.Expr = exprs[i]
		case len(exprs) > 0 && MultiValued(exprs[len(exprs)-1]):
			d.Extra = true
		}
		out[v] = append(out[v], d)
	}
	m.InspectKinds(m.File.Chunk, KLocalAssignStmt|KAssignStmt|KFuncDefStmt, func(n any) bool {
		switch s := n.(type) {
		case *ast.LocalAssignStmt:
			for i, v := range m.Declared(s) {
				if m.File.IsLocalFunction(s) {
					out[v] = append(out[v], Def{Var: v, Expr: s.Exprs[0], Range: v.Decl})
					continue
				}
				add(v, s.Exprs, i, v.Decl)
			}
		case *ast.AssignStmt:
			for i, t := range s.Lhs {
				if id, ok := t.(*ast.IdentExpr); ok {
					if v := m.VarOf(id); v != nil {
						add(v, s.Rhs, i, m.Range(id))
					}
				}
			}
		case *ast.FuncDefStmt:
			if s.Name != nil && s.Name.Func != nil {
				if id, ok := s.Name.Func.(*ast.IdentExpr); ok {
					if v := m.VarOf(id); v != nil {
						out[v] = append(out[v], Def{Var: v, Expr: s.Func, Range: m.Range(id)})
					}
				}
			}
		}
		return true
	})
	return out
}

// Reaches reports whether definition d can give the local its value at
// use: d comes before use, or a loop holds both while the local is
// declared outside it (the next round reads what this one assigned). A
// local declared inside the loop body is a new variable each round. Both
// must be in the local's own function (WritesFollowed).
func (m *Model) Reaches(d Def, use span.Pos) bool {
	if d.Range.Start.Less(use) {
		return true
	}
	for _, l := range m.Loops() {
		r := m.Range(l.Stmt)
		if r.Contains(use) && r.Contains(d.Range.Start) && !r.Contains(d.Var.Decl.Start) {
			return true
		}
	}
	return false
}

// WritesFollowed reports whether the value the model gives x, when x reads
// a local, is the value x holds: false when the local is assigned inside
// another function than its own (the assignment happens whenever that
// function is called), or read inside a nested function while it is
// assigned anywhere (the nested function sees the value of the moment it is
// called, not of the moment it is defined). Anything else is followed.
func (m *Model) WritesFollowed(x ast.Expr) bool {
	id, ok := x.(*ast.IdentExpr)
	if !ok {
		return true
	}
	lv := m.VarOf(id)
	if lv == nil {
		return true
	}
	if m.FuncOf(id) != lv.Func && len(lv.Writes) > 0 {
		return false
	}
	for _, w := range lv.Writes {
		if m.FuncAt(m.Range(w).Start) != lv.Func {
			return false
		}
	}
	return true
}

// FuncAt returns the innermost function whose body holds p. (FuncOf knows
// the function of the expressions the model reads, not of assignment
// targets.)
func (m *Model) FuncAt(p span.Pos) *Function {
	best := m.Main
	var bestRange span.Range
	for _, fn := range m.Functions() {
		if fn.Expr == nil {
			continue
		}
		r := m.Range(fn.Expr)
		if r.Contains(p) && (best == m.Main || bestRange.Start.Less(r.Start)) {
			best, bestRange = fn, r
		}
	}
	return best
}
