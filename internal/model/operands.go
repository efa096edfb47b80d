package model

import "github.com/yuin/gopher-lua/ast"

// Operation is one arithmetic operation or ordering comparison: the places
// where Lua raises an error when an operand is nil, a boolean, or (for a
// comparison) of another type than the other operand.
type Operation struct {
	// Expr is the *ast.ArithmeticOpExpr, *ast.UnaryMinusOpExpr or
	// *ast.RelationalOpExpr.
	Expr ast.Expr
	// Op is the operator as written ("+", "<=", ...); "-" for unary minus.
	Op string
	// Compare is true for an ordering comparison (< <= > >=).
	Compare bool
	// Operands are the left and right operands (one for unary minus).
	Operands []ast.Expr
}

// Operations returns the file's arithmetic operations and ordering
// comparisons in source order (outer before inner).
func (m *Model) Operations() []Operation {
	var out []Operation
	WalkExprs(m.File.Chunk, func(x ast.Expr) {
		switch x := x.(type) {
		case *ast.ArithmeticOpExpr:
			out = append(out, Operation{Expr: x, Op: x.Operator, Operands: []ast.Expr{x.Lhs, x.Rhs}})
		case *ast.UnaryMinusOpExpr:
			out = append(out, Operation{Expr: x, Op: "-", Operands: []ast.Expr{x.Expr}})
		case *ast.RelationalOpExpr:
			switch x.Operator {
			case "<", "<=", ">", ">=":
				out = append(out, Operation{Expr: x, Op: x.Operator, Compare: true, Operands: []ast.Expr{x.Lhs, x.Rhs}})
			}
		}
	})
	return out
}

// WalkExprs calls fn on every expression of stmts, nested function bodies
// included, each before its subexpressions.
func WalkExprs(stmts []ast.Stmt, fn func(ast.Expr)) {
	w := exprWalker{fn: fn}
	w.block(stmts)
}

type exprWalker struct{ fn func(ast.Expr) }

func (w exprWalker) block(stmts []ast.Stmt) {
	for _, s := range stmts {
		w.stmt(s)
	}
}

func (w exprWalker) exprs(es []ast.Expr) {
	for _, e := range es {
		w.expr(e)
	}
}

func (w exprWalker) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		w.exprs(s.Lhs)
		w.exprs(s.Rhs)
	case *ast.LocalAssignStmt:
		w.exprs(s.Exprs)
	case *ast.FuncCallStmt:
		w.expr(s.Expr)
	case *ast.DoBlockStmt:
		w.block(s.Stmts)
	case *ast.WhileStmt:
		w.expr(s.Condition)
		w.block(s.Stmts)
	case *ast.RepeatStmt:
		w.block(s.Stmts)
		w.expr(s.Condition)
	case *ast.IfStmt:
		w.expr(s.Condition)
		w.block(s.Then)
		w.block(s.Else)
	case *ast.NumberForStmt:
		w.expr(s.Init)
		w.expr(s.Limit)
		w.expr(s.Step)
		w.block(s.Stmts)
	case *ast.GenericForStmt:
		w.exprs(s.Exprs)
		w.block(s.Stmts)
	case *ast.FuncDefStmt:
		if s.Name != nil {
			w.expr(s.Name.Func)
			w.expr(s.Name.Receiver)
		}
		w.expr(s.Func)
	case *ast.ReturnStmt:
		w.exprs(s.Exprs)
	}
}

func (w exprWalker) expr(e ast.Expr) {
	if e == nil {
		return
	}
	w.fn(e)
	switch e := e.(type) {
	case *ast.AttrGetExpr:
		w.expr(e.Object)
		w.expr(e.Key)
	case *ast.TableExpr:
		for _, f := range e.Fields {
			w.expr(f.Key)
			w.expr(f.Value)
		}
	case *ast.FuncCallExpr:
		w.expr(e.Func)
		w.expr(e.Receiver)
		w.exprs(e.Args)
	case *ast.LogicalOpExpr:
		w.expr(e.Lhs)
		w.expr(e.Rhs)
	case *ast.RelationalOpExpr:
		w.expr(e.Lhs)
		w.expr(e.Rhs)
	case *ast.StringConcatOpExpr:
		w.expr(e.Lhs)
		w.expr(e.Rhs)
	case *ast.ArithmeticOpExpr:
		w.expr(e.Lhs)
		w.expr(e.Rhs)
	case *ast.UnaryMinusOpExpr:
		w.expr(e.Expr)
	case *ast.UnaryNotOpExpr:
		w.expr(e.Expr)
	case *ast.UnaryLenOpExpr:
		w.expr(e.Expr)
	case *ast.FunctionExpr:
		w.block(e.Stmts)
	}
}
