package ruleutil

// Which branches of the if statements around a call it runs on, for the
// rules that ask whether two calls can run in one run.

import (
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// Branch is one branch of an if statement: its then part, or its else.
type Branch struct {
	s    *ast.IfStmt
	then bool
}

// IfPaths maps each call expression to the if branches around it.
func IfPaths(m *model.Model) map[*ast.FuncCallExpr][]Branch {
	out := map[*ast.FuncCallExpr][]Branch{}
	var visit func(path []Branch) func(n any) bool
	visit = func(path []Branch) func(n any) bool {
		return func(n any) bool {
			switch n := n.(type) {
			case *ast.IfStmt:
				model.InspectExpr(n.Condition, visit(path))
				m.InspectKinds(n.Then, ifPathKinds, visit(append(path[:len(path):len(path)], Branch{n, true})))
				m.InspectKinds(n.Else, ifPathKinds, visit(append(path[:len(path):len(path)], Branch{n, false})))
				return false
			case *ast.FuncCallExpr:
				out[n] = path
			}
			return true
		}
	}
	m.InspectKinds(m.File.Chunk, ifPathKinds, visit(nil))
	return out
}

// ifPathKinds are the nodes ifPaths looks at.
const ifPathKinds = model.KIfStmt | model.KFuncCallExpr

// Exclusive reports whether two paths take different branches of one if:
// then no single run reaches both.
func Exclusive(a, b []Branch) bool {
	for _, x := range a {
		for _, y := range b {
			if x.s == y.s && x.then != y.then {
				return true
			}
		}
	}
	return false
}
