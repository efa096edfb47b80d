package model

import (
	"strconv"
	"strings"

	"github.com/yuin/gopher-lua/ast"
)

// ParseNumber reads the text of a Lua 5.1 number literal: decimal (with a
// fraction or an exponent) or 0x hexadecimal, which Lua reads as an
// unsigned integer.
func ParseNumber(s string) (float64, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if strings.HasPrefix(s, "0x") {
		n, err := strconv.ParseUint(s[2:], 16, 64)
		return float64(n), err == nil
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// NumberLit reads a number literal, or a negated one (`-1` is unary minus
// applied to 1).
func NumberLit(e ast.Expr) (float64, bool) {
	neg := false
	if u, ok := e.(*ast.UnaryMinusOpExpr); ok {
		neg, e = true, u.Expr
	}
	n, ok := e.(*ast.NumberExpr)
	if !ok {
		return 0, false
	}
	f, ok := ParseNumber(n.Value)
	if neg {
		f = -f
	}
	return f, ok
}

// FlipRelation is the relational operator with its operands swapped:
// a < b is b > a.
func FlipRelation(op string) string {
	switch op {
	case "<":
		return ">"
	case "<=":
		return ">="
	case ">":
		return "<"
	case ">=":
		return "<="
	}
	return op
}

// NegateRelation is the relational operator that holds where op fails:
// not (a < b) is a >= b. (Lua compares numbers and strings in a total
// order; a comparison that raises takes no branch.)
func NegateRelation(op string) string {
	switch op {
	case "<":
		return ">="
	case "<=":
		return ">"
	case ">":
		return "<="
	case ">=":
		return "<"
	case "==":
		return "~="
	case "~=":
		return "=="
	}
	return op
}
