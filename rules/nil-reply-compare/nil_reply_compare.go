// Package nilreplycompare is the rule nil-reply-compare: a reply compared with nil. Its documentation is doc.md, its
// fixtures testdata/.
package nilreplycompare

import (
	_ "embed" // doc.md

	"fmt"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is nil-reply-compare.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "nil-reply-compare",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/nil-reply-compare/doc.md", doc),
	},
	Run: runNilReplyCompare,
}

func runNilReplyCompare(p *lint.Pass) {
	m := p.Model
	if m.SetResp3 {
		// Null replies are nil then: the comparison is the right test.
		return
	}
	var fx *ruleutil.Fixer
	paired := nilFalsePairs(m)
	covered := nilCoveredTests(m)
	var idle map[ast.Expr]nilTestSite // made on the first finding that asks
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
			v := ruleutil.ReplyValueOf(m, side)
			if v.Origin != model.Reply || v.Call == nil || !v.Types.Known() || v.Types&model.TNil != 0 {
				continue
			}
			if fx == nil {
				fx = ruleutil.NewFixer(m)
			}
			dead := false
			if v.Types&model.TFalse == 0 {
				if idle == nil {
					idle = nilTestSites(m)
				}
				if site, ok := idle[x]; ok {
					dead = !site.depends(m, x, side, v)
				}
			}
			by, ok := covered[x]
			reportNilCompare(p, fx, x, side, other, v, dead || ok, by)
			return
		}
	})
}

// nilTestSite is where a comparison with nil decides an if statement: the
// statement, the block that holds it and its place there, and how many
// operands its condition's `and` chain (for `~=`) or `or` chain (for
// `==`) has.
type nilTestSite struct {
	s        *ast.IfStmt
	block    []ast.Stmt
	at, ways int
}

// nilTestSites returns the comparisons with nil that decide an if
// statement: its condition, an operand of its `and` chain for `~=` (the
// block runs only when it holds) or of its `or` chain for `==` (the block
// runs when it holds).
func nilTestSites(m *model.Model) map[ast.Expr]nilTestSite {
	out := map[ast.Expr]nilTestSite{}
	visit := func(block []ast.Stmt) {
		for i, st := range block {
			s, ok := st.(*ast.IfStmt)
			if !ok {
				continue
			}
			for _, split := range []struct {
				op    string
				parts []ast.Expr
			}{{"~=", ruleutil.Conjuncts(s.Condition)}, {"==", ruleutil.Disjuncts(s.Condition)}} {
				for _, e := range split.parts {
					if r, ok := e.(*ast.RelationalOpExpr); ok && r.Operator == split.op {
						out[e] = nilTestSite{s: s, block: block, at: i, ways: len(split.parts)}
					}
				}
			}
		}
	}
	visit(m.File.Chunk)
	m.Preorder(model.KIfStmt|model.KLoops|model.KDoBlockStmt|model.KFunctionExpr, func(n any) {
		switch s := n.(type) {
		case *ast.IfStmt:
			visit(s.Then)
			visit(s.Else)
		case *ast.WhileStmt:
			visit(s.Stmts)
		case *ast.RepeatStmt:
			visit(s.Stmts)
		case *ast.NumberForStmt:
			visit(s.Stmts)
		case *ast.GenericForStmt:
			visit(s.Stmts)
		case *ast.DoBlockStmt:
			visit(s.Stmts)
		case *ast.FunctionExpr:
			visit(s.Stmts)
		}
	})
	return out
}

// depends reports whether the script depends on x, a comparison with nil
// of a reply v that is never nil nor false, deciding the site's if: the
// test always comes out the same way, and it is dead code unless
//   - the branch it leaves dead (the block of `== nil`, the else of
//     `~= nil`: what the author meant for the missing case) writes, or
//     handles a case the reply has (hasNone);
//   - what it lets run (the block of `~= nil` and the rest of its `and`
//     chain; the else of `== nil`, and the code after it when its block
//     leaves) uses an element of a reply that may be an empty array, as if
//     the test had guarded it: passes it to a command, computes with it,
//     orders it, calls a method of it, or returns it when the dead branch
//     had another answer;
//   - the test alone decides the if, the reply has a case the author may
//     have meant by nil (hasNone), and what the test lets run writes at
//     its top level: the write was meant to depend on it.
func (site nilTestSite) depends(m *model.Model, x *ast.RelationalOpExpr, side ast.Expr, v model.Value) bool {
	s := site.s
	dead, live := s.Else, s.Then
	if x.Operator == "==" {
		dead, live = s.Then, s.Else
		if exitsBlock(m, s.Then) {
			live = append(append([]ast.Stmt(nil), live...), site.block[site.at+1:]...)
		}
	}
	if writesIn(m, dead, false) {
		return true
	}
	// The reply has a case the author may have meant by nil (a read's 0
	// or empty array, a conditional write's 0): code meant for it gives
	// its answer no more, and what the test alone lets run always runs.
	if hasNone(v) && (len(dead) > 0 || site.ways == 1 && writesIn(m, live, true)) {
		return true
	}
	lv := m.LocalOf(side)
	if lv == nil || v.Types&model.TTable == 0 || v.Call.ReplyKind()&(redisdb.ReplyArray|redisdb.ReplyMap) == 0 {
		return false
	}
	isElem := func(e ast.Expr) bool {
		a, ok := e.(*ast.AttrGetExpr)
		return ok && m.LocalOf(a.Object) == lv
	}
	// An element, or tonumber of one: nil when the reply is empty, and
	// ordering or indexing nil fails the script.
	isElemNumber := func(e ast.Expr) bool {
		if c, ok := e.(*ast.FuncCallExpr); ok && len(c.Args) == 1 && m.BuiltinName(c) == "tonumber" {
			e = c.Args[0]
		}
		return isElem(e)
	}
	used := false
	visit := func(n any) bool {
		switch n := n.(type) {
		case *ast.FuncCallExpr:
			if m.CallAt(n) != nil {
				for _, a := range n.Args {
					used = used || isElem(a)
				}
			}
			// data[1]:match(...): a method of nil.
			used = used || n.Receiver != nil && isElem(n.Receiver)
		case *ast.RelationalOpExpr:
			if n.Operator != "==" && n.Operator != "~=" {
				used = used || isElemNumber(n.Lhs) || isElemNumber(n.Rhs)
			}
		case *ast.ArithmeticOpExpr:
			used = used || isElemNumber(n.Lhs) || isElemNumber(n.Rhs)
		case *ast.StringConcatOpExpr:
			used = used || isElem(n.Lhs) || isElem(n.Rhs)
		case *ast.ReturnStmt:
			if len(dead) > 0 {
				for _, e := range n.Exprs {
					used = used || isElem(e)
				}
			}
		}
		return !used
	}
	// What the test lets run: for `~=`, the rest of its `and` chain too
	// (`data ~= nil and n > tonumber(data[2])`, itamarhaber's rangelookup).
	if x.Operator == "~=" {
		model.InspectExpr(s.Condition, visit)
	}
	if !used {
		m.Inspect(live, visit)
	}
	return used
}

// hasNone reports whether a reply that is never null has a case that
// says "nothing": a read's 0 or empty array (ZCARD, EXISTS, ZRANGE of a
// missing key), or a conditional write's 0 (SETNX did not set, DEL found
// nothing). A nil test of it likely meant that case; a nil test of a
// reply that always carries a result (INCR, LPUSH, SET's status) meant
// nothing.
func hasNone(v model.Value) bool {
	c := v.Call
	if c.Command == nil || v.Types&(model.TNumber|model.TTable) == 0 {
		return false
	}
	if v.Types&model.TTable != 0 && c.ReplyKind()&(redisdb.ReplyArray|redisdb.ReplyMap) == 0 {
		return false
	}
	return !c.Command.IsWrite() || conditionalWrites[c.Name]
}

// conditionalWrites reply 0 when they do nothing.
var conditionalWrites = map[string]bool{
	"SETNX": true, "HSETNX": true, "MSETNX": true, "RENAMENX": true, "SADD": true, "SREM": true, "SMOVE": true,
	"HDEL": true, "ZADD": true, "ZREM": true, "DEL": true, "UNLINK": true, "EXPIRE": true, "PEXPIRE": true,
	"EXPIREAT": true, "PEXPIREAT": true, "PERSIST": true, "LREM": true, "COPY": true,
}

// exitsBlock reports whether a block ends by leaving its function
// (model.Leaves) or its loop.
func exitsBlock(m *model.Model, block []ast.Stmt) bool {
	if n := len(block); n > 0 {
		if _, ok := block[n-1].(*ast.BreakStmt); ok {
			return true
		}
	}
	return m.Leaves(block)
}

// writesIn reports whether a redis.call in stmts runs a write command; top
// limits the search to the calls that run whenever the block does (not
// under a further if or loop).
func writesIn(m *model.Model, stmts []ast.Stmt, top bool) bool {
	found := false
	m.Inspect(stmts, func(n any) bool {
		switch n := n.(type) {
		case *ast.IfStmt, *ast.WhileStmt, *ast.RepeatStmt, *ast.NumberForStmt, *ast.GenericForStmt, *ast.FunctionExpr:
			if top {
				return false
			}
		case *ast.FuncCallExpr:
			if c := m.CallAt(n); c != nil && c.Command != nil && c.Command.IsWrite() {
				found = true
			}
		}
		return !found
	})
	return found
}

// by, when not nil, is the other operand of the test's chain that already
// gives the answer the nil test was meant to give for a null reply
// (nilCoveredTests): the finding is then info.
func reportNilCompare(p *lint.Pass, fx *ruleutil.Fixer, x *ast.RelationalOpExpr, side, other ast.Expr, v model.Value, dead bool, by ast.Expr) {
	m := p.Model
	c := v.Call
	name := ruleutil.ReplyCommandName(c)
	subject := ruleutil.ReplySubject(m, side, v, name)
	verdict := "never true"
	if x.Operator == "~=" {
		verdict = "always true"
	}
	x1 := ruleutil.ShortOperand(m, side, "x")
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
	if by != nil {
		fix += fmt.Sprintf("; here %s already gives the same answer for the null reply, so the test is dead code", m.Text(by))
	}
	f := p.Report(m.Range(x), "%s is never nil in a script (RESP2)", subject).
		Help("%s, so %s is %s; %s", what, m.Text(x), verdict, fix).Fix(nilCompareFix(fx, x, side, other, v))
	if dead {
		// A reply that is never null always passes `~= nil` and never
		// `== nil`: nothing the script does depends on the test, which is
		// dead code.
		f.Info()
	}
}

// nilCompareFix rewrites `x == nil` as `not x`, and `x ~= nil` as `x` where
// only its truth is used (else `x ~= false`), for a reply whose null is
// false: what the comparison meant to test. It offers nothing for
// redis.pcall (an error table is truthy too) nor for replies that are
// never null (the comparison's intent is unclear).
func nilCompareFix(fx *ruleutil.Fixer, x *ast.RelationalOpExpr, side, other ast.Expr, v model.Value) *diag.Fix {
	if !ruleutil.IsNil(other) || v.Types&model.TFalse == 0 || v.Call.Protected || !fx.Safe(x, side) {
		return nil
	}
	var text string
	var p int
	switch {
	case x.Operator == "==":
		text, p = "not "+fx.Operand(side, ruleutil.PrecUnary-1), ruleutil.PrecUnary
	case fx.TruthOnly(x):
		text, p = fx.Src(side), ruleutil.Prec(side)
	default:
		text, p = fx.Operand(side, ruleutil.PrecCompare)+" ~= false", ruleutil.PrecCompare
	}
	e := fx.Replace(x, text, p)
	return &diag.Fix{Message: "replace " + ruleutil.ShortText(fx.Src(x)) + " with " + ruleutil.ShortText(e.New), Edits: []diag.Edit{e}}
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
		for _, e := range ruleutil.ChainOperands(x) {
			r, ok := e.(*ast.RelationalOpExpr)
			if !ok || r.Operator != op {
				continue
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

// nilCoveredTests finds the comparisons with nil whose `or` chain (for
// `== nil`) or `and` chain (for `~= nil`) holds another test of the same
// value that already comes out as the nil test meant for the null reply,
// false: `x == nil or x ~= KEYS[2]` and `x == nil or not x` hold when x is
// false through their other operand; `x ~= nil and x == 'v'` and
// `x ~= nil and x` fail then through theirs. The nil test is dead code
// there, the chain's answer for a missing key is the one intended, and
// the finding is info (round 6: telegram-bot-rank, xiaoyeshenger-seckill).
// The other operand is mapped to each nil test it covers.
func nilCoveredTests(m *model.Model) map[*ast.RelationalOpExpr]ast.Expr {
	var out map[*ast.RelationalOpExpr]ast.Expr
	m.Preorder(model.KLogicalOpExpr, func(e any) {
		x := e.(*ast.LogicalOpExpr)
		op := "=="
		if x.Operator == "and" {
			op = "~="
		}
		operands := ruleutil.ChainOperands(x)
		for _, o := range operands {
			r, ok := o.(*ast.RelationalOpExpr)
			if !ok || r.Operator != op {
				continue
			}
			side := r.Lhs
			if _, ok := side.(*ast.NilExpr); ok {
				side = r.Rhs
			} else if _, ok := r.Rhs.(*ast.NilExpr); !ok {
				continue
			}
			for _, sib := range operands {
				if sib != o && givesNullAnswer(m, sib, m.Text(side), op) {
					if out == nil {
						out = map[*ast.RelationalOpExpr]ast.Expr{}
					}
					out[r] = sib
					break
				}
			}
		}
	})
	return out
}

// givesNullAnswer reports whether e, a test of the value whose text is
// name, comes out for a false value as `name == nil` was meant to (op
// "==", true: `not name`, `name ~= s`) or as `name ~= nil` was (op "~=",
// false: `name`, `name == s`), s a value that is never false: a string or
// number literal, or an element of KEYS or ARGV.
func givesNullAnswer(m *model.Model, e ast.Expr, name, op string) bool {
	switch e := e.(type) {
	case *ast.UnaryNotOpExpr:
		return op == "==" && m.Text(e.Expr) == name
	case *ast.IdentExpr, *ast.AttrGetExpr:
		return op == "~=" && m.Text(e) == name
	case *ast.RelationalOpExpr:
		want := "~="
		if op == "~=" {
			want = "=="
		}
		if e.Operator != want {
			return false
		}
		for _, pair := range [2][2]ast.Expr{{e.Lhs, e.Rhs}, {e.Rhs, e.Lhs}} {
			if m.Text(pair[0]) == name && neverFalse(m, pair[1]) {
				return true
			}
		}
	}
	return false
}

// neverFalse reports whether e is a string or number literal or an element
// of KEYS or ARGV (strings from the caller).
func neverFalse(m *model.Model, e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.StringExpr, *ast.NumberExpr:
		return true
	case *ast.AttrGetExpr:
		if id, ok := e.Object.(*ast.IdentExpr); ok && m.VarOf(id) == nil {
			return id.Value == "KEYS" || id.Value == "ARGV"
		}
	}
	return false
}
