// Package setnxthenexpire is the rule setnx-then-expire: a SETNX or SET NX whose key gets its expiry from an EXPIRE.
package setnxthenexpire

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

// Rule is setnx-then-expire.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "setnx-then-expire",
		Category: diag.Atomicity,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/setnx-then-expire/doc.md", doc),
	},
	Run: runSetnxThenExpire,
}

func runSetnxThenExpire(p *lint.Pass) {
	m := p.Model
	// Every finding starts at a SETNX or SET NX call: without one, the
	// blocks need not be looked at.
	if !slices.ContainsFunc(m.Calls, func(c *model.Call) bool { return c.Name == "SETNX" || c.Name == "SET" && c.SetsIfAbsent() }) {
		return
	}
	var fx *ruleutil.Fixer
	forEachBlock(m, m.File.Chunk, func(block []ast.Stmt) {
		for i, st := range block {
			var prev, next ast.Stmt
			if i > 0 {
				prev = block[i-1]
			}
			if i+1 < len(block) {
				next = block[i+1]
			}
			if s := ruleutil.SetnxStmt(m, st); s != nil {
				// SETNX, then EXPIRE whatever the SETNX replied.
				if e := laterExpire(m, block[i+1:], s); e != nil {
					reportUnconditional(p, s, e)
				}
			}
			ifs, ok := st.(*ast.IfStmt)
			if !ok {
				continue
			}
			t := ruleutil.SetnxTest(m, ifs.Condition, prev)
			conj := false
			if l, ok := ifs.Condition.(*ast.LogicalOpExpr); t == nil && ok && l.Operator == "and" {
				// `if got == 1 and ttl > 0 then EXPIRE`: the branch
				// runs only where the key was taken.
				if t = ruleutil.SetnxTest(m, l.Lhs, prev); t != nil && !t.Taken {
					t = nil
				}
				conj = true
			}
			if t == nil {
				continue
			}
			var e *expireAt
			switch {
			case t.Taken && len(ifs.Then) > 0:
				e = expireStmt(m, ifs.Then[0], t.Call)
			case !t.Taken && len(ifs.Else) == 0 && m.Leaves(ifs.Then) && next != nil:
				e = expireStmt(m, next, t.Call)
			}
			if e == nil {
				continue
			}
			var fix *diag.Fix
			withheld := false
			if t.Call.Name == "SETNX" && !conj {
				if fx == nil {
					fx = ruleutil.NewFixer(m)
				}
				fix, withheld = setnxFix(fx, ifs, t, e)
			}
			reportConditional(p, t, e, fix, withheld)
		}
	})
}

// took names how a call took its key, for headlines.
func took(c *model.Call) string {
	if c.Name == "SETNX" {
		return "taken with SETNX"
	}
	return "set with NX"
}

// instead is the one command that does what the attempt and the EXPIRE do.
func instead(c *model.Call, key, unit, ttl string) string {
	if c.Name == "SETNX" {
		return fmt.Sprintf("use SET %s value NX %s %s", key, unit, ttl)
	}
	return fmt.Sprintf("add %s %s to the SET", unit, ttl)
}

// reportConditional reports an EXPIRE that runs where the key was taken,
// at a severity that follows its time to live (Doc.Lower).
func reportConditional(p *lint.Pass, t *ruleutil.SetnxCond, e *expireAt, fix *diag.Fix, withheld bool) {
	m := p.Model
	// noFix says why --fix leaves a form it otherwise rewrites, and what
	// the user can do.
	noFix := ""
	if withheld {
		noFix = fmt.Sprintf("; --fix leaves it: the script does not show the TTL %s above 0, and with 0 or less EXPIRE deletes the key where SET ... %s fails ('invalid expire time'); check the TTL first (if not ttl or ttl <= 0 then return ... end), or accept that difference with --fix --unsafe-fixes",
			ruleutil.Brief(m, e.call.Args[2].Expr), e.unit)
	}
	key := m.Text(t.Call.Args[1].Expr)
	line := m.Range(e.call.Expr).Start.Line
	head := fmt.Sprintf("key %s %s gets its expiry from the EXPIRE on line %d", key, took(t.Call), line)
	ttl := e.call.Args[2]
	if n, ok := positiveInteger(ttl.Value); ok {
		// EXPIRE of a positive integer cannot fail: two commands
		// where one does.
		help := instead(t.Call, key, e.unit, n) + ": one command does both"
		if t.Call.Name == "SETNX" {
			help = fmt.Sprintf("SET %s value NX %s %s does both in one command (SETNX is deprecated since Redis 2.6.12)", key, e.unit, n)
		}
		p.Report(m.Range(t.Call.Expr), "%s", head).Help("%s", help+noFix).Lower().Fix(fix)
		return
	}
	if ttlFraction(m, ttl.Expr, 0) {
		p.Report(m.Range(t.Call.Expr), "%s", head).
			Help("its TTL %s may not be an integer, and then EXPIRE fails ('value is not an integer or out of range') after the %s, which is not rolled back: the key never expires; %s (it checks the TTL before it writes), with a whole number of seconds or milliseconds%s",
				ruleutil.Brief(m, ttl.Expr), t.Call.Name, instead(t.Call, key, e.unit, "<ttl>"), noFix).
			Fix(fix)
		return
	}
	p.Report(m.Range(t.Call.Expr), "%s", head).
		Help("when that EXPIRE fails (a TTL that is not an integer) the script stops after the %s, which is not rolled back, and the key never expires; %s, which checks the TTL before it writes%s",
			t.Call.Name, instead(t.Call, key, e.unit, "<ttl>"), noFix).
		Lower().Fix(fix)
}

// reportUnconditional reports an EXPIRE that runs whatever the attempt
// replied: warning for a lock or a TTL that may have a fraction, one level
// lower otherwise (Doc.Lower).
func reportUnconditional(p *lint.Pass, s *ruleutil.SetnxAt, e *expireAt) {
	m := p.Model
	key := m.Text(s.Call.Args[1].Expr)
	f := p.Report(m.Range(s.Call.Expr), "key %s %s is given its expiry on line %d even when it was already there",
		ruleutil.Brief(m, s.Call.Args[1].Expr), took(s.Call), m.Range(e.call.Expr).Start.Line)
	fix := instead(s.Call, key, e.unit, "<ttl>")
	switch {
	case ruleutil.IsLock(m, s.Call):
		f.Help("the EXPIRE runs whatever the %s replied: it pushes back the expiry of a lock someone else holds, and when it fails (a TTL that is not an integer) the %s stays without expiry (no rollback); %s", s.Call.Name, s.Call.Name, fix)
	case ttlFraction(m, e.call.Args[2].Expr, 0):
		f.Help("its TTL %s may not be an integer, and then the EXPIRE fails after the %s, which is not rolled back: the key never expires; %s", ruleutil.Brief(m, e.call.Args[2].Expr), s.Call.Name, fix)
	default:
		f.Help("the EXPIRE runs whatever the %s replied: it also pushes back the expiry of a key that was already there, and when it fails (a TTL that is not an integer) the key stays without expiry (no rollback); %s", s.Call.Name, fix).Lower()
	}
}

// ttlFraction reports whether the script computes a time to live that may
// have a fraction: a fractional literal, a division or a power, arithmetic
// with such an operand, math.random(), directly or through a local that is
// never reassigned; math.floor and math.ceil end it. A value from the
// caller (ARGV, tonumber of it) is not: whether it is ever fractional is
// the caller's to say.
func ttlFraction(m *model.Model, e ast.Expr, d int) bool {
	if d > 16 {
		return false
	}
	d++
	switch e := e.(type) {
	case *ast.NumberExpr:
		n, ok := model.ParseNumber(e.Value)
		return !ok || n != math.Trunc(n)
	case *ast.StringExpr:
		if n, err := strconv.ParseFloat(strings.TrimSpace(e.Value), 64); err == nil {
			return n != math.Trunc(n)
		}
	case *ast.ArithmeticOpExpr:
		if e.Operator == "/" || e.Operator == "^" {
			return true
		}
		return ttlFraction(m, e.Lhs, d) || ttlFraction(m, e.Rhs, d)
	case *ast.UnaryMinusOpExpr:
		return ttlFraction(m, e.Expr, d)
	case *ast.IdentExpr:
		if v := m.VarOf(e); v != nil && len(v.Writes) == 0 && v.Init != nil {
			return ttlFraction(m, v.Init, d)
		}
	case *ast.FuncCallExpr:
		switch m.BuiltinName(e) {
		case "tonumber", "tostring":
			return len(e.Args) > 0 && ttlFraction(m, e.Args[0], d)
		case "math.random":
			return len(e.Args) == 0
		}
	}
	return false
}

// laterExpire returns the first statement of rest that is an EXPIRE of the
// key s takes, when nothing before it reads the reply's local: the EXPIRE
// then runs whatever the attempt replied.
func laterExpire(m *model.Model, rest []ast.Stmt, s *ruleutil.SetnxAt) *expireAt {
	for _, st := range rest {
		if e := expireStmt(m, st, s.Call); e != nil {
			return e
		}
		if s.Local != nil && reads(m, st, s.Local) {
			return nil
		}
	}
	return nil
}

// reads reports whether a statement mentions a local.
func reads(m *model.Model, st ast.Stmt, v *model.Variable) bool {
	found := false
	m.InspectKinds([]ast.Stmt{st}, model.KIdentExpr, func(n any) bool {
		if id, ok := n.(*ast.IdentExpr); ok && m.VarOf(id) == v {
			found = true
		}
		return !found
	})
	return found
}

// forEachBlock calls visit with every statement list of a chunk: the chunk,
// the bodies of blocks and loops, both branches of ifs, function bodies.
func forEachBlock(m *model.Model, chunk []ast.Stmt, visit func([]ast.Stmt)) {
	visit(chunk)
	m.InspectKinds(chunk, model.KDoBlockStmt|model.KLoops|model.KIfStmt|model.KFunctionExpr, func(n any) bool {
		switch n := n.(type) {
		case *ast.DoBlockStmt:
			visit(n.Stmts)
		case *ast.WhileStmt:
			visit(n.Stmts)
		case *ast.RepeatStmt:
			visit(n.Stmts)
		case *ast.IfStmt:
			visit(n.Then)
			visit(n.Else)
		case *ast.NumberForStmt:
			visit(n.Stmts)
		case *ast.GenericForStmt:
			visit(n.Stmts)
		case *ast.FunctionExpr:
			visit(n.Stmts)
		}
		return true
	})
}

// expireAt is an `EXPIRE k ttl` (or PEXPIRE) statement of a SETNX's key.
type expireAt struct {
	call *model.Call
	stmt ast.Stmt
	// unit is the SET option that says the same: EX or PX.
	unit string
	// returned: the statement is `return redis.call('EXPIRE', k, ttl)`.
	returned bool
}

// expireStmt recognizes st as `redis.call('EXPIRE', k, ttl)` (or PEXPIRE)
// of the key the SETNX takes, with no other option, its reply unused or
// returned as the script's (or the function's) only value.
func expireStmt(m *model.Model, st ast.Stmt, setnx *model.Call) *expireAt {
	var fe *ast.FuncCallExpr
	returned := false
	switch st := st.(type) {
	case *ast.FuncCallStmt:
		fe, _ = st.Expr.(*ast.FuncCallExpr)
	case *ast.ReturnStmt:
		if len(st.Exprs) == 1 {
			fe, _ = st.Exprs[0].(*ast.FuncCallExpr)
			returned = true
		}
	}
	if fe == nil {
		return nil
	}
	c := m.CallAt(fe)
	if c == nil || c.Protected || c.Variadic || len(c.Args) != 3 || !c.Is("EXPIRE", "PEXPIRE") {
		return nil
	}
	if !m.SameKey(setnx.Args[1].Value, c.Args[1].Value) {
		return nil
	}
	unit := "EX"
	if c.Name == "PEXPIRE" {
		unit = "PX"
	}
	return &expireAt{call: c, stmt: st, unit: unit, returned: returned}
}

// setnxFix turns the SETNX into `SET k v NX EX ttl`, its test into a truth
// test of SET's reply (a table when the key was set, false when it was
// there), and drops the EXPIRE. It offers nothing when the reply's local
// is used anywhere else (its type changes), or when the TTL is not a
// simple expression that means the same evaluated before the SETNX.
//
// When the script does not show the TTL to be above 0 where the SET goes
// (model.PositiveAt), the fix is unsafe and withheld says so, for the help:
// with 0 or less, SETNX + EXPIRE sets the key and deletes it at once (the
// script goes on), while SET ... NX EX fails with 'invalid expire time', a
// change of behaviour for an input the script admits (issue 25), which
// --unsafe-fixes lets the user accept. For a TTL that is no integer both
// forms fail; only the original leaves the key without expiry, the bug the
// rule reports.
func setnxFix(fx *ruleutil.Fixer, ifs *ast.IfStmt, t *ruleutil.SetnxCond, e *expireAt) (fix *diag.Fix, withheld bool) {
	m := fx.M
	ttl := e.call.Args[2].Expr
	if !movableTTL(m, ttl, t.Local, 0) {
		return nil, false
	}
	if t.Local != nil && refCount(m, t.Local) != 1 {
		return nil, false
	}
	at := ast.Stmt(ifs)
	if t.Local != nil {
		at = t.Stmt
	}
	withheld = !m.PositiveAt(ttl, at)
	call := t.Call
	cmd, ok := call.Args[0].Expr.(*ast.StringExpr)
	if !ok {
		return nil, false
	}
	cs, ce := fx.Bounds(cmd)
	lit := string(m.File.Src[cs:ce])
	q := lit[:1]
	if q != "'" && q != `"` {
		return nil, false
	}
	word := func(w string) string {
		if cmd.Value == strings.ToLower(cmd.Value) {
			w = strings.ToLower(w)
		}
		return q + w + q
	}
	unit := word(e.unit)
	// The SET call's text: the SETNX call with its command replaced and
	// the options appended after the value.
	s, end := fx.Bounds(call.Expr)
	_, ve := fx.Bounds(call.Args[2].Expr)
	src := m.File.Src
	newCall := string(src[s:cs]) + word("SET") + string(src[ce:ve]) +
		", " + word("NX") + ", " + unit + ", " + fx.Src(ttl) + string(src[ve:end])
	var cond string
	if t.Local != nil {
		cond = fx.Src(t.Ref)
	} else {
		cond = newCall
	}
	if !t.Taken {
		cond = "not " + cond
	}
	var edits []diag.Edit
	switch {
	case e.returned:
		// The EXPIRE's reply was the script's: 1 once the key was set
		// (SET NX EX refuses the TTLs for which EXPIRE would not).
		rs, re := fx.Bounds(e.stmt)
		edits = []diag.Edit{fx.Replace(ifs.Condition, cond, ruleutil.PrecUnary), {Start: rs, End: re, New: "return 1"}}
	case t.Taken && len(ifs.Then) == 1 && len(ifs.Else) == 0 && t.Local == nil:
		// The EXPIRE was all the branch did: the SET alone is the
		// statement.
		is, ie := fx.Bounds(ifs)
		edits = []diag.Edit{{Start: is, End: ie, New: newCall}}
	case t.Taken && len(ifs.Then) == 1 && len(ifs.Else) == 0:
		edits = []diag.Edit{fx.DeleteStmt(ifs)}
	default:
		edits = []diag.Edit{fx.Replace(ifs.Condition, cond, ruleutil.PrecUnary), fx.DeleteStmt(e.stmt)}
	}
	if t.Local != nil {
		edits = append(edits, diag.Edit{Start: s, End: end, New: newCall})
	}
	if !fx.KeepsComments(edits) {
		return nil, false
	}
	fix = &diag.Fix{
		Message: fmt.Sprintf("take the key with SET %s value NX %s %s and drop the EXPIRE", m.Text(call.Args[1].Expr), e.unit, ruleutil.ShortText(fx.Src(ttl))),
		Edits:   edits,
	}
	if withheld {
		// The rewrite is the one the user wants, but for a TTL of 0 or
		// less the script now fails where it went on: theirs to accept.
		fix.Message += " (unsafe: with a TTL of 0 or less the SET fails with 'invalid expire time' where SETNX and EXPIRE set the key, deleted it and went on)"
		fix.Applicability = diag.Unsafe
	}
	return fix, withheld
}

// movableTTL reports whether a TTL expression evaluates to the same value
// before the SETNX as after it: literals, names (but the SETNX's own
// local), indexes of them (ARGV[2]), arithmetic on them, and tonumber or
// tostring of them. Such an expression calls nothing that could see the
// SETNX's write.
func movableTTL(m *model.Model, e ast.Expr, local *model.Variable, d int) bool {
	if d > 20 {
		return false
	}
	d++
	switch e := e.(type) {
	case *ast.NumberExpr, *ast.StringExpr:
		return true
	case *ast.IdentExpr:
		return local == nil || m.VarOf(e) != local
	case *ast.AttrGetExpr:
		return movableTTL(m, e.Object, local, d) && movableTTL(m, e.Key, local, d)
	case *ast.ArithmeticOpExpr:
		return movableTTL(m, e.Lhs, local, d) && movableTTL(m, e.Rhs, local, d)
	case *ast.UnaryMinusOpExpr:
		return movableTTL(m, e.Expr, local, d)
	case *ast.FuncCallExpr:
		switch m.BuiltinName(e) {
		case "tonumber", "tostring":
			for _, a := range e.Args {
				if !movableTTL(m, a, local, d) {
					return false
				}
			}
			return len(e.Args) > 0
		}
	}
	return false
}

// refCount counts the reads and writes of a local after its declaration.
func refCount(m *model.Model, v *model.Variable) int {
	n := 0
	m.InspectKinds(m.File.Chunk, model.KIdentExpr, func(node any) bool {
		if id, ok := node.(*ast.IdentExpr); ok && m.VarOf(id) == v {
			n++
		}
		return true
	})
	return n
}

// positiveInteger returns a literal TTL that EXPIRE accepts and that keeps
// the key: a positive integer, as a number or a string.
func positiveInteger(v model.Value) (string, bool) {
	if v.Origin != model.Literal || v.Var != nil {
		return "", false
	}
	n, err := strconv.ParseInt(v.Lit, 10, 64)
	if err != nil || n <= 0 {
		return "", false
	}
	return v.Lit, true
}
