package model

import (
	"slices"
	"strconv"

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

// PositiveAt reports whether the number e is above 0 for every input where
// the statement at runs, by what the script itself shows rather than by the
// caller's domain (SignOf takes an ARGV for positive; this does not): a
// positive literal, sums, products by a literal of at least 1, quotients
// by a literal of a value at least that literal, math.max, math.min,
// math.ceil, math.floor and tonumber of such values, a local assigned once
// to one, with the bounds the script has tested on every path to at: `if
// not ttl or ttl <= 0 then return ... end` before it, `if ttl > 0 then`
// around it, `assert(ttl >= 1000)`. A fix that moves a TTL into SET ... EX
// asks this: SET refuses a TTL of 0 or less where EXPIRE deleted the key.
//
// A test that a value is not at most 0 also passes NaN (tonumber("nan")
// is NaN in Redis's Lua); every command that takes a TTL refuses NaN as it
// refuses a fraction, so no caller of this tells them apart.
func (m *Model) PositiveAt(e ast.Expr, at ast.Stmt) bool {
	facts, ok := m.factsAt(at)
	if !ok {
		facts = nil
	}
	return m.positiveUnder(e, facts, 0)
}

// fact is a condition known to have evaluated to truth.
type fact struct {
	cond  ast.Expr
	truth bool
}

// factsAt lists the conditions known on every path to at: the ifs that
// enclose it (the branch it is in), the ifs before it in its blocks and
// theirs whose then-branch leaves the function (their condition was false),
// and asserts before it. A function body takes the facts of its
// definition: only immutable values are compared (sameValue), and those
// hold wherever the function is called from.
func (m *Model) factsAt(at ast.Stmt) ([]fact, bool) {
	var out []fact
	var walk func(stmts []ast.Stmt, facts []fact) bool
	with := func(facts []fact, f fact) []fact { return append(slices.Clip(facts), f) }
	walk = func(stmts []ast.Stmt, facts []fact) bool {
		for _, s := range stmts {
			if s == at {
				out = facts
				return true
			}
			switch s := s.(type) {
			case *ast.IfStmt:
				if walk(s.Then, with(facts, fact{s.Condition, true})) || walk(s.Else, with(facts, fact{s.Condition, false})) {
					return true
				}
				switch {
				case m.Leaves(s.Then) && !m.Leaves(s.Else):
					facts = with(facts, fact{s.Condition, false})
				case m.Leaves(s.Else) && !m.Leaves(s.Then):
					facts = with(facts, fact{s.Condition, true})
				}
			case *ast.DoBlockStmt:
				if walk(s.Stmts, facts) {
					return true
				}
			case *ast.WhileStmt:
				if walk(s.Stmts, facts) {
					return true
				}
			case *ast.RepeatStmt:
				if walk(s.Stmts, facts) {
					return true
				}
			case *ast.NumberForStmt:
				if walk(s.Stmts, facts) {
					return true
				}
			case *ast.GenericForStmt:
				if walk(s.Stmts, facts) {
					return true
				}
			default:
				if call, ok := s.(*ast.FuncCallStmt); ok {
					if fe, ok := call.Expr.(*ast.FuncCallExpr); ok && len(fe.Args) > 0 {
						if id, ok := fe.Func.(*ast.IdentExpr); ok && id.Value == "assert" && m.VarOf(id) == nil {
							facts = with(facts, fact{fe.Args[0], true})
						}
					}
				}
				found := false
				m.InspectKinds([]ast.Stmt{s}, KFunctionExpr, func(n any) bool {
					if fe, ok := n.(*ast.FunctionExpr); ok && !found {
						found = walk(fe.Stmts, facts)
					}
					return false
				})
				if found {
					return true
				}
			}
		}
		return false
	}
	ok := walk(m.File.Chunk, nil)
	return out, ok
}

// Leaves reports whether a block always leaves the function: it ends
// with a return, a call of error, or a do block or an if whose every
// branch does (mayFallThrough, which the model's return analysis uses).
func (m *Model) Leaves(block []ast.Stmt) bool {
	return len(block) > 0 && !mayFallThrough(m, block)
}

func (m *Model) positiveUnder(e ast.Expr, facts []fact, depth int) bool {
	return m.above(e, facts, 0, true, depth)
}

// above reports whether e is above v (strict) or at least v, for every
// input, by the literals, the arithmetic and the facts. A sum of numbers
// that are not negative is above each; a product only by a literal of at
// least 1, and a quotient only by a literal divisor and a dividend of at
// least the divisor, since a tiny number times or over another underflows
// to 0 (1e-320 / 1000 is 0). math.floor(x) is above 0 when x is at least 1.
func (m *Model) above(e ast.Expr, facts []fact, v float64, strict bool, depth int) bool {
	if depth > 12 || e == nil {
		return false
	}
	depth++
	holds := func(n float64, nStrict bool) bool { return n > v || n == v && (nStrict || !strict) }
	for _, f := range facts {
		if n, nStrict, ok := m.bound(f.cond, f.truth, e, 0); ok && holds(n, nStrict) {
			return true
		}
	}
	switch x := e.(type) {
	case *ast.NumberExpr:
		n, ok := ParseNumber(x.Value)
		return ok && holds(n, false)
	case *ast.StringExpr:
		n, err := strconv.ParseFloat(x.Value, 64)
		return err == nil && holds(n, false)
	case *ast.IdentExpr:
		vr := m.VarOf(x)
		return vr != nil && vr.Kind == LocalVar && len(vr.Writes) == 0 && vr.Init != nil && m.above(vr.Init, facts, v, strict, depth)
	case *ast.ArithmeticOpExpr:
		if v < 0 {
			return false
		}
		switch x.Operator {
		case "+":
			return m.above(x.Lhs, facts, v, strict, depth) && m.above(x.Rhs, facts, 0, false, depth) ||
				m.above(x.Rhs, facts, v, strict, depth) && m.above(x.Lhs, facts, 0, false, depth)
		case "*":
			if v != 0 {
				return false
			}
			return atLeastOne(x.Lhs) && m.above(x.Rhs, facts, 0, strict, depth) || atLeastOne(x.Rhs) && m.above(x.Lhs, facts, 0, strict, depth)
		case "/":
			d, ok := x.Rhs.(*ast.NumberExpr)
			if !ok {
				return false
			}
			n, ok := ParseNumber(d.Value)
			if !ok || n <= 0 {
				return false
			}
			if v == 0 && strict {
				return m.above(x.Lhs, facts, n, false, depth)
			}
			return m.above(x.Lhs, facts, v*n, strict, depth)
		}
	case *ast.FuncCallExpr:
		if m.CallAt(x) != nil {
			return false
		}
		switch m.BuiltinName(x) {
		case "tonumber", "math.ceil":
			return len(x.Args) == 1 && m.above(x.Args[0], facts, v, strict, depth)
		case "math.floor":
			return v == 0 && len(x.Args) == 1 && m.above(x.Args[0], facts, 1, false, depth)
		case "math.max":
			return slices.ContainsFunc(x.Args, func(a ast.Expr) bool { return m.above(a, facts, v, strict, depth) })
		case "math.min":
			return len(x.Args) > 0 && !slices.ContainsFunc(x.Args, func(a ast.Expr) bool { return !m.above(a, facts, v, strict, depth) })
		}
	}
	return false
}

// atLeastOne reports whether e is a number literal of at least 1.
func atLeastOne(e ast.Expr) bool {
	n, ok := e.(*ast.NumberExpr)
	if !ok {
		return false
	}
	v, ok := ParseNumber(n.Value)
	return ok && v >= 1
}

// bound is the lower bound that cond having evaluated to truth shows for
// e: e > n (strict) or e >= n, from a comparison of e with a number
// literal (a comparison of a string with a number raises an error, so one
// that completed compared numbers), through not, and and or.
func (m *Model) bound(cond ast.Expr, truth bool, e ast.Expr, depth int) (n float64, strict, ok bool) {
	if depth > 16 {
		return 0, false, false
	}
	depth++
	switch c := cond.(type) {
	case *ast.UnaryNotOpExpr:
		return m.bound(c.Expr, !truth, e, depth)
	case *ast.LogicalOpExpr:
		// `a and b` true: both were; `a or b` false: both were false.
		// Either's bound holds; the higher one is kept.
		if (c.Operator == "and") == truth {
			ln, ls, lok := m.bound(c.Lhs, truth, e, depth)
			rn, rs, rok := m.bound(c.Rhs, truth, e, depth)
			switch {
			case lok && (!rok || ln > rn || ln == rn && ls):
				return ln, ls, true
			case rok:
				return rn, rs, true
			}
		}
	case *ast.RelationalOpExpr:
		op := c.Operator
		var k ast.Expr
		switch {
		case m.sameValue(c.Lhs, e):
			k = c.Rhs
		case m.sameValue(c.Rhs, e):
			k = c.Lhs
			op = map[string]string{"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "~=": "~="}[op]
		default:
			return 0, false, false
		}
		num, isNum := k.(*ast.NumberExpr)
		if !isNum {
			return 0, false, false
		}
		lit, isNum := ParseNumber(num.Value)
		if !isNum {
			return 0, false, false
		}
		if !truth {
			op = map[string]string{"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "~=", "~=": "=="}[op]
		}
		switch op {
		case ">":
			return lit, true, true
		case ">=", "==":
			return lit, false, true
		}
	}
	return 0, false, false
}

// sameValue reports whether a and b are the same value wherever they are
// read, as far as a test of its sign goes: one local never assigned after
// its declaration, or the same ARGV[n], or tonumber of it, in a script
// that never assigns into ARGV. ARGV[n] and tonumber(ARGV[n]) are one
// value here: where Redis reads the string as an integer of 0 or less, the
// string is that integer, and tonumber gives it too.
func (m *Model) sameValue(a, b ast.Expr) bool {
	if ia, ok := a.(*ast.IdentExpr); ok {
		ib, ok := b.(*ast.IdentExpr)
		if !ok {
			return false
		}
		v := m.VarOf(ia)
		return v != nil && v == m.VarOf(ib) && v.Kind == LocalVar && len(v.Writes) == 0
	}
	argv := func(e ast.Expr) ast.Expr {
		if c, ok := e.(*ast.FuncCallExpr); ok && m.BuiltinName(c) == "tonumber" && len(c.Args) == 1 {
			e = c.Args[0]
		}
		g, ok := e.(*ast.AttrGetExpr)
		if !ok {
			return nil
		}
		if _, lit := g.Key.(*ast.NumberExpr); !lit || m.Value(g).Origin != Argv {
			return nil
		}
		return g
	}
	ga, gb := argv(a), argv(b)
	return ga != nil && gb != nil && m.Text(ga) == m.Text(gb) && !m.argvAssigned()
}

// argvAssigned reports whether the script assigns into ARGV (ARGV[2] = x):
// its elements are then not the caller's throughout.
func (m *Model) argvAssigned() bool {
	return Get(m, argvAssignedFact, func() bool {
		found := false
		m.InspectKinds(m.File.Chunk, KAssignStmt, func(n any) bool {
			if a, ok := n.(*ast.AssignStmt); ok {
				for _, l := range a.Lhs {
					if g, ok := l.(*ast.AttrGetExpr); ok {
						if id, ok := g.Object.(*ast.IdentExpr); ok && id.Value == "ARGV" && m.VarOf(id) == nil {
							found = true
						}
					}
				}
			}
			return !found
		})
		return found
	})
}

var argvAssignedFact = NewFact[bool]("argvAssigned")
