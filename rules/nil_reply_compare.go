package rules

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/yuin/gopher-lua/ast"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "nil-reply-compare",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title:   "a reply compared with nil",
			Summary: "a reply compared with `nil`: a null reply is `false` in RESP2, so the test never holds",
			Why: "Scripts talk RESP2 to Redis unless they call `redis.setresp(3)`, and in RESP2 a null reply (GET, HGET, " +
				"LPOP, ZSCORE... on missing data) arrives in Lua as `false`, not `nil`; arrays arrive as tables (empty " +
				"when nothing matches), integers as numbers. A reply is therefore never `nil`: `redis.call('HGET', k, f) == nil` " +
				"is never true, so the missing case is never handled, and `redis.call('ZRANGE', ...) ~= nil` is always true. " +
				"Test the null reply with `not x` (or `x == false`), an empty array with `#x == 0`. After `redis.setresp(3)` " +
				"a null reply is `nil` and the comparison is right.",
			Bad:   "local v = redis.call('HGET', KEYS[1], 'count')\nif v == nil then\n  return 'missing'\nend\nreturn v",
			Good:  "local v = redis.call('HGET', KEYS[1], 'count')\nif not v then\n  return 'missing'\nend\nreturn v",
			Redis: "all (RESP2, the default in scripts)",
			Lower: "Info for `x ~= nil` where the reply is never null (an array, an integer, a status) and the test is the condition of an if without an else (or one operand of its `and` chain): it always holds and only lets the block run, as it would without it, so the script's answer is the same (jesque's `if firstMsg ~= nil then payload = firstMsg[1] ... end`, which then tests the element). `x == nil` there leaves its block dead, and `~= nil` with an else leaves the else dead: those stay errors, as does `~= nil` on a reply whose null is false, which lets the null through.",
		},
	},
	Run: runNilReplyCompare,
})

func runNilReplyCompare(p *lint.Pass) {
	m := p.Model
	if m.SetResp3 {
		// Null replies are nil then: the comparison is the right test.
		return
	}
	var fx *fixer
	paired := nilFalsePairs(m)
	var idle map[ast.Expr]bool // made on the first finding that asks
	m.Preorder(model.KRelationalOpExpr, func(e any) {
		x := e.(*ast.RelationalOpExpr)
		if x.Operator != "==" && x.Operator != "~=" || paired[x] {
			return
		}
		for i, side := range []ast.Expr{x.Lhs, x.Rhs} {
			other := x.Rhs
			if i == 1 {
				other = x.Lhs
			}
			if m.Value(other).Types != model.TNil {
				continue
			}
			v := replyValueOf(m, side)
			if v.Origin != model.Reply || v.Call == nil || !v.Types.Known() || v.Types&model.TNil != 0 {
				continue
			}
			if fx == nil {
				fx = newFixer(m)
			}
			if x.Operator == "~=" && v.Types&model.TFalse == 0 && idle == nil {
				idle = idleTests(m)
			}
			reportNilCompare(p, fx, x, side, other, v, idle[x])
			return
		}
	})
}

// idleTests returns the conditions, and the operands of their `and`
// chains, of the if statements without an else: a test there that always
// holds only lets the block run, as it would without the test.
func idleTests(m *model.Model) map[ast.Expr]bool {
	out := map[ast.Expr]bool{}
	m.Preorder(model.KIfStmt, func(n any) {
		s := n.(*ast.IfStmt)
		if len(s.Else) > 0 {
			return
		}
		for _, e := range conjuncts(s.Condition) {
			out[e] = true
		}
	})
	return out
}

func reportNilCompare(p *lint.Pass, fx *fixer, x *ast.RelationalOpExpr, side, other ast.Expr, v model.Value, idle bool) {
	m := p.Model
	c := v.Call
	name := replyCommandName(c)
	subject := replySubject(m, side, v, name)
	verdict := "never true"
	if x.Operator == "~=" {
		verdict = "always true"
	}
	x1 := shortOperand(m, side, "x")
	var what, fix string
	nonNull := v.Types &^ model.TFalse
	if c.Protected {
		nonNull &^= model.TTable
	}
	switch {
	case v.Types&model.TFalse != 0:
		what = "a null reply arrives in Lua as false, not nil (nil only after redis.setresp(3))"
		fix = fmt.Sprintf("test not %s (or %s == false) for the null reply", x1, x1)
		if x.Operator == "~=" {
			fix = fmt.Sprintf("test %s itself (or %s ~= false) for a non-null reply", x1, x1)
		}
	case nonNull == model.TTable && c.ReplyKind()&(redisdb.ReplyArray|redisdb.ReplyMap) != 0:
		what = fmt.Sprintf("the %s reply is a table, empty when nothing matches", name)
		fix = fmt.Sprintf("test #%s == 0 for an empty reply", x1)
	case nonNull == model.TTable:
		what = fmt.Sprintf("the %s reply is a status table {ok=...}", name)
		fix = "a failed redis.call raises instead of replying, so drop the test (or use redis.pcall and test x.err)"
	case nonNull == model.TNumber:
		what = fmt.Sprintf("the %s reply is an integer", name)
		fix = "compare its value"
	case nonNull == model.TString:
		what = fmt.Sprintf("the %s reply is a string", name)
		fix = "compare its value"
	default:
		what = "a reply is never nil"
		fix = fmt.Sprintf("test not %s (or %s == false) for a null reply", x1, x1)
	}
	if c.Protected && v.Types&model.TFalse == 0 {
		what += " (an error is a table {err=...})"
	}
	f := p.Report(m.Range(x), "%s is never nil in a script (RESP2)", subject).
		Help("%s, so %s is %s; %s", what, m.Text(x), verdict, fix).Fix(nilCompareFix(fx, x, side, other, v))
	if idle && x.Operator == "~=" && v.Types&model.TFalse == 0 {
		// A reply that is never null passes `~= nil`: the block runs
		// as it would without the test, and nothing else depends on it.
		f.Info()
	}
}

// nilCompareFix rewrites `x == nil` as `not x`, and `x ~= nil` as `x` where
// only its truth is used (else `x ~= false`), for a reply whose null is
// false: what the comparison meant to test. It offers nothing for
// redis.pcall (an error table is truthy too) nor for replies that are
// never null (the comparison's intent is unclear).
func nilCompareFix(fx *fixer, x *ast.RelationalOpExpr, side, other ast.Expr, v model.Value) *diag.Fix {
	if !isNil(other) || v.Types&model.TFalse == 0 || v.Call.Protected || !fx.safe(x, side) {
		return nil
	}
	var text string
	var p int
	switch {
	case x.Operator == "==":
		text, p = "not "+fx.operand(side, precUnary-1), precUnary
	case fx.truthOnly(x):
		text, p = fx.src(side), prec(side)
	default:
		text, p = fx.operand(side, precCompare)+" ~= false", precCompare
	}
	e := fx.replace(x, text, p)
	return &diag.Fix{Message: "replace " + shortText(fx.src(x)) + " with " + shortText(e.New), Edits: []diag.Edit{e}}
}

// nilFalsePairs finds the comparisons with nil that sit beside the same
// comparison with false: `x == nil or x == false`, `x ~= nil and x ~= false`.
// The pair tests the null reply whatever the protocol; the nil half is
// redundant under RESP2, not wrong.
func nilFalsePairs(m *model.Model) map[*ast.RelationalOpExpr]bool {
	var out map[*ast.RelationalOpExpr]bool
	m.Preorder(model.KLogicalOpExpr, func(e any) {
		x := e.(*ast.LogicalOpExpr)
		op := "=="
		if x.Operator == "and" {
			op = "~="
		}
		var nils []*ast.RelationalOpExpr
		falses := map[string]bool{}
		var walk func(ast.Expr)
		walk = func(e ast.Expr) {
			if l, ok := e.(*ast.LogicalOpExpr); ok && l.Operator == x.Operator {
				walk(l.Lhs)
				walk(l.Rhs)
				return
			}
			r, ok := e.(*ast.RelationalOpExpr)
			if !ok || r.Operator != op {
				return
			}
			for _, pair := range [2][2]ast.Expr{{r.Lhs, r.Rhs}, {r.Rhs, r.Lhs}} {
				switch pair[1].(type) {
				case *ast.NilExpr:
					nils = append(nils, r)
				case *ast.FalseExpr:
					falses[m.Text(pair[0])] = true
				}
			}
		}
		walk(x)
		for _, r := range nils {
			side := r.Lhs
			if _, ok := side.(*ast.NilExpr); ok {
				side = r.Rhs
			}
			if falses[m.Text(side)] {
				if out == nil {
					out = map[*ast.RelationalOpExpr]bool{}
				}
				out[r] = true
			}
		}
	})
	return out
}
