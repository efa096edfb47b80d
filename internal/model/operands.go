package model

import (
	"slices"

	"github.com/yuin/gopher-lua/ast"
)

// Operation is one arithmetic operation, ordering comparison or
// concatenation: the places where Lua raises an error when an operand is
// nil, a boolean, or (for a comparison) of another type than the other
// operand.
type Operation struct {
	// Expr is the *ast.ArithmeticOpExpr, *ast.UnaryMinusOpExpr or
	// *ast.RelationalOpExpr.
	Expr ast.Expr
	// Op is the operator as written ("+", "<=", ...); "-" for unary minus.
	Op string
	// Compare is true for an ordering comparison (< <= > >=).
	Compare bool
	// Concat is true for a concatenation (..).
	Concat bool
	// Operands are the left and right operands (one for unary minus).
	Operands []ast.Expr
}

// Operations returns the file's arithmetic operations, ordering
// comparisons and concatenations in source order (outer before inner).
func (m *Model) Operations() []Operation {
	if m.operations == nil {
		v := m.computeOperations()
		m.operations = &v
	}
	// Clipped: a caller that appends gets its own array.
	return slices.Clip(*m.operations)
}

func (m *Model) computeOperations() []Operation {
	var out []Operation
	// The operands' lists are windows of shared arrays, one allocation
	// per chunk rather than one per operation; each is clipped, so that an
	// append never writes into the next.
	var buf []ast.Expr
	operands := func(es ...ast.Expr) []ast.Expr {
		if cap(buf)-len(buf) < len(es) {
			buf = make([]ast.Expr, 0, max(2*cap(buf), 32))
		}
		i := len(buf)
		buf = append(buf, es...)
		return buf[i:len(buf):len(buf)]
	}
	m.Preorder(KArithmeticOpExpr|KUnaryMinusOpExpr|KRelationalOpExpr|KStringConcatOpExpr, func(x any) {
		switch x := x.(type) {
		case *ast.StringConcatOpExpr:
			out = append(out, Operation{Expr: x, Op: "..", Concat: true, Operands: operands(x.Lhs, x.Rhs)})
		case *ast.ArithmeticOpExpr:
			out = append(out, Operation{Expr: x, Op: x.Operator, Operands: operands(x.Lhs, x.Rhs)})
		case *ast.UnaryMinusOpExpr:
			out = append(out, Operation{Expr: x, Op: "-", Operands: operands(x.Expr)})
		case *ast.RelationalOpExpr:
			switch x.Operator {
			case "<", "<=", ">", ">=":
				out = append(out, Operation{Expr: x, Op: x.Operator, Compare: true, Operands: operands(x.Lhs, x.Rhs)})
			}
		}
	})
	return out
}

// WalkExprs calls fn on every expression of stmts, nested function bodies
// included, each before its subexpressions. Model.Preorder(KExprs, ...) does
// the same over the model's flattened tree.
func WalkExprs(stmts []ast.Stmt, fn func(ast.Expr)) {
	Inspect(stmts, func(n any) bool {
		if e, ok := n.(ast.Expr); ok {
			fn(e)
		}
		return true
	})
}
