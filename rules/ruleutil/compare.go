package ruleutil

// What Lua 5.1 does with an ordering comparison of values of the wrong
// types, for the rules that report one.

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// strNumCompare is an ordering comparison of a string with a number.
type strNumCompare struct {
	Str, Num       ast.Expr
	StrVal, NumVal model.Value
}

// FindStringNumberCompare reports whether x is an ordering comparison whose
// one side is always a string (or null) and the other always a number (or
// nil): Lua raises on every evaluation, whatever the values.
func FindStringNumberCompare(m *model.Model, x *ast.RelationalOpExpr) (strNumCompare, bool) {
	switch x.Operator {
	case "<", "<=", ">", ">=":
	default:
		return strNumCompare{}, false
	}
	l, r := m.Value(x.Lhs), m.Value(x.Rhs)
	switch {
	case IsStringValue(l) && IsNumberValue(r):
		return strNumCompare{Str: x.Lhs, Num: x.Rhs, StrVal: l, NumVal: r}, true
	case IsNumberValue(l) && IsStringValue(r):
		return strNumCompare{Str: x.Rhs, Num: x.Lhs, StrVal: r, NumVal: l}, true
	}
	return strNumCompare{}, false
}

// IsStringValue: a string whenever it is not nil or false. A comparison
// with nil or false raises too, so the falsy part does not matter here.
func IsStringValue(v model.Value) bool { return v.Types&^model.Falsy == model.TString }

// IsNumberValue: a number whenever it is not nil or false.
func IsNumberValue(v model.Value) bool { return v.Types&^model.Falsy == model.TNumber }

// LuaTypeName is the type name Lua prints for a value that has exactly one
// type, or "".
func LuaTypeName(t model.TypeSet) string {
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

// CompareError is the message Lua 5.1 raises for `a op b` when a has type
// lt and b type rt: `a > b` runs as `b < a`, so the names swap.
func CompareError(op, lt, rt string) string {
	if op == ">" || op == ">=" {
		lt, rt = rt, lt
	}
	if lt == rt {
		return fmt.Sprintf("attempt to compare two %s values", lt)
	}
	return fmt.Sprintf("attempt to compare %s with %s", lt, rt)
}

// Conjuncts splits an `and` chain into its operands (`a and b and c`: a, b,
// c); any other expression is one.
func Conjuncts(e ast.Expr) []ast.Expr {
	if l, ok := e.(*ast.LogicalOpExpr); ok && l.Operator == "and" {
		return append(Conjuncts(l.Lhs), Conjuncts(l.Rhs)...)
	}
	return []ast.Expr{e}
}

// ChainOperands splits the chain of x's own operator: its conjuncts for
// `and`, its disjuncts for `or`.
func ChainOperands(x *ast.LogicalOpExpr) []ast.Expr {
	if x.Operator == "and" {
		return Conjuncts(x)
	}
	return Disjuncts(x)
}

// Disjuncts splits an `or` chain the same way.
func Disjuncts(e ast.Expr) []ast.Expr {
	if l, ok := e.(*ast.LogicalOpExpr); ok && l.Operator == "or" {
		return append(Disjuncts(l.Lhs), Disjuncts(l.Rhs)...)
	}
	return []ast.Expr{e}
}
