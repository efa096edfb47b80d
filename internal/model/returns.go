package model

import "github.com/yuin/gopher-lua/ast"

// ReturnValue is what a call of a local function may return as its first
// value: the join of the first values of the function's return statements,
// with nil added when the end of its body may be reached. It is AnyValue when
// the callee is not a local function that is never reassigned. The values
// are those the function's body saw where it was defined; the call's
// arguments are not followed into the parameters.
func (m *Model) ReturnValue(call *ast.FuncCallExpr) Value {
	if call == nil || call.Receiver != nil {
		return AnyValue
	}
	id, ok := call.Func.(*ast.IdentExpr)
	if !ok {
		return AnyValue
	}
	v := m.VarOf(id)
	if v == nil || len(v.Writes) > 0 {
		return AnyValue
	}
	fe, ok := v.Init.(*ast.FunctionExpr)
	if !ok {
		return AnyValue
	}
	var out Value
	m.InspectKinds(fe.Stmts, KFunctionExpr|KReturnStmt, func(n any) bool {
		switch n := n.(type) {
		case *ast.FunctionExpr:
			return false
		case *ast.ReturnStmt:
			rv := Value{Types: TNil, Origin: Literal, Lit: "nil"}
			if len(n.Exprs) > 0 {
				rv = m.Value(n.Exprs[0])
				rv.Var = nil
			}
			out = Join(out, rv)
		}
		return true
	})
	if mayFallThrough(m, fe.Stmts) {
		out = Join(out, Value{Types: TNil})
	}
	if out.Types == 0 {
		return AnyValue
	}
	return out
}

// mayFallThrough reports whether the end of stmts may be reached: it may,
// unless they end with a return, an error() call, or an if whose every
// branch ends so.
func mayFallThrough(m *Model, stmts []ast.Stmt) bool {
	if len(stmts) == 0 {
		return true
	}
	switch s := stmts[len(stmts)-1].(type) {
	case *ast.ReturnStmt:
		return false
	case *ast.FuncCallStmt:
		return !isErrorCall(m, s.Expr)
	case *ast.DoBlockStmt:
		return mayFallThrough(m, s.Stmts)
	case *ast.IfStmt:
		return len(s.Else) == 0 || mayFallThrough(m, s.Then) || mayFallThrough(m, s.Else)
	}
	return true
}

// ReplyReturn is a return statement whose values become the reply Redis
// sends: one of the main chunk of a script, or of a registered function's
// body (a nested function's return stays in Lua).
type ReplyReturn struct {
	Stmt *ast.ReturnStmt
	// Registration is the function it returns from, nil for a script.
	Registration *Registration
}

// ReplyReturns lists the file's ReplyReturns in source order, those of each
// registered function after the script's.
func (m *Model) ReplyReturns() []ReplyReturn {
	var out []ReplyReturn
	collect := func(stmts []ast.Stmt, r *Registration) {
		m.InspectKinds(stmts, KFunctionExpr|KReturnStmt, func(n any) bool {
			switch n := n.(type) {
			case *ast.FunctionExpr:
				return false
			case *ast.ReturnStmt:
				out = append(out, ReplyReturn{Stmt: n, Registration: r})
			}
			return true
		})
	}
	if m.Context == Script && m.File.Chunk != nil {
		collect(m.File.Chunk, nil)
	}
	for _, r := range m.Registrations {
		if r.Callback != nil {
			collect(r.Callback.Stmts, r)
		}
	}
	return out
}
