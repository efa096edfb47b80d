package model

import (
	"github.com/yuin/gopher-lua/ast"
)

// Sign is what the script says of a number's sign.
type Sign uint8

const (
	// SignUnknown: nothing is known (a parameter, a value from an unknown
	// function).
	SignUnknown Sign = iota
	// SignPositive: above 0 for every input the script admits.
	SignPositive
	// SignNonNegative: 0 or above; 0 for some input.
	SignNonNegative
	// SignZero: 0 whatever the input.
	SignZero
	// SignNegative: below 0 whatever the input.
	SignNegative
	// SignAny: may be 0 or below 0 (a difference).
	SignAny
)

// MayBeZeroOrLess reports whether the sign admits 0 or a negative number.
func (s Sign) MayBeZeroOrLess() bool { return s >= SignNonNegative }

// Sure reports whether the number is 0 or below whatever the input.
func (s Sign) Sure() bool { return s == SignZero || s == SignNegative }

// SignOf is the sign of a numeric expression as the script computes it,
// and why it may be 0 or less ("math.floor(burst / rate) is 0 when burst <
// rate"): literals by their value, numbers the caller passes (ARGV, KEYS,
// tonumber of them) as positive (the arguments' own domain: a rate, a
// size, a TTL), count replies (LLEN, SCARD, ZCARD, HLEN...) and lengths
// (#t) as 0 or more, and arithmetic, math.floor, math.ceil, math.max and
// math.min by their rules; a local assigned once is its value. why is ""
// unless the sign admits 0 or less.
func (m *Model) SignOf(e ast.Expr) (s Sign, why string) {
	return m.sign(e, 0)
}

func (m *Model) sign(e ast.Expr, depth int) (Sign, string) {
	if depth > 12 || e == nil {
		return SignUnknown, ""
	}
	depth++
	switch x := e.(type) {
	case *ast.NumberExpr:
		n, ok := ParseNumber(x.Value)
		switch {
		case !ok:
			return SignUnknown, ""
		case n > 0:
			return SignPositive, ""
		case n == 0:
			return SignZero, "it is 0"
		}
		return SignNegative, "it is negative"
	case *ast.UnaryMinusOpExpr:
		s, why := m.sign(x.Expr, depth)
		switch s {
		case SignPositive:
			return SignNegative, "it is negated"
		case SignZero:
			return SignZero, why
		case SignNegative:
			return SignPositive, ""
		case SignNonNegative, SignAny:
			return SignAny, why
		}
		return SignUnknown, ""
	case *ast.UnaryLenOpExpr:
		return SignNonNegative, m.Text(x) + " is 0 for an empty table"
	case *ast.IdentExpr:
		v := m.VarOf(x)
		if v == nil || len(v.Writes) > 0 || v.Kind != LocalVar || v.Init == nil {
			return SignUnknown, ""
		}
		return m.sign(v.Init, depth)
	case *ast.AttrGetExpr:
		if val := m.Value(x); val.Origin == Argv || val.Origin == Keys {
			return SignPositive, ""
		}
	case *ast.FuncCallExpr:
		return m.callSign(x, depth)
	case *ast.ArithmeticOpExpr:
		return m.arithSign(x, depth)
	}
	return SignUnknown, ""
}

// countReplies reply with a count of what is stored: 0 when the key is
// missing or empty.
var countReplies = map[string]bool{
	"LLEN": true, "SCARD": true, "ZCARD": true, "HLEN": true, "XLEN": true, "ZCOUNT": true, "ZLEXCOUNT": true,
	"PFCOUNT": true, "DBSIZE": true, "BITCOUNT": true, "STRLEN": true, "EXISTS": true, "SINTERCARD": true,
}

func (m *Model) callSign(x *ast.FuncCallExpr, depth int) (Sign, string) {
	if c := m.CallAt(x); c != nil {
		if c.Command != nil && countReplies[c.Command.Name] {
			return SignNonNegative, c.Name + " replies 0 for a missing or empty key"
		}
		return SignUnknown, ""
	}
	switch m.BuiltinName(x) {
	case "tonumber":
		if len(x.Args) > 0 {
			return m.sign(x.Args[0], depth)
		}
	case "math.floor":
		if len(x.Args) > 0 {
			s, why := m.sign(x.Args[0], depth)
			if s == SignPositive {
				if _, frac := x.Args[0].(*ast.ArithmeticOpExpr); frac {
					return SignNonNegative, "math.floor(" + m.Text(x.Args[0]) + ") is 0 when the quotient is below 1"
				}
				return SignPositive, ""
			}
			return s, why
		}
	case "math.ceil", "math.abs":
		if len(x.Args) > 0 {
			s, why := m.sign(x.Args[0], depth)
			if m.BuiltinName(x) == "math.abs" && s != SignUnknown && s != SignZero {
				return SignNonNegative, why
			}
			return s, why
		}
	case "math.max":
		out, why := SignAny, ""
		for _, a := range x.Args {
			s, w := m.sign(a, depth)
			switch {
			case s == SignPositive:
				return SignPositive, ""
			case s == SignUnknown:
				out, why = SignUnknown, ""
			case out != SignUnknown && s < out:
				out, why = s, w
			}
		}
		return out, why
	case "math.min":
		out, why := SignPositive, ""
		for _, a := range x.Args {
			s, w := m.sign(a, depth)
			if s == SignUnknown {
				return SignUnknown, ""
			}
			if s > out {
				out, why = s, w
			}
		}
		return out, why
	}
	return SignUnknown, ""
}

func (m *Model) arithSign(x *ast.ArithmeticOpExpr, depth int) (Sign, string) {
	l, lw := m.sign(x.Lhs, depth)
	r, rw := m.sign(x.Rhs, depth)
	if l == SignUnknown || r == SignUnknown {
		return SignUnknown, ""
	}
	why := lw
	if why == "" {
		why = rw
	}
	switch x.Operator {
	case "+":
		switch {
		case l == SignPositive && (r == SignPositive || r == SignNonNegative || r == SignZero),
			r == SignPositive && (l == SignNonNegative || l == SignZero):
			return SignPositive, ""
		case (l == SignNonNegative || l == SignZero) && (r == SignNonNegative || r == SignZero):
			return max(l, r), why
		}
		return SignAny, why
	case "*":
		switch {
		case l == SignZero || r == SignZero:
			return SignZero, why
		case l == SignPositive && r == SignPositive:
			return SignPositive, ""
		case (l == SignPositive || l == SignNonNegative) && (r == SignPositive || r == SignNonNegative):
			return SignNonNegative, why
		}
		return SignAny, why
	case "/":
		switch {
		case l == SignZero:
			return SignZero, why
		case l == SignPositive && r == SignPositive:
			return SignPositive, ""
		case (l == SignPositive || l == SignNonNegative) && r == SignPositive:
			return SignNonNegative, why
		}
		return SignAny, why
	case "%":
		if r == SignPositive {
			return SignNonNegative, m.Text(x) + " is 0 when " + m.Text(x.Lhs) + " is a multiple of " + m.Text(x.Rhs)
		}
		return SignAny, why
	case "-":
		if r == SignZero {
			return l, lw
		}
		if l == SignZero && r == SignPositive {
			return SignNegative, "it is negative"
		}
		return SignAny, m.Text(x) + " is 0 or less when " + m.Text(x.Rhs) + " is at least " + m.Text(x.Lhs)
	case "^":
		if l == SignPositive {
			return SignPositive, ""
		}
	}
	return SignUnknown, ""
}
