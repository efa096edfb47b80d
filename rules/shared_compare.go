package rules

// What Lua 5.1 does with an ordering comparison of values of the wrong
// types, for the rules that report one.

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// strNumCompare is an ordering comparison of a string with a number.
type strNumCompare struct {
	str, num       ast.Expr
	strVal, numVal model.Value
}

// findStringNumberCompare reports whether x is an ordering comparison whose
// one side is always a string (or null) and the other always a number (or
// nil): Lua raises on every evaluation, whatever the values.
func findStringNumberCompare(m *model.Model, x *ast.RelationalOpExpr) (strNumCompare, bool) {
	switch x.Operator {
	case "<", "<=", ">", ">=":
	default:
		return strNumCompare{}, false
	}
	l, r := m.Value(x.Lhs), m.Value(x.Rhs)
	switch {
	case isStringValue(l) && isNumberValue(r):
		return strNumCompare{str: x.Lhs, num: x.Rhs, strVal: l, numVal: r}, true
	case isNumberValue(l) && isStringValue(r):
		return strNumCompare{str: x.Rhs, num: x.Lhs, strVal: r, numVal: l}, true
	}
	return strNumCompare{}, false
}

// isStringValue: a string whenever it is not nil or false. A comparison
// with nil or false raises too, so the falsy part does not matter here.
func isStringValue(v model.Value) bool { return v.Types&^model.Falsy == model.TString }

func isNumberValue(v model.Value) bool { return v.Types&^model.Falsy == model.TNumber }

// luaTypeName is the type name Lua prints for a value that has exactly one
// type, or "".
func luaTypeName(t model.TypeSet) string {
	switch t {
	case model.TNil:
		return "nil"
	case model.TFalse, model.TTrue, model.TFalse | model.TTrue:
		return "boolean"
	case model.TNumber:
		return "number"
	case model.TString:
		return "string"
	case model.TTable:
		return "table"
	case model.TFunction:
		return "function"
	}
	return ""
}

// compareError is the message Lua 5.1 raises for `a op b` when a has type
// lt and b type rt: `a > b` runs as `b < a`, so the names swap.
func compareError(op, lt, rt string) string {
	if op == ">" || op == ">=" {
		lt, rt = rt, lt
	}
	if lt == rt {
		return fmt.Sprintf("attempt to compare two %s values", lt)
	}
	return fmt.Sprintf("attempt to compare %s with %s", lt, rt)
}

// conjuncts splits an `and` chain into its operands (`a and b and c`: a, b,
// c); any other expression is one.
func conjuncts(e ast.Expr) []ast.Expr {
	if l, ok := e.(*ast.LogicalOpExpr); ok && l.Operator == "and" {
		return append(conjuncts(l.Lhs), conjuncts(l.Rhs)...)
	}
	return []ast.Expr{e}
}

// chainOperands splits the chain of x's own operator: its conjuncts for
// `and`, its disjuncts for `or`.
func chainOperands(x *ast.LogicalOpExpr) []ast.Expr {
	if x.Operator == "and" {
		return conjuncts(x)
	}
	return disjuncts(x)
}

// disjuncts splits an `or` chain the same way.
func disjuncts(e ast.Expr) []ast.Expr {
	if l, ok := e.(*ast.LogicalOpExpr); ok && l.Operator == "or" {
		return append(disjuncts(l.Lhs), disjuncts(l.Rhs)...)
	}
	return []ast.Expr{e}
}
