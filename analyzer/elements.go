package analyzer

import (
	"go/ast"
	"go/types"
)

// Scripts kept in a map (or a slice or array) filled at package level or
// in init, and passed as one of its elements:
//
//	var scripts = map[int]string{opMove: `...`, opAck: `...`}
//	rdb.Eval(ctx, scripts[op], keys, args...)
//
// Each value is a script of that call, linted where it is written. The
// call's keys go with one of them, which the code does not say: the
// call-site checks are left out.

// maxElements bounds the values a container of scripts may hold.
const maxElements = 64

// elementTexts returns the texts of the values of the container x indexes,
// when x is m[k] of a variable of the package given one value (a composite
// literal, or make), whose element writes are all in init functions, and
// every value is known; nil otherwise.
func (e *evaluator) elementTexts(x ast.Expr) []*text {
	ix, ok := ast.Unparen(x).(*ast.IndexExpr)
	if !ok {
		return nil
	}
	var v *types.Var
	switch c := ast.Unparen(ix.X).(type) {
	case *ast.Ident:
		v, _ = e.pass.TypesInfo.Uses[c].(*types.Var)
	case *ast.SelectorExpr:
		if e.pass.TypesInfo.Selections[c] == nil {
			v, _ = e.pass.TypesInfo.Uses[c.Sel].(*types.Var) // a package's variable
		}
	}
	if v == nil || v.Pkg() != e.pass.Pkg || !isStringish(elemType(v.Type())) {
		return nil
	}
	init, ok := e.once(v)
	if !ok {
		return nil
	}
	var vals []ast.Expr
	switch c := ast.Unparen(init).(type) {
	case *ast.CompositeLit:
		for _, el := range c.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			vals = append(vals, el)
		}
	case *ast.CallExpr:
		if id, ok := ast.Unparen(c.Fun).(*ast.Ident); !ok || e.pass.TypesInfo.Uses[id] != types.Universe.Lookup("make") {
			return nil
		}
	default:
		return nil
	}
	more, ok := e.elementWrites(v)
	if !ok {
		return nil
	}
	vals = append(vals, more...)
	if len(vals) == 0 || len(vals) > maxElements {
		return nil
	}
	var out []*text
	for _, val := range vals {
		t := e.eval(val)
		if t == nil || t.big {
			return nil
		}
		out = append(out, t)
	}
	return out
}

// elemType is the element type of a map, slice or array type, or nil.
func elemType(t types.Type) types.Type {
	switch u := t.Underlying().(type) {
	case *types.Map:
		return u.Elem()
	case *types.Slice:
		return u.Elem()
	case *types.Array:
		return u.Elem()
	}
	return nil
}

// elementWrites returns the values v[k] = x writes in the package's init
// functions; false when a function other than init writes an element.
func (e *evaluator) elementWrites(v *types.Var) ([]ast.Expr, bool) {
	var vals []ast.Expr
	ok := true
	for _, f := range e.pass.Files {
		for _, d := range f.Decls {
			fd, isFunc := d.(*ast.FuncDecl)
			if !isFunc || fd.Body == nil {
				continue
			}
			inInit := fd.Recv == nil && fd.Name.Name == "init"
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				as, isAssign := n.(*ast.AssignStmt)
				if !isAssign {
					return ok
				}
				for i, lhs := range as.Lhs {
					ix, isIndex := ast.Unparen(lhs).(*ast.IndexExpr)
					if !isIndex {
						continue
					}
					var w *types.Var
					switch c := ast.Unparen(ix.X).(type) {
					case *ast.Ident:
						w, _ = e.pass.TypesInfo.Uses[c].(*types.Var)
					case *ast.SelectorExpr:
						w, _ = e.pass.TypesInfo.Uses[c.Sel].(*types.Var)
					}
					if w != v {
						continue
					}
					if !inInit || len(as.Lhs) != len(as.Rhs) {
						ok = false
						return false
					}
					vals = append(vals, as.Rhs[i])
				}
				return ok
			})
		}
	}
	return vals, ok
}
