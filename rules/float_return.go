package rules

import (
	"fmt"
	"math"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "float-return",
		Category: diag.Correctness,
		Severity: diag.SeverityWarning,
		Doc: diag.Doc{
			Title:   "a non-integer number returned to Redis",
			Summary: "a non-integer number returned to Redis: truncated toward zero (inf/NaN become INT64_MIN)",
			Why: "Redis converts a Lua number a script returns (directly or inside a returned table) to an integer " +
				"reply, truncating toward zero: `return 3.99` replies 3 and `return {1, 2.5}` replies 1 and 2, with RESP3 " +
				"clients too. Infinity, NaN and numbers beyond the 64-bit range (`1/0`, `0/0`, `1e20`) all become " +
				"-9223372036854775808. A ratio, an average or a score computed with `/` or a fractional factor is " +
				"silently wrong. Return `tostring(x)` (a bulk string the caller parses) or `{double = x}`, or round " +
				"explicitly with `math.floor` when an integer is meant.",
			Bad:   "local used = redis.call('INCRBY', KEYS[1], ARGV[1])\nreturn used / 4",
			Good:  "local used = redis.call('INCRBY', KEYS[1], ARGV[1])\nreturn tostring(used / 4)",
			Redis: "all",
			Lower: "One level below the rule's severity (info by default) when the number may have a fraction only as a quotient: a division, or a local, a local function's return or arithmetic that holds one. Truncated toward zero, a quotient is integer division, which may be what is meant (a count of whole requests left, a millisecond timestamp out of a packed score): only the author knows. A number that surely has a fraction or is out of range (a fractional literal or factor, `math.random()`, `1e20`, `1/0`) keeps the rule's severity.",
		},
	},
	Run: runFloatReturn,
})

func runFloatReturn(p *lint.Pass) {
	m := p.Model
	fr := &fracFinder{m: m, state: map[*model.Variable]fracState{}, funcs: map[*ast.FunctionExpr]bool{}}
	// Only what the main chunk of a script, or a registered function,
	// returns reaches Redis; a helper's return stays in Lua.
	type body struct {
		who   string
		stmts []ast.Stmt
	}
	var bodies []body
	if m.Context == model.Script {
		bodies = append(bodies, body{"the script", m.File.Chunk})
	}
	for _, r := range m.Registrations {
		if r.Callback != nil {
			who := "the registered function"
			if r.NameKnown {
				who = fmt.Sprintf("function '%s'", r.Name)
			}
			bodies = append(bodies, body{who, r.Callback.Stmts})
		}
	}
	for _, b := range bodies {
		m.InspectKinds(b.stmts, model.KFunctionExpr|model.KReturnStmt, func(n any) bool {
			switch n := n.(type) {
			case *ast.FunctionExpr:
				return false
			case *ast.ReturnStmt:
				if len(n.Exprs) > 0 {
					// Redis takes the first returned value only.
					fr.check(p, b.who, n.Exprs[0], 0)
				}
			}
			return true
		})
	}
}

type fracState uint8

const (
	fracUnknown fracState = iota
	fracPending
	fracYes
	fracNo
)

// fracFinder decides, from the shape of expressions, whether a number may
// have a fraction (or be infinite, NaN, or out of the 64-bit range).
type fracFinder struct {
	m *model.Model
	// rhs maps each assigned identifier to the expression assigned (nil
	// when unknown).
	rhs   map[*ast.IdentExpr]ast.Expr
	state map[*model.Variable]fracState
	// funcs are the local functions whose returns are being decided.
	funcs map[*ast.FunctionExpr]bool
}

// check reports a returned expression, or the elements of a returned table
// constructor, that may be fractional.
func (fr *fracFinder) check(p *lint.Pass, who string, e ast.Expr, depth int) {
	if t, ok := e.(*ast.TableExpr); ok {
		if depth > 8 {
			return
		}
		// Keyed fields ({double = x}, {ok = ...}) are not array elements.
		for _, f := range t.Fields {
			if f.Key == nil {
				fr.check(p, who, f.Value, depth+1)
			}
		}
		return
	}
	why := fr.fractional(e)
	if why == "" {
		return
	}
	m := fr.m
	x := shortOperand(m, e, "x")
	what := fmt.Sprintf("%s returns %s, which may not be an integer", who, brief(m, e))
	if depth > 0 {
		what = fmt.Sprintf("%s returns a table holding %s, which may not be an integer", who, brief(m, e))
	}
	const help = "%s is %s; Redis truncates a returned Lua number toward zero (3.99 becomes 3; inf, NaN and out-of-range values become -9223372036854775808); return tostring(%s) or {double = %s}, or math.floor it if an integer is meant"
	if !surelyFractional(why) {
		// A quotient truncated toward zero is integer division, often
		// what is meant (a count of whole requests left, a millisecond
		// timestamp out of a packed score): only the author knows.
		p.Report(m.Range(e), "%s", what).Lower().
			Help(help+" (truncating a quotient is integer division, which may be what is meant)", m.Text(e), why, x, x)
		return
	}
	p.Report(m.Range(e), "%s", what).Help(help, m.Text(e), why, x, x)
}

// surelyFractional reports whether fractional's reason names a number that
// surely has a fraction or is out of range (a fractional literal or factor,
// math.random(), 1e20, 1/0), rather than a quotient.
func surelyFractional(why string) bool {
	for _, s := range []string{"a number with a fraction", "beyond the 64-bit integer range", "a fractional operand", "math.random()"} {
		if strings.Contains(why, s) {
			return true
		}
	}
	return false
}

// fractional says why e may be a non-integer number, or "".
func (fr *fracFinder) fractional(e ast.Expr) string {
	if v, ok := constNumber(e); ok {
		if v != math.Trunc(v) || math.IsNaN(v) {
			return "a number with a fraction"
		}
		if math.Abs(v) >= 1<<63 || math.IsInf(v, 0) {
			return "a number beyond the 64-bit integer range"
		}
		return ""
	}
	switch e := e.(type) {
	case *ast.ArithmeticOpExpr:
		switch e.Operator {
		case "/":
			if isIntegerDivision(fr.m, e) {
				return ""
			}
			return "a division, which may have a fraction"
		case "*", "+", "-", "%":
			for _, side := range []ast.Expr{e.Lhs, e.Rhs} {
				if n, ok := constNumber(side); ok && n != math.Trunc(n) {
					return fmt.Sprintf("a number with a fractional operand (%s)", fr.m.Text(side))
				}
				if fr.fractional(side) != "" {
					return "arithmetic on a number that may have a fraction"
				}
			}
		}
	case *ast.UnaryMinusOpExpr:
		return fr.fractional(e.Expr)
	case *ast.LogicalOpExpr:
		if e.Operator == "or" {
			if why := fr.fractional(e.Lhs); why != "" {
				return why
			}
		}
		return fr.fractional(e.Rhs)
	case *ast.FuncCallExpr:
		if fr.m.BuiltinName(e) == "math.random" && len(e.Args) == 0 {
			return "math.random(), a number between 0 and 1"
		}
		if fe, first := fr.m.Callee(e), ast.Expr(nil); fe != nil {
			if first = fr.returnsFractional(fe); first != nil {
				return fmt.Sprintf("a number that may have a fraction (%s returns %s)", fr.m.Text(e.Func), fr.m.Text(first))
			}
		}
	case *ast.IdentExpr:
		v := fr.m.VarOf(e)
		if v != nil && fr.varFractional(v) {
			return fmt.Sprintf("a local that holds %s", fr.varReason(v))
		}
	}
	return ""
}

// varFractional reports whether every value assigned to a local may be
// fractional. A local in a cycle (`x = x * 1.5`) counts as fractional
// while it is being decided: its other assignments settle the answer.
func (fr *fracFinder) varFractional(v *model.Variable) bool {
	switch fr.state[v] {
	case fracPending, fracYes:
		return true
	case fracNo:
		return false
	}
	if v.Kind != model.LocalVar || v.Init == nil {
		fr.state[v] = fracNo
		return false
	}
	fr.state[v] = fracPending
	ok := fr.fractional(v.Init) != ""
	for _, w := range v.Writes {
		if !ok {
			break
		}
		rhs, known := fr.assigned()[w]
		ok = known && rhs != nil && fr.fractional(rhs) != ""
	}
	if ok {
		fr.state[v] = fracYes
	} else {
		fr.state[v] = fracNo
	}
	return ok
}

// assigned returns rhs, computed on first use: only a local assigned after
// its declaration needs it.
func (fr *fracFinder) assigned() map[*ast.IdentExpr]ast.Expr {
	if fr.rhs != nil {
		return fr.rhs
	}
	fr.rhs = map[*ast.IdentExpr]ast.Expr{}
	fr.m.InspectKinds(fr.m.File.Chunk, model.KAssignStmt, func(n any) bool {
		if a, ok := n.(*ast.AssignStmt); ok {
			for i, t := range a.Lhs {
				id, ok := t.(*ast.IdentExpr)
				if !ok {
					continue
				}
				if i < len(a.Rhs) && (i < len(a.Rhs)-1 || !model.MultiValued(a.Rhs[i])) {
					fr.rhs[id] = a.Rhs[i]
				} else {
					fr.rhs[id] = nil // a call's extra results: unknown
				}
			}
		}
		return true
	})
	return fr.rhs
}

// returnsFractional reports whether every return statement of a local
// function returns a number that may be fractional, and returns the first
// one's value.
func (fr *fracFinder) returnsFractional(fe *ast.FunctionExpr) ast.Expr {
	if fr.funcs[fe] {
		return nil // recursion: decided by its other returns
	}
	fr.funcs[fe] = true
	defer delete(fr.funcs, fe)
	var first ast.Expr
	all := true
	fr.m.InspectKinds(fe.Stmts, model.KFunctionExpr|model.KReturnStmt, func(x any) bool {
		switch x := x.(type) {
		case *ast.FunctionExpr:
			return false
		case *ast.ReturnStmt:
			if len(x.Exprs) == 0 || fr.fractional(x.Exprs[0]) == "" {
				all = false
			} else if first == nil {
				first = x.Exprs[0]
			}
		}
		return true
	})
	if !all {
		return nil
	}
	return first
}

// varReason describes what a fractional local was first assigned,
// following locals assigned from locals.
func (fr *fracFinder) varReason(v *model.Variable) string {
	for range 10 {
		id, ok := v.Init.(*ast.IdentExpr)
		if !ok {
			break
		}
		w := fr.m.VarOf(id)
		if w == nil || w.Init == nil {
			break
		}
		v = w
	}
	if x, ok := v.Init.(*ast.ArithmeticOpExpr); ok && x.Operator == "/" {
		return "a division (" + fr.m.Text(x) + ")"
	}
	if why := fr.fractional(v.Init); why != "" && !strings.HasPrefix(why, "a local") {
		return fr.m.Text(v.Init) + ", " + why
	}
	return fr.m.Text(v.Init)
}

// isIntegerDivision recognises Lua 5.1's integer division idiom
// (a - a % b) / b.
func isIntegerDivision(m *model.Model, e *ast.ArithmeticOpExpr) bool {
	sub, ok := e.Lhs.(*ast.ArithmeticOpExpr)
	if !ok || sub.Operator != "-" {
		return false
	}
	mod, ok := sub.Rhs.(*ast.ArithmeticOpExpr)
	if !ok || mod.Operator != "%" {
		return false
	}
	return m.Text(mod.Lhs) == m.Text(sub.Lhs) && m.Text(mod.Rhs) == m.Text(e.Rhs)
}

// constNumber evaluates a numeric literal or arithmetic on literals.
func constNumber(e ast.Expr) (float64, bool) {
	switch e := e.(type) {
	case *ast.NumberExpr:
		return model.ParseNumber(e.Value)
	case *ast.UnaryMinusOpExpr:
		v, ok := constNumber(e.Expr)
		return -v, ok
	case *ast.ArithmeticOpExpr:
		a, ok1 := constNumber(e.Lhs)
		b, ok2 := constNumber(e.Rhs)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch e.Operator {
		case "+":
			return a + b, true
		case "-":
			return a - b, true
		case "*":
			return a * b, true
		case "/":
			return a / b, true
		case "%":
			// Lua 5.1: a - floor(a/b)*b.
			return a - math.Floor(a/b)*b, true
		case "^":
			return math.Pow(a, b), true
		}
	}
	return 0, false
}
