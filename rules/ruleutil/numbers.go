package ruleutil

// Guards of numbers, for the rules that judge what a number may be
// (invalid-expire-time, division-by-zero), and whether a number may have a
// fraction (float-return, fractional-expire-time).

import (
	"fmt"
	"math"
	"strings"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// ComparedLocals are the locals the script compares with anything (a
// guard: `if ttl <= 0 then return end`).
func ComparedLocals(m *model.Model) map[*model.Variable]bool {
	out := map[*model.Variable]bool{}
	m.Preorder(model.KRelationalOpExpr, func(n any) {
		r := n.(*ast.RelationalOpExpr)
		for _, side := range []ast.Expr{r.Lhs, r.Rhs} {
			if v := m.LocalOf(side); v != nil {
				out[v] = true
			}
		}
	})
	return out
}

// Checked reports whether x, or a local its value is computed from, is
// compared somewhere in the script: the script then decides what a value
// of 0 or less does.
func Checked(m *model.Model, x ast.Expr, guarded map[*model.Variable]bool) bool {
	found := false
	var walk func(e ast.Expr, depth int)
	walk = func(e ast.Expr, depth int) {
		if found || depth > 8 {
			return
		}
		if v := m.LocalOf(e); v != nil {
			if guarded[v] {
				found = true
				return
			}
			if v.Init != nil && len(v.Writes) == 0 {
				walk(v.Init, depth+1)
			}
			return
		}
		model.InspectExpr(e, func(n any) bool {
			if id, ok := n.(*ast.IdentExpr); ok && id != e {
				walk(id, depth+1)
			}
			return !found
		})
	}
	walk(x, 0)
	return found
}

// FracState is what FracFinder knows of a local while it looks: not yet
// seen, being looked at (a cycle), or decided.
type FracState uint8

const (
	fracUnknown FracState = iota
	fracPending
	fracYes
	fracNo
)

// FracFinder decides, from the shape of expressions, whether a number may
// have a fraction (or be infinite, NaN, or out of the 64-bit range).
type FracFinder struct {
	M *model.Model
	// rhs maps each assigned identifier to the expression assigned (nil
	// when unknown).
	rhs   map[*ast.IdentExpr]ast.Expr
	State map[*model.Variable]FracState
	// funcs are the local functions whose returns are being decided.
	Funcs map[*ast.FunctionExpr]bool
}

// fractional says why e may be a non-integer number, or "".
func (fr *FracFinder) Fractional(e ast.Expr) string {
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
			if isIntegerDivision(fr.M, e) {
				return ""
			}
			return "a division, which may have a fraction"
		case "*", "+", "-", "%":
			if isTruncation(fr.M, e) || cancelsDivision(fr.M, e) {
				return ""
			}
			for _, side := range []ast.Expr{e.Lhs, e.Rhs} {
				if n, ok := constNumber(side); ok && n != math.Trunc(n) {
					return fmt.Sprintf("a number with a fractional operand (%s)", fr.M.Text(side))
				}
				if fr.Fractional(side) != "" {
					return "arithmetic on a number that may have a fraction"
				}
			}
		}
	case *ast.UnaryMinusOpExpr:
		return fr.Fractional(e.Expr)
	case *ast.LogicalOpExpr:
		if e.Operator == "or" {
			if why := fr.Fractional(e.Lhs); why != "" {
				return why
			}
		}
		return fr.Fractional(e.Rhs)
	case *ast.FuncCallExpr:
		if fr.M.BuiltinName(e) == "math.random" && len(e.Args) == 0 {
			return "math.random(), a number between 0 and 1"
		}
		if fe, first := fr.M.Callee(e), ast.Expr(nil); fe != nil {
			if first = fr.returnsFractional(fe); first != nil {
				return fmt.Sprintf("a number that may have a fraction (%s returns %s)", fr.M.Text(e.Func), fr.M.Text(first))
			}
		}
	case *ast.IdentExpr:
		v := fr.M.VarOf(e)
		if v != nil && fr.varFractional(v) {
			return fmt.Sprintf("a local that holds %s", fr.varReason(v))
		}
	}
	return ""
}

// varFractional reports whether every value assigned to a local may be
// fractional. A local in a cycle (`x = x * 1.5`) counts as fractional
// while it is being decided: its other assignments settle the answer.
func (fr *FracFinder) varFractional(v *model.Variable) bool {
	switch fr.State[v] {
	case fracPending, fracYes:
		return true
	case fracNo:
		return false
	}
	if v.Kind != model.LocalVar || v.Init == nil {
		fr.State[v] = fracNo
		return false
	}
	fr.State[v] = fracPending
	ok := fr.Fractional(v.Init) != ""
	for _, w := range v.Writes {
		if !ok {
			break
		}
		rhs, known := fr.assigned()[w]
		ok = known && rhs != nil && fr.Fractional(rhs) != ""
	}
	if ok {
		fr.State[v] = fracYes
	} else {
		fr.State[v] = fracNo
	}
	return ok
}

// assigned returns rhs, computed on first use: only a local assigned after
// its declaration needs it.
func (fr *FracFinder) assigned() map[*ast.IdentExpr]ast.Expr {
	if fr.rhs != nil {
		return fr.rhs
	}
	fr.rhs = map[*ast.IdentExpr]ast.Expr{}
	fr.M.InspectKinds(fr.M.File.Chunk, model.KAssignStmt, func(n any) bool {
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
func (fr *FracFinder) returnsFractional(fe *ast.FunctionExpr) ast.Expr {
	if fr.Funcs[fe] {
		return nil // recursion: decided by its other returns
	}
	fr.Funcs[fe] = true
	defer delete(fr.Funcs, fe)
	var first ast.Expr
	all := true
	fr.M.InspectKinds(fe.Stmts, model.KFunctionExpr|model.KReturnStmt, func(x any) bool {
		switch x := x.(type) {
		case *ast.FunctionExpr:
			return false
		case *ast.ReturnStmt:
			if len(x.Exprs) == 0 || fr.Fractional(x.Exprs[0]) == "" {
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
func (fr *FracFinder) varReason(v *model.Variable) string {
	for range 10 {
		id, ok := v.Init.(*ast.IdentExpr)
		if !ok {
			break
		}
		w := fr.M.VarOf(id)
		if w == nil || w.Init == nil {
			break
		}
		v = w
	}
	if x, ok := v.Init.(*ast.ArithmeticOpExpr); ok && x.Operator == "/" {
		return "a division (" + fr.M.Text(x) + ")"
	}
	if why := fr.Fractional(v.Init); why != "" && !strings.HasPrefix(why, "a local") {
		return fr.M.Text(v.Init) + ", " + why
	}
	return fr.M.Text(v.Init)
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

// isTruncation recognises `x - x % 1`, Lua 5.1's way to drop a fraction
// (toward minus infinity, as math.floor does).
func isTruncation(m *model.Model, e *ast.ArithmeticOpExpr) bool {
	if e.Operator != "-" {
		return false
	}
	mod, ok := e.Rhs.(*ast.ArithmeticOpExpr)
	if !ok || mod.Operator != "%" {
		return false
	}
	one, ok := constNumber(mod.Rhs)
	return ok && one == 1 && m.Text(mod.Lhs) == m.Text(e.Lhs)
}

// cancelsDivision recognises `a / d * k` (either order of the factors) where
// the literal k is a multiple of the literal d: the product of an integer
// a is an integer (`ttl / 2 * 1000`, or `secs * 1000` where the local secs
// holds `ms / 1000`).
func cancelsDivision(m *model.Model, e *ast.ArithmeticOpExpr) bool {
	if e.Operator != "*" {
		return false
	}
	for _, p := range [][2]ast.Expr{{e.Lhs, e.Rhs}, {e.Rhs, e.Lhs}} {
		k, ok := constNumber(p[1])
		q := p[0]
		if id, isID := q.(*ast.IdentExpr); isID {
			// A local that holds the quotient, never reassigned.
			if v := m.VarOf(id); v != nil && v.Kind == model.LocalVar && len(v.Writes) == 0 && v.Init != nil {
				q = v.Init
			}
		}
		div, isDiv := q.(*ast.ArithmeticOpExpr)
		if !ok || !isDiv || div.Operator != "/" || k != math.Trunc(k) {
			continue
		}
		if d, ok := constNumber(div.Rhs); ok && d != 0 && d == math.Trunc(d) && math.Mod(k, d) == 0 {
			return true
		}
	}
	return false
}
