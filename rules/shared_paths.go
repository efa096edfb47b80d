package rules

// Which branches of the if statements around a call it runs on, for the
// rules that ask whether two calls can run in one run.

import (
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// branch is one branch of an if statement: its then part, or its else.
type branch struct {
	s    *ast.IfStmt
	then bool
}

// ifPaths maps each call expression to the if branches around it.
func ifPaths(m *model.Model) map[*ast.FuncCallExpr][]branch {
	out := map[*ast.FuncCallExpr][]branch{}
	var visit func(path []branch) func(n any) bool
	visit = func(path []branch) func(n any) bool {
		return func(n any) bool {
			switch n := n.(type) {
			case *ast.IfStmt:
				model.InspectExpr(n.Condition, visit(path))
				m.InspectKinds(n.Then, ifPathKinds, visit(append(path[:len(path):len(path)], branch{n, true})))
				m.InspectKinds(n.Else, ifPathKinds, visit(append(path[:len(path):len(path)], branch{n, false})))
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

// exclusive reports whether two paths take different branches of one if:
// then no single run reaches both.
func exclusive(a, b []branch) bool {
	for _, x := range a {
		for _, y := range b {
			if x.s == y.s && x.then != y.then {
				return true
			}
		}
	}
	return false
}
