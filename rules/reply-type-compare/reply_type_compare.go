// Package replytypecompare is the rule reply-type-compare: a reply compared by == with a value of another type.
package replytypecompare

import (
	_ "embed" // doc.md

	"fmt"
	"strconv"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is reply-type-compare.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "reply-type-compare",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/reply-type-compare/doc.md", doc),
	},
	Run: runReplyTypeCompare,
}

func runReplyTypeCompare(p *lint.Pass) {
	m := p.Model
	// The fixer indexes the whole tree: built only for a fix.
	var fx *ruleutil.Fixer
	getFixer := func() *ruleutil.Fixer {
		if fx == nil {
			fx = ruleutil.NewFixer(m)
		}
		return fx
	}
	m.Preorder(model.KRelationalOpExpr, func(n any) {
		x := n.(*ast.RelationalOpExpr)
		if x.Operator != "==" && x.Operator != "~=" {
			return
		}
		if !reportTypeCompare(p, getFixer, x, x.Lhs, x.Rhs) {
			reportTypeCompare(p, getFixer, x, x.Rhs, x.Lhs)
		}
	})
}

// reportTypeCompare reports `side == other` when side is a status, bulk or
// integer reply and other a value of a type it can never equal.
func reportTypeCompare(p *lint.Pass, fx func() *ruleutil.Fixer, x *ast.RelationalOpExpr, side, other ast.Expr) bool {
	m := p.Model
	v, o := ruleutil.ReplyValueOf(m, side), m.Value(other)
	if v.Origin != model.Reply || v.Call == nil || !v.Types.Known() || !o.Types.Known() {
		return false
	}
	// Values of disjoint type sets are never equal (nil == nil under RESP3
	// would be, so a shared falsy type keeps the test meaningful).
	if v.Types&o.Types != 0 {
		return false
	}
	c := v.Call
	kind := c.ReplyKind() &^ redisdb.ReplyNull
	otherType := o.Types &^ model.Falsy
	name := ruleutil.ReplyCommandName(c)
	subject := ruleutil.ReplySubject(m, side, v, name)
	verdict := "always false"
	if x.Operator == "~=" {
		verdict = "always true"
	}
	switch {
	case kind == redisdb.ReplyStatus && otherType == model.TString:
		fix := fmt.Sprintf("compare its ok field (%s.ok == %s)", ruleutil.ShortOperand(m, side, "x"), ruleutil.ShortOperand(m, other, "s"))
		if c.ReplyKind()&redisdb.ReplyNull != 0 {
			fix = fmt.Sprintf("test the reply itself (if %s then): it is false when the %s did not happen", ruleutil.ShortOperand(m, side, "x"), name)
		}
		p.Report(m.Range(x), "%s is a status reply, a table in a script, never a string", subject).
			Help("a script receives it as the table {ok='...'}, so %s is %s; %s", m.Text(x), verdict, fix).
			Fix(statusCompareFix(fx(), x, side, other, v, o))
	case kind == redisdb.ReplyStatus && otherType == model.TNumber:
		// SETNX's convention (1 set, 0 not) carried over to SET NX, whose
		// reply is {ok='OK'} or false: imi's lock tests `lockSet == 0`.
		fix, orFalse := fmt.Sprintf("compare its ok field (%s.ok == 'OK')", ruleutil.ShortOperand(m, side, "x")), ""
		if c.ReplyKind()&redisdb.ReplyNull != 0 {
			fix = fmt.Sprintf("test the reply itself (if %s then / if not %s then): it is false when the %s did not happen", ruleutil.ShortOperand(m, side, "x"), ruleutil.ShortOperand(m, side, "x"), name)
			orFalse = " or false"
		}
		p.Report(m.Range(x), "%s is a status reply, a table in a script, never a number", subject).
			Help("a script receives it as the table {ok='...'}%s, never an integer as SETNX replies: %s is %s; %s", orFalse, m.Text(x), verdict, fix)
	case kind != 0 && kind&^(redisdb.ReplyBulk|redisdb.ReplyDouble) == 0 && v.Types&^model.Falsy == model.TString && otherType == model.TNumber:
		fix := fmt.Sprintf("compare with a string or convert: tonumber(%s) %s %s", ruleutil.ShortOperand(m, side, "x"), x.Operator, m.Text(other))
		if o.Origin == model.Literal && o.Var == nil {
			fix = fmt.Sprintf("compare with the string '%s' or convert: tonumber(%s) %s %s", o.Lit, ruleutil.ShortOperand(m, side, "x"), x.Operator, o.Lit)
		}
		p.Report(m.Range(x), "%s is a bulk-string reply compared with a number", subject).
			Help("it is a Lua string, and %s never converts a string to a number: %s is %s; %s", x.Operator, m.Text(x), verdict, fix)
	case kind == redisdb.ReplyInteger && otherType == model.TString:
		fix := fmt.Sprintf("compare with a number: %s %s tonumber(%s)", ruleutil.ShortOperand(m, side, "x"), x.Operator, m.Text(other))
		if o.Origin == model.Literal && o.Var == nil {
			if _, err := strconv.ParseFloat(o.Lit, 64); err == nil {
				fix = fmt.Sprintf("compare with the number: %s %s %s", ruleutil.ShortOperand(m, side, "x"), x.Operator, o.Lit)
			}
		}
		p.Report(m.Range(x), "%s is an integer reply compared with a string", subject).
			Help("it is a Lua number, and %s never converts a number to a string: %s is %s; %s", x.Operator, m.Text(x), verdict, fix)
	case kind == redisdb.ReplyInteger && v.Types&^model.TTable == model.TNumber && o.Types == model.TFalse:
		// LREM, ZREM, SADD... reply 0 when they did nothing, never false:
		// ergo's job cancel took `was_pending == false` for "not found".
		p.Report(m.Range(x), "%s is an integer reply compared with false", subject).
			Help("it is a number, 0 when the %s did nothing, never false: %s is %s; compare with 0 (%s %s 0)",
				name, m.Text(x), verdict, ruleutil.ShortOperand(m, side, "x"), x.Operator)
	default:
		return false
	}
	return true
}

// statusCompareFix rewrites a status reply compared with a string. A reply
// that is never null is the table {ok=...}: `x == s` becomes `x.ok == s`,
// exactly what the comparison meant. A reply that is null when the command
// did nothing (SET NX/XX) is compared with 'OK' to ask whether it
// happened: `x == 'OK'` becomes `x` where only its truth is used (else
// `x ~= false`), and `x ~= 'OK'` becomes `not x`. Nothing is offered when
// the string is another one, or for a nullable redis.pcall reply.
func statusCompareFix(fx *ruleutil.Fixer, x *ast.RelationalOpExpr, side, other ast.Expr, v, o model.Value) *diag.Fix {
	c := v.Call
	if !fx.Safe(x, side) {
		return nil
	}
	if v.Types&^(model.TTable|model.TFalse) != 0 {
		// Some path gives another value (a local function that may
		// return nil): x.ok or a truth test could change its result.
		return nil
	}
	if c.ReplyKind()&redisdb.ReplyNull == 0 {
		if v.Types != model.TTable {
			return nil
		}
		text := fx.Src(side) + ".ok"
		if !ruleutil.IsPrefix(side) {
			text = "(" + fx.Src(side) + ").ok"
		}
		s, e := fx.Bounds(side)
		return &diag.Fix{Message: "compare the ok field: " + ruleutil.ShortText(text) + " " + x.Operator + " " + ruleutil.ShortText(fx.Src(other)),
			Edits: []diag.Edit{{Start: s, End: e, New: text}}}
	}
	if c.Protected || o.Origin != model.Literal || !o.IsString || o.Var != nil || o.Lit != "OK" {
		return nil
	}
	var text string
	var p int
	switch {
	case x.Operator == "~=":
		text, p = "not "+fx.Operand(side, ruleutil.PrecUnary-1), ruleutil.PrecUnary
	case fx.TruthOnly(x):
		text, p = fx.Src(side), ruleutil.Prec(side)
	case fx.M.SetResp3:
		// The null reply is nil then, and x ~= false would be true.
		return nil
	default:
		text, p = fx.Operand(side, ruleutil.PrecCompare)+" ~= false", ruleutil.PrecCompare
	}
	e := fx.Replace(x, text, p)
	return &diag.Fix{Message: "test the reply itself: " + ruleutil.ShortText(e.New), Edits: []diag.Edit{e}}
}
