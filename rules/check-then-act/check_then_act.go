// Package checkthenact is the rule check-then-act: a decrement by an amount the guard does not check.
package checkthenact

import (
	_ "embed" // doc.md

	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is check-then-act.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "check-then-act",
		Category: diag.Atomicity,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/check-then-act/doc.md", doc),
	},
	Run: runCheckThenAct,
}

// A guard is a lower bound on a value the script read, known to hold on
// every path to a point: value > bound or value >= bound.
type guard struct {
	read   string // what was read: "GET|KEYS[1]", "HGET|KEYS[1]|lit:balance", ...
	key    string // the key's identity, to forget the guard when the key is written
	strict bool   // > rather than >=
	bound  string // the bound's identity, "" when it is the number num
	num    float64
	line   int
	text   string // the condition as written
}

// amount is what a write subtracts.
type amount struct {
	id    string // identity, "" when numeric or unknown
	num   float64
	isNum bool
	text  string
}

func runCheckThenAct(p *lint.Pass) {
	m := p.Model
	type finding struct {
		call *model.Call
		g    guard
		amt  amount
	}
	// A finding is a decrement the walk meets: without one in the file,
	// the path walks of every function find nothing.
	if !slices.ContainsFunc(m.Calls, func(c *model.Call) bool {
		switch c.Name {
		case "DECR", "DECRBY", "INCRBY", "INCRBYFLOAT", "HINCRBY", "HINCRBYFLOAT", "ZINCRBY":
			_, _, _, ok := decrement(m, c)
			return ok
		}
		return false
	}) {
		return
	}
	var found []finding
	seen := map[*model.Call]bool{}
	// checked holds the writes whose reply the script compares (`if
	// redis.call('DECRBY', ...) < 0 then` undo or clamp): the author looks
	// at the result, so the guard is not the only check.
	checked := map[*model.Call]bool{}
	for _, fn := range m.Functions() {
		w := &model.PathWalk[[]guard]{
			M:      m,
			Inline: true,
			Copy:   func(s []guard) []guard { return s },
			Join:   joinGuards,
			Cond: func(cond ast.Expr, s []guard, truth bool) []guard {
				rel, ok := cond.(*ast.RelationalOpExpr)
				if !ok {
					return s
				}
				for _, side := range []ast.Expr{rel.Lhs, rel.Rhs} {
					if c := m.Value(side).FromReply(); c != nil {
						checked[c] = true
					}
				}
				if g, ok := guardOf(m, rel, truth); ok {
					return append(append([]guard(nil), s...), g)
				}
				return s
			},
			Call: func(c *model.Call, s []guard) []guard {
				if read, amt, integer, ok := decrement(m, c); ok && !seen[c] {
					var last *guard
					// Subtracting the value read itself leaves exactly 0.
					covered := amountIsRead(m, c, read)
					for i := range s {
						if s[i].read != read {
							continue
						}
						last = &s[i]
						if s[i].covers(amt, integer) {
							covered = true
						}
					}
					if last != nil && !covered {
						seen[c] = true
						found = append(found, finding{c, *last, amt})
					}
				}
				return forgetWritten(m, c, s)
			},
		}
		w.Run(fn, nil)
	}
	for _, f := range found {
		if !checked[f.call] {
			reportUncovered(p, f.call, f.g, f.amt)
		}
	}
}

func reportUncovered(p *lint.Pass, c *model.Call, g guard, amt amount) {
	m := p.Model
	example := ""
	if !amt.isNum {
		// The smallest whole value the guard lets through, and an amount
		// that takes it to -4.
		least := math.Ceil(g.num)
		if g.strict && least == g.num {
			least++
		}
		if least >= 0 {
			example = fmt.Sprintf(" (%s left and an amount of %s leave -4)", formatNum(least), formatNum(least+4))
		}
	}
	p.Report(m.Range(c.Expr), "the %s of %s by %s can take the value below zero", c.Name, m.Text(c.Args[1].Expr), amt.text).
		Help("the guard on line %d (%s) checks it against %s, not against the amount%s; compare the value with %s instead (if value < amount then return end)",
			g.line, g.text, formatNum(g.num), example, amt.text)
}

func formatNum(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// covers reports whether a guard keeps the value at or above zero after
// subtracting amt. A guard against another symbol than the amount cannot be
// judged and counts as covering.
func (g guard) covers(amt amount, integer bool) bool {
	if g.bound != "" {
		return true
	}
	if !amt.isNum {
		return false
	}
	if g.num >= amt.num {
		return true
	}
	// value > n on integers is value >= n+1.
	return g.strict && integer && g.num == math.Trunc(g.num) && g.num+1 >= amt.num
}

// joinGuards keeps the guards that hold on both paths.
func joinGuards(a, b []guard) []guard {
	var out []guard
	for _, g := range a {
		for _, h := range b {
			if g == h {
				out = append(out, g)
				break
			}
		}
	}
	return out
}

// forgetWritten drops the guards on keys c may write: the value read
// before no longer describes the key.
func forgetWritten(m *model.Model, c *model.Call, s []guard) []guard {
	if len(s) == 0 {
		return s
	}
	if c.Command != nil && !c.Command.IsWrite() {
		return s
	}
	var out []guard
	for _, g := range s {
		keep := c.Command != nil && c.KeysComplete
		for _, i := range c.Keys {
			id, ok := m.Identity(c.Args[i].Value)
			if !ok || id == g.key {
				keep = false
			}
		}
		if keep {
			out = append(out, g)
		}
	}
	return out
}

// decrement recognises a write that subtracts from a number the script may
// have read: it returns what read gives that number, how much is
// subtracted, and whether the command works on integers.
func decrement(m *model.Model, c *model.Call) (read string, amt amount, integer, ok bool) {
	arg := func(i int) (model.Value, ast.Expr, bool) {
		if i >= len(c.Args) {
			return model.Value{}, nil, false
		}
		return c.Args[i].Value, c.Args[i].Expr, true
	}
	id := func(i int) (string, bool) {
		if i >= len(c.Args) {
			return "", false
		}
		return m.Identity(c.Args[i].Value)
	}
	key, okKey := id(1)
	if !okKey {
		return "", amount{}, false, false
	}
	switch c.Name {
	case "DECR":
		if len(c.Args) != 2 {
			return
		}
		return "GET|" + key, amount{num: 1, isNum: true, text: "1"}, true, true
	case "DECRBY":
		v, e, okA := arg(2)
		if !okA {
			return
		}
		amt, ok = positive(m, v, e)
		return "GET|" + key, amt, true, ok
	case "INCRBY", "INCRBYFLOAT":
		v, e, okA := arg(2)
		if !okA {
			return
		}
		amt, ok = negative(m, v, e)
		return "GET|" + key, amt, c.Name == "INCRBY", ok
	case "HINCRBY", "HINCRBYFLOAT":
		field, okF := id(2)
		v, e, okA := arg(3)
		if !okF || !okA {
			return
		}
		amt, ok = negative(m, v, e)
		return "HGET|" + key + "|" + field, amt, c.Name == "HINCRBY", ok
	case "ZINCRBY":
		member, okM := id(3)
		v, e, okA := arg(2)
		if !okM || !okA {
			return
		}
		amt, ok = negative(m, v, e)
		return "ZSCORE|" + key + "|" + member, amt, false, ok
	}
	return
}

// numberOf returns the number a literal value holds.
func numberOf(v model.Value) (float64, bool) {
	if v.Origin != model.Literal || v.Types&(model.TNumber|model.TString) == 0 {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(v.Lit), 64)
	return f, err == nil
}

// positive is the amount of DECRBY: a positive number, or a value of unknown
// sign (assumed positive); a negated value or a negative number is an
// increment.
func positive(m *model.Model, v model.Value, e ast.Expr) (amount, bool) {
	if n, ok := numberOf(v); ok {
		return amount{num: n, isNum: true, text: formatNum(n)}, n > 0
	}
	if isNegation(v) {
		return amount{}, false
	}
	id, _ := m.Identity(v)
	return amount{id: id, text: m.Text(e)}, true
}

// negative is the amount subtracted by an increment: a negative number or a
// negated value; a value of unknown sign is not a decrement.
func negative(m *model.Model, v model.Value, e ast.Expr) (amount, bool) {
	if n, ok := numberOf(v); ok {
		return amount{num: -n, isNum: true, text: formatNum(-n)}, n < 0
	}
	if !isNegation(v) {
		return amount{}, false
	}
	inner := v.Parts[0]
	if n, ok := numberOf(inner); ok {
		return amount{num: n, isNum: true, text: formatNum(n)}, n > 0
	}
	id, _ := m.Identity(inner)
	text := m.Text(e)
	if u, ok := e.(*ast.UnaryMinusOpExpr); ok {
		text = m.Text(u.Expr)
	}
	return amount{id: id, text: text}, true
}

// amountIsRead reports whether the amount c subtracts is the value that
// read gives itself (INCRBY k -stock or DECRBY k stock, with stock the GET
// of k): where a guard on that read still holds, nothing wrote the key
// since, and the write leaves exactly 0.
func amountIsRead(m *model.Model, c *model.Call, read string) bool {
	i := 2
	if c.Is("HINCRBY", "HINCRBYFLOAT") {
		i = 3
	}
	if c.Is("DECR") || i >= len(c.Args) {
		return false
	}
	e := c.Args[i].Expr
	if u, ok := e.(*ast.UnaryMinusOpExpr); ok {
		e = u.Expr
	}
	r, _, minus, ok := readOf(m, e)
	return ok && minus == nil && r == read
}

// isNegation reports whether v is -x (the only arithmetic with one operand).
func isNegation(v model.Value) bool { return v.Origin == model.Arith && len(v.Parts) == 1 }

// guardOf turns a comparison of a value read by GET, HGET or ZSCORE into a
// lower bound that holds where the comparison had the given truth.
func guardOf(m *model.Model, rel *ast.RelationalOpExpr, truth bool) (guard, bool) {
	op := rel.Operator
	if !truth {
		op = model.NegateRelation(op)
	}
	read, key, minus, ok := readOf(m, rel.Lhs)
	other := rel.Rhs
	if !ok {
		read, key, minus, ok = readOf(m, rel.Rhs)
		other = rel.Lhs
		op = model.FlipRelation(op)
	}
	if !ok {
		return guard{}, false
	}
	g := guard{read: read, key: key, line: m.Range(rel).Start.Line, text: m.Text(rel)}
	switch op {
	case ">":
		g.strict = true
	case ">=":
	case "~=":
		// value ~= n: with counts that never go below n, value > n.
		g.strict = true
	default:
		return guard{}, false
	}
	ov := m.Value(other)
	n, isNum := numberOf(ov)
	if !isNum && isNegation(ov) {
		if k, ok := numberOf(ov.Parts[0]); ok {
			n, isNum = -k, true
		}
	}
	if minus != nil {
		// value - a op other: value op a + other, judged when other is 0.
		if !isNum || n != 0 {
			return guard{}, false
		}
		mv := m.Value(minus)
		if k, ok := numberOf(mv); ok {
			g.num = k
			return g, true
		}
		id, ok := m.Identity(mv)
		if !ok {
			id = fmt.Sprintf("expr:%p", minus)
		}
		g.bound = id
		return g, true
	}
	if op == "~=" && !isNum {
		return guard{}, false
	}
	if isNum {
		g.num = n
		return g, true
	}
	id, ok := m.Identity(ov)
	if !ok {
		id = fmt.Sprintf("expr:%p", other)
	}
	g.bound = id
	return g, true
}

// readOf recognises the value of a GET, HGET or ZSCORE (through tonumber,
// `or` defaults and locals), or that value minus an amount (returned as
// minus), directly or through a local holding the difference.
func readOf(m *model.Model, e ast.Expr) (read, key string, minus ast.Expr, ok bool) {
	if id, isID := e.(*ast.IdentExpr); isID {
		if v := m.VarOf(id); v != nil && len(v.Writes) == 0 {
			init := v.Init
			// tonumber of a difference is the difference.
			if call, isCall := init.(*ast.FuncCallExpr); isCall && m.BuiltinName(call) == "tonumber" && len(call.Args) == 1 {
				if _, isArith := call.Args[0].(*ast.ArithmeticOpExpr); isArith {
					init = call.Args[0]
				}
			}
			if a, isArith := init.(*ast.ArithmeticOpExpr); isArith {
				e = a
			}
		}
	}
	if a, isArith := e.(*ast.ArithmeticOpExpr); isArith {
		if a.Operator != "-" {
			return "", "", nil, false
		}
		read, key, inner, ok := readOf(m, a.Lhs)
		if !ok || inner != nil {
			return "", "", nil, false
		}
		return read, key, a.Rhs, true
	}
	c := m.Value(e).FromReply()
	if c == nil || len(c.Args) < 2 {
		return "", "", nil, false
	}
	key, okKey := m.Identity(c.Args[1].Value)
	if !okKey {
		return "", "", nil, false
	}
	switch c.Name {
	case "GET":
		return "GET|" + key, key, nil, true
	case "HGET", "ZSCORE":
		if len(c.Args) < 3 {
			return "", "", nil, false
		}
		sub, okSub := m.Identity(c.Args[2].Value)
		if !okSub {
			return "", "", nil, false
		}
		return c.Name + "|" + key + "|" + sub, key, nil, true
	}
	return "", "", nil, false
}
