package lint

import (
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/yuin/gopher-lua/ast"
)

// statementEnds returns a function that gives, for a line of f, the last
// line of the statement that starts on it (the line itself when none
// does): an ignore on the line above a statement covers all of it, a
// redis.call whose arguments run over several lines included. Of a
// statement with a body (if, while, for, repeat, do, a function) only the
// head counts, up to the end of its condition or its loop's expressions:
// the body's statements have ignores of their own. The table is built on
// the first call.
func statementEnds(f *luasrc.File) func(line int) int {
	var ends map[int]int
	build := func() {
		ends = map[int]int{}
		note := func(start, end int) {
			if end > ends[start] {
				ends[start] = end
			}
		}
		var walk func([]ast.Stmt)
		// head notes a statement whose head ends where its last
		// expression does, and walks the function bodies among them.
		head := func(s ast.Stmt, exprs ...ast.Expr) {
			start, end := f.Range(s).Start.Line, 0
			for _, e := range exprs {
				if e == nil {
					continue
				}
				if fn, ok := e.(*ast.FunctionExpr); ok {
					walk(fn.Stmts)
					end = max(end, start)
					continue
				}
				end = max(end, f.Range(e).End.Line)
			}
			note(start, max(start, end))
		}
		walk = func(stmts []ast.Stmt) {
			for _, s := range stmts {
				switch s := s.(type) {
				case *ast.IfStmt:
					head(s, s.Condition)
					walk(s.Then)
					walk(s.Else)
				case *ast.WhileStmt:
					head(s, s.Condition)
					walk(s.Stmts)
				case *ast.RepeatStmt:
					head(s)
					walk(s.Stmts)
				case *ast.DoBlockStmt:
					head(s)
					walk(s.Stmts)
				case *ast.NumberForStmt:
					head(s, s.Init, s.Limit, s.Step)
					walk(s.Stmts)
				case *ast.GenericForStmt:
					head(s, s.Exprs...)
					walk(s.Stmts)
				case *ast.FuncDefStmt:
					head(s, s.Func)
				case *ast.LocalAssignStmt:
					head(s, s.Exprs...)
				case *ast.AssignStmt:
					head(s, append(append([]ast.Expr{}, s.Lhs...), s.Rhs...)...)
				case *ast.ReturnStmt:
					head(s, s.Exprs...)
				default:
					r := f.Range(s)
					note(r.Start.Line, r.End.Line)
				}
			}
		}
		walk(f.Chunk)
	}
	return func(line int) int {
		if ends == nil {
			build()
		}
		if e, ok := ends[line]; ok {
			return e
		}
		return line
	}
}
