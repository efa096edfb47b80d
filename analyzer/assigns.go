package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
)

// The one record of what the package writes to its variables and struct
// fields, which every part that asks "what does this variable hold" reads:
// the evaluator (a variable assigned once, a package variable set in init,
// a field set once in a constructor), the choices between a few constants
// (alternatives.go), the script object a Run call runs (scripts.go), the
// helpers whose parameter reaches a script API unchanged (facts.go), and
// the names a lock key is written with (callsite_locks.go).
//
// A variable's values are the right-hand sides of its plain, one-value
// assignments (`v = x`, `v := x`, `var v = x`), its declaration's
// included; a struct field's are those of `s.f = x` and of the composite
// literals that name it. Any other write (a tuple assignment from a call,
// `+=`, `++`, a range, its address taken) makes the variable's values
// unknown (other). A parameter's and an exported field's values are never
// known: the caller, or another package, gives them more.

// assigns holds, by variable (an instantiated field by its origin), its
// values and whether it is written any other way.
type assigns struct {
	values map[*types.Var][]ast.Expr
	other  map[*types.Var]bool
}

func newAssigns() assigns {
	return assigns{values: map[*types.Var][]ast.Expr{}, other: map[*types.Var]bool{}}
}

// once returns the one value v is ever given, when it is written only by
// one plain assignment (or its declaration).
func (a assigns) once(v *types.Var) (ast.Expr, bool) {
	v = v.Origin()
	if vals := a.values[v]; len(vals) == 1 && !a.other[v] && closed(v) {
		return vals[0], true
	}
	return nil, false
}

// closed reports whether every value of v is written in the package: not
// a parameter, receiver or result (the caller, or a return, gives it one
// more), nor an exported field (another package may write it).
func closed(v *types.Var) bool {
	switch v.Kind() {
	case types.ParamVar, types.RecvVar, types.ResultVar:
		return false
	case types.FieldVar:
		return !v.Exported()
	}
	return true
}

// choices returns the values of a variable written only by plain
// assignments, more than one: it holds one of them.
func (a assigns) choices(v *types.Var) []ast.Expr {
	v = v.Origin()
	if vals := a.values[v]; len(vals) > 1 && !a.other[v] && closed(v) {
		return vals
	}
	return nil
}

// unassigned reports whether the package never writes v: a parameter
// that keeps what the caller passed, a variable //go:embed fills.
func (a assigns) unassigned(v *types.Var) bool {
	v = v.Origin()
	return len(a.values[v]) == 0 && !a.other[v]
}

// index records the writes of f.
func (a assigns) index(info *types.Info, f *ast.File) {
	// target is the variable or field a written expression denotes.
	target := func(x ast.Expr) *types.Var {
		switch x := ast.Unparen(x).(type) {
		case *ast.Ident:
			v, _ := info.ObjectOf(x).(*types.Var)
			return v
		case *ast.SelectorExpr:
			if sel := info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
				v, _ := sel.Obj().(*types.Var)
				return v
			}
		}
		return nil
	}
	set := func(v *types.Var, x ast.Expr) {
		if v != nil {
			v = v.Origin()
			a.values[v] = append(a.values[v], x)
		}
	}
	mark := func(v *types.Var) {
		if v != nil {
			a.other[v.Origin()] = true
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for i, name := range n.Names {
				v, ok := info.Defs[name].(*types.Var)
				switch {
				case !ok:
				case len(n.Values) == len(n.Names):
					set(v, n.Values[i])
				case len(n.Values) > 0:
					mark(v)
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				v := target(lhs)
				if (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) && len(n.Lhs) == len(n.Rhs) {
					set(v, n.Rhs[i])
				} else {
					mark(v)
				}
			}
		case *ast.IncDecStmt:
			mark(target(n.X))
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				mark(target(n.X))
			}
		case *ast.RangeStmt:
			mark(target(n.Key))
			mark(target(n.Value))
		case *ast.CompositeLit:
			t := info.TypeOf(n)
			if t == nil {
				break
			}
			st, ok := t.Underlying().(*types.Struct)
			if !ok {
				break
			}
			for i, el := range n.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						fv, _ := info.Uses[id].(*types.Var)
						set(fv, kv.Value)
					}
				} else if i < st.NumFields() {
					set(st.Field(i), el)
				}
			}
		}
		return true
	})
}
