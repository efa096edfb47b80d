// Package integerreplytruthiness is the rule integer-reply-truthiness: an integer reply used as a condition. Its documentation is doc.md, its
// fixtures testdata/.
package integerreplytruthiness

import (
	_ "embed" // doc.md

	"fmt"
	"slices"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is integer-reply-truthiness.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "integer-reply-truthiness",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/integer-reply-truthiness/doc.md", doc),
	},
	Run: runIntegerReplyTruthiness,
}

// condUse says how a value's truth is used.
type condUse int

const (
	condTest   condUse = iota // if/elseif/while/until condition, or an operand of and/or in one
	condNot                   // the operand of not
	condAnd                   // the left side of x and y
	condAssert                // the first argument of assert
)

func runIntegerReplyTruthiness(p *lint.Pass) {
	m := p.Model
	// Every finding is the reply of a call with an integer reply: without
	// one, the conditions need not be looked at.
	if !slices.ContainsFunc(m.Calls, func(c *model.Call) bool { return c.ReplyKind() == redisdb.ReplyInteger }) {
		return
	}
	var fx *ruleutil.Fixer
	seen := map[ast.Expr]bool{}
	checked := comparedBeside(m)
	zeroed := zeroDefaults(m)
	var cond func(e ast.Expr, use condUse)
	cond = func(e ast.Expr, use condUse) {
		if l, ok := e.(*ast.LogicalOpExpr); ok {
			if use == condTest || use == condNot || use == condAssert {
				// Both sides decide the truth of the whole.
				cond(l.Lhs, use)
				cond(l.Rhs, use)
			}
			return
		}
		if seen[e] {
			return
		}
		c := integerReply(ruleutil.ReplyValueOf(m, e))
		if c == nil {
			return
		}
		seen[e] = true
		if fx == nil {
			fx = ruleutil.NewFixer(m)
		}
		reportIntegerTruth(p, fx, e, c, use, checked[e], zeroed[e])
	}
	m.InspectKinds(m.File.Chunk, model.KIfStmt|model.KWhileStmt|model.KRepeatStmt|model.KUnaryNotOpExpr|model.KLogicalOpExpr|model.KFuncCallExpr, func(n any) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			cond(n.Condition, condTest)
		case *ast.WhileStmt:
			cond(n.Condition, condTest)
		case *ast.RepeatStmt:
			cond(n.Condition, condTest)
		case *ast.UnaryNotOpExpr:
			cond(n.Expr, condNot)
		case *ast.LogicalOpExpr:
			if n.Operator == "and" {
				cond(n.Lhs, condAnd)
			}
		case *ast.FuncCallExpr:
			if m.BuiltinName(n) == "assert" && len(n.Args) > 0 {
				cond(n.Args[0], condAssert)
			}
		}
		return true
	})
}

// integerReply returns the call whose integer reply v is (directly,
// through a local, or through tonumber), or nil.
func integerReply(v model.Value) *model.Call {
	if v.Types != model.TNumber {
		return nil
	}
	if v.Origin == model.Tonumber && v.Of != nil {
		v = *v.Of
	}
	if v.Origin != model.Reply || v.Call == nil || v.Types != model.TNumber || v.Call.ReplyKind() != redisdb.ReplyInteger {
		return nil
	}
	return v.Call
}

// by, when not nil, is a comparison of the same value with a number in the
// test's own chain (comparedBeside): the finding is then info.
func reportIntegerTruth(p *lint.Pass, fx *ruleutil.Fixer, e ast.Expr, c *model.Call, use condUse, by ast.Expr, zeroed bool) {
	m := p.Model
	subject := fmt.Sprintf("the %s reply", c.Name)
	switch {
	case m.Value(e).Var != nil, ruleutil.IsTableField(m, e):
		subject = fmt.Sprintf("%s holds the %s reply, which", ruleutil.Brief(m, e), c.Name)
	case ruleutil.IsLocalFuncCall(m, e):
		subject = fmt.Sprintf("%s returns the %s reply, which", ruleutil.Brief(m, e), c.Name)
	}
	op := "> 0"
	if slices.Equal(c.Command.ReplyConsts, []string{"0", "1"}) || c.Name == "EXISTS" {
		op = "== 1"
	}
	x := ruleutil.ShortOperand(m, e, "x")
	var effect, fix string
	switch use {
	case condNot:
		effect = fmt.Sprintf("not %s is always false", x)
		fix = fmt.Sprintf("test %s == 0", x)
	case condAnd:
		effect = fmt.Sprintf("%s and ... always goes on to its right side", x)
		fix = fmt.Sprintf("test %s %s", x, op)
	case condAssert:
		effect = "assert never fails on it"
		fix = fmt.Sprintf("assert(%s %s)", x, op)
	default:
		effect = "this test always passes"
		fix = fmt.Sprintf("test %s %s", x, op)
	}
	if by != nil {
		fix += fmt.Sprintf("; here %s beside it checks the value, so the truth test is dead code", m.Text(by))
	}
	if zeroed {
		fix += fmt.Sprintf("; here the branch only sets %s to 0, so even for a 0 reply it changes nothing: the test is dead code", x)
	}
	f := p.Report(m.Range(e), "%s is an integer, true in Lua even when 0", subject).
		Help("every number is true in Lua, so %s; %s", effect, fix).
		Fix(integerTruthFix(fx, e, c))
	if by != nil || zeroed {
		f.Info()
	}
}

// zeroDefaults maps x in `if not x then x = 0 end` (no else, nothing else
// in the block) to true: redis-py's lock extend script, copied by redbeat
// and coredis, writes it after PTTL. The test is dead for an integer, but
// the only case it could have meant, 0, already leaves x at 0: the branch
// changes nothing either way.
func zeroDefaults(m *model.Model) map[ast.Expr]bool {
	var out map[ast.Expr]bool
	m.Preorder(model.KIfStmt, func(n any) {
		s := n.(*ast.IfStmt)
		not, ok := s.Condition.(*ast.UnaryNotOpExpr)
		if !ok || len(s.Then) != 1 || len(s.Else) != 0 {
			return
		}
		id, ok := not.Expr.(*ast.IdentExpr)
		if !ok || m.VarOf(id) == nil {
			return
		}
		a, ok := s.Then[0].(*ast.AssignStmt)
		if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
			return
		}
		lhs, ok := a.Lhs[0].(*ast.IdentExpr)
		num, ok2 := a.Rhs[0].(*ast.NumberExpr)
		if !ok || !ok2 || m.VarOf(lhs) != m.VarOf(id) || num.Value != "0" {
			return
		}
		if out == nil {
			out = map[ast.Expr]bool{}
		}
		out[id] = true
	})
	return out
}

// comparedBeside maps the operand of a truth test to a comparison of the
// same value with a number in the same chain that decides the answer with
// it: `not n or tonumber(n) < 0` (an `or` chain, the test under not),
// `n and n > 0` (an `and` chain, the bare value). The truth test of an
// integer is dead there, and the comparison does the work.
func comparedBeside(m *model.Model) map[ast.Expr]ast.Expr {
	var out map[ast.Expr]ast.Expr
	m.Preorder(model.KLogicalOpExpr, func(e any) {
		x := e.(*ast.LogicalOpExpr)
		operands := ruleutil.ChainOperands(x)
		for _, o := range operands {
			var tested ast.Expr
			switch o := o.(type) {
			case *ast.UnaryNotOpExpr:
				if x.Operator == "or" {
					tested = o.Expr
				}
			case *ast.IdentExpr:
				if x.Operator == "and" {
					tested = o
				}
			}
			if tested == nil {
				continue
			}
			name := m.Text(tested)
			for _, sib := range operands {
				if r, ok := sib.(*ast.RelationalOpExpr); ok && comparesWithNumber(m, r, name) {
					if out == nil {
						out = map[ast.Expr]ast.Expr{}
					}
					out[tested] = sib
					break
				}
			}
		}
	})
	return out
}

// comparesWithNumber reports whether r compares the value whose text is
// name (or tonumber of it) with a number literal.
func comparesWithNumber(m *model.Model, r *ast.RelationalOpExpr, name string) bool {
	for _, pair := range [2][2]ast.Expr{{r.Lhs, r.Rhs}, {r.Rhs, r.Lhs}} {
		if _, ok := pair[1].(*ast.NumberExpr); !ok {
			continue
		}
		v := pair[0]
		if c, ok := v.(*ast.FuncCallExpr); ok && m.BuiltinName(c) == "tonumber" && len(c.Args) == 1 {
			v = c.Args[0]
		}
		if m.Text(v) == name {
			return true
		}
	}
	return false
}

// integerTruthFix compares a 0-or-1 reply with 1 where its truth is used:
// `if x then` becomes `if x == 1 then`, `not x` becomes `x == 0`,
// `x and y` becomes `x == 1 and y`, `assert(x)` becomes `assert(x == 1)`
// (when assert's result is not used). That is what the test meant: every
// number is true in Lua, and the author wanted 1 to be. Replies that may
// be other numbers (EXISTS of several keys, DEL, LLEN, TTL...) get no fix:
// whether `> 0`, `~= 0` or `== n` was meant is the author's call.
func integerTruthFix(fx *ruleutil.Fixer, e ast.Expr, c *model.Call) *diag.Fix {
	zeroOne := slices.Equal(c.Command.ReplyConsts, []string{"0", "1"}) ||
		c.Name == "EXISTS" && len(c.Args) == 2 && !c.Variadic
	if !zeroOne {
		return nil
	}
	par := fx.Parent[e]
	if !fx.Safe(e, e) || isNotOf(par, e) && !fx.Safe(par.(ast.Expr), e) {
		return nil
	}
	var ed diag.Edit
	switch {
	case isNotOf(par, e):
		not := par.(*ast.UnaryNotOpExpr)
		ed = fx.Replace(not, fx.Operand(e, ruleutil.PrecCompare)+" == 0", ruleutil.PrecCompare)
	case fx.TruthOnly(e) || isAndLhs(par, e) || isAssertArg(fx, par, e):
		ed = fx.Replace(e, fx.Operand(e, ruleutil.PrecCompare)+" == 1", ruleutil.PrecCompare)
	default:
		return nil
	}
	return &diag.Fix{Message: "compare the reply: " + ruleutil.ShortText(ed.New), Edits: []diag.Edit{ed}}
}

func isNotOf(par any, e ast.Expr) bool {
	n, ok := par.(*ast.UnaryNotOpExpr)
	return ok && n.Expr == e
}

func isAndLhs(par any, e ast.Expr) bool {
	l, ok := par.(*ast.LogicalOpExpr)
	return ok && l.Operator == "and" && l.Lhs == e
}

// isAssertArg reports whether e is the first argument of an assert whose
// results are thrown away (assert returns its arguments).
func isAssertArg(fx *ruleutil.Fixer, par any, e ast.Expr) bool {
	call, ok := par.(*ast.FuncCallExpr)
	return ok && len(call.Args) > 0 && call.Args[0] == e && fx.M.BuiltinName(call) == "assert" && fx.IsStatement(call)
}
