package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "setnx-then-expire",
		Category: diag.Atomicity,
		Severity: diag.SeverityWarning,
		Doc: diag.Doc{
			Title: "a SETNX whose key gets its expiry from a later EXPIRE",
			Why: "`SETNX key value` followed by `EXPIRE key seconds` writes the key first and checks the time to live " +
				"second. When the EXPIRE fails, because its argument is not an integer (`ERR value is not an integer or " +
				"out of range`), the script stops there and the SETNX is not rolled back: the key stays with no time to " +
				"live (TTL -1), a lock that never expires. `SET key value NX EX seconds` does both in one command and " +
				"checks the time to live before it writes: with a bad one nothing is written. An EXPIRE that runs " +
				"whether or not the SETNX took the key also pushes back the expiry of a lock someone else holds, so " +
				"contenders that keep retrying keep a dead holder's lock alive. `lint-lua --fix` rewrites " +
				"`if redis.call('SETNX', k, v) == 1 then redis.call('EXPIRE', k, t) ...` (also `== 0` with an early " +
				"return, and through a local used only there) into `if redis.call('SET', k, v, 'NX', 'EX', t) then ...`; " +
				"it then also refuses a time to live of 0 or less (`ERR invalid expire time in 'set' command`) where " +
				"EXPIRE would have deleted the key it just set.",
			Bad:   "if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then\n  redis.call('EXPIRE', KEYS[1], ARGV[2])\n  return 1\nend\nreturn 0",
			Good:  "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2]) then\n  return 1\nend\nreturn 0",
			Redis: "all; SET with NX and EX/PX since 2.6.12",
			Lower: "One level below the rule's severity (info by default) when the EXPIRE's time to live is a positive integer literal: that EXPIRE cannot fail, so the key always gets its expiry, and what is left is two commands where one does (SET NX EX) and a deprecated command (SETNX).",
		},
	},
	Run: runSetnxThenExpire,
})

func runSetnxThenExpire(p *lint.Pass) {
	m := p.Model
	// Every finding starts at a SETNX call: without one, the blocks need
	// not be looked at.
	if !slices.ContainsFunc(m.Calls, func(c *model.Call) bool { return c.Name == "SETNX" }) {
		return
	}
	var fx *fixer
	forEachBlock(m, m.File.Chunk, func(block []ast.Stmt) {
		for i, st := range block {
			var prev, next ast.Stmt
			if i > 0 {
				prev = block[i-1]
			}
			if i+1 < len(block) {
				next = block[i+1]
			}
			if s := setnxStmt(m, st); s != nil && next != nil {
				// SETNX, then EXPIRE whatever the SETNX replied.
				if e := expireStmt(m, next, s.call); e != nil {
					p.Report(m.Range(s.call.Expr), "key %s taken with SETNX is given its expiry on line %d even when it was already there",
						brief(m, s.call.Args[1].Expr), m.Range(e.call.Expr).Start.Line).
						Help("the EXPIRE runs whatever the SETNX replied: it pushes back the expiry of a lock someone else holds, and when it fails (a TTL that is not an integer) the SETNX stays without expiry (no rollback); use SET %s value NX EX <seconds>",
							m.Text(s.call.Args[1].Expr))
				}
			}
			ifs, ok := st.(*ast.IfStmt)
			if !ok {
				continue
			}
			t := setnxTest(m, ifs.Condition, prev)
			if t == nil {
				continue
			}
			var e *expireAt
			switch {
			case t.taken && len(ifs.Then) > 0:
				e = expireStmt(m, ifs.Then[0], t.call)
			case !t.taken && len(ifs.Else) == 0 && exits(m, ifs.Then) && next != nil:
				e = expireStmt(m, next, t.call)
			}
			if e == nil {
				continue
			}
			if fx == nil {
				fx = newFixer(m)
			}
			key := m.Text(t.call.Args[1].Expr)
			fix := setnxFix(fx, ifs, t, e)
			line := m.Range(e.call.Expr).Start.Line
			if n, ok := positiveInteger(e.call.Args[2].Value); ok {
				// EXPIRE of a positive integer cannot fail: two commands
				// where one does, and a deprecated one.
				p.Report(m.Range(t.call.Expr), "key %s taken with SETNX gets its expiry from the EXPIRE on line %d", key, line).
					Help("SET %s value NX %s %s does both in one command (SETNX is deprecated since Redis 2.6.12)", key, e.unit, n).Lower().Fix(fix)
				continue
			}
			p.Report(m.Range(t.call.Expr), "key %s taken with SETNX gets its expiry from the EXPIRE on line %d", key, line).
				Help("when that EXPIRE fails (a TTL that is not an integer) the script stops after the SETNX, which is not rolled back, and the key never expires; use SET %s value NX %s <ttl>, which checks the TTL before it writes", key, e.unit).Fix(fix)
		}
	})
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

// setnxAt is a SETNX call lint-lua can rewrite: redis.call (a pcall's error
// table would be truthy), three arguments, none of them expanding.
type setnxAt struct {
	call *model.Call
	// local is the variable `local x = redis.call('SETNX', ...)` declares,
	// nil when the call stands alone.
	local *model.Variable
	stmt  ast.Stmt
}

func setnxCall(m *model.Model, e ast.Expr) *model.Call {
	fe, ok := e.(*ast.FuncCallExpr)
	if !ok {
		return nil
	}
	c := m.CallAt(fe)
	if c == nil || c.Name != "SETNX" || c.Protected || c.Variadic || len(c.Args) != 3 {
		return nil
	}
	return c
}

// setnxStmt recognizes `redis.call('SETNX', k, v)` as a statement and
// `local x = redis.call('SETNX', k, v)`.
func setnxStmt(m *model.Model, st ast.Stmt) *setnxAt {
	switch st := st.(type) {
	case *ast.FuncCallStmt:
		if c := setnxCall(m, st.Expr); c != nil {
			return &setnxAt{call: c, stmt: st}
		}
	case *ast.LocalAssignStmt:
		if len(st.Names) != 1 || len(st.Exprs) != 1 {
			return nil
		}
		if c := setnxCall(m, st.Exprs[0]); c != nil {
			vs := m.Declared(st)
			if len(vs) != 1 {
				return nil
			}
			return &setnxAt{call: c, local: vs[0], stmt: st}
		}
	}
	return nil
}

// setnxCond is an if condition that tests a SETNX reply against 0 or 1.
type setnxCond struct {
	setnxAt
	// ref is the operand that stands for the reply in the condition: the
	// call itself, or the local holding it.
	ref ast.Expr
	// taken says which way the condition is true: when the key was taken
	// (== 1, ~= 0) or when it was not (== 0, ~= 1).
	taken bool
}

// setnxTest decodes `redis.call('SETNX', k, v) == 1` and its kin, and
// `x == 1` where prev is `local x = redis.call('SETNX', k, v)`.
func setnxTest(m *model.Model, cond ast.Expr, prev ast.Stmt) *setnxCond {
	rel, ok := cond.(*ast.RelationalOpExpr)
	if !ok || (rel.Operator != "==" && rel.Operator != "~=") {
		return nil
	}
	for _, sides := range [][2]ast.Expr{{rel.Lhs, rel.Rhs}, {rel.Rhs, rel.Lhs}} {
		ref, num := sides[0], sides[1]
		n, ok := num.(*ast.NumberExpr)
		if !ok || (n.Value != "0" && n.Value != "1") {
			continue
		}
		taken := (n.Value == "1") == (rel.Operator == "==")
		if c := setnxCall(m, ref); c != nil {
			return &setnxCond{setnxAt: setnxAt{call: c}, ref: ref, taken: taken}
		}
		id, ok := ref.(*ast.IdentExpr)
		if !ok || prev == nil {
			continue
		}
		if s := setnxStmt(m, prev); s != nil && s.local != nil && m.VarOf(id) == s.local {
			return &setnxCond{setnxAt: *s, ref: ref, taken: taken}
		}
	}
	return nil
}

// exits reports whether a block always leaves the function: it ends with a
// return or a call of error.
func exits(m *model.Model, block []ast.Stmt) bool {
	if len(block) == 0 {
		return false
	}
	switch st := block[len(block)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.FuncCallStmt:
		call, ok := st.Expr.(*ast.FuncCallExpr)
		return ok && m.BuiltinName(call) == "error"
	}
	return false
}

// expireAt is an `EXPIRE k ttl` (or PEXPIRE) statement of a SETNX's key.
type expireAt struct {
	call *model.Call
	stmt ast.Stmt
	// unit is the SET option that says the same: EX or PX.
	unit string
}

// expireStmt recognizes st as `redis.call('EXPIRE', k, ttl)` (or PEXPIRE)
// of the key the SETNX takes, with no other option, its reply unused.
func expireStmt(m *model.Model, st ast.Stmt, setnx *model.Call) *expireAt {
	cs, ok := st.(*ast.FuncCallStmt)
	if !ok {
		return nil
	}
	fe, ok := cs.Expr.(*ast.FuncCallExpr)
	if !ok {
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
	return &expireAt{call: c, stmt: st, unit: unit}
}

// setnxFix turns the SETNX into `SET k v NX EX ttl`, its test into a truth
// test of SET's reply (a table when the key was set, false when it was
// there), and drops the EXPIRE. It offers nothing when the reply's local
// is used anywhere else (its type changes), or when the TTL is not a
// simple expression that means the same evaluated before the SETNX.
func setnxFix(fx *fixer, ifs *ast.IfStmt, t *setnxCond, e *expireAt) *diag.Fix {
	m := fx.m
	ttl := e.call.Args[2].Expr
	if !movableTTL(m, ttl, t.local, 0) {
		return nil
	}
	if t.local != nil && refCount(m, t.local) != 1 {
		return nil
	}
	call := t.call
	cmd, ok := call.Args[0].Expr.(*ast.StringExpr)
	if !ok {
		return nil
	}
	cs, ce := fx.bounds(cmd)
	lit := string(m.File.Src[cs:ce])
	q := lit[:1]
	if q != "'" && q != `"` {
		return nil
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
	s, end := fx.bounds(call.Expr)
	_, ve := fx.bounds(call.Args[2].Expr)
	src := m.File.Src
	newCall := string(src[s:cs]) + word("SET") + string(src[ce:ve]) +
		", " + word("NX") + ", " + unit + ", " + fx.src(ttl) + string(src[ve:end])
	var cond string
	if t.local != nil {
		cond = fx.src(t.ref)
	} else {
		cond = newCall
	}
	if !t.taken {
		cond = "not " + cond
	}
	var edits []diag.Edit
	switch {
	case t.taken && len(ifs.Then) == 1 && len(ifs.Else) == 0 && t.local == nil:
		// The EXPIRE was all the branch did: the SET alone is the
		// statement.
		is, ie := fx.bounds(ifs)
		edits = []diag.Edit{{Start: is, End: ie, New: newCall}}
	case t.taken && len(ifs.Then) == 1 && len(ifs.Else) == 0:
		edits = []diag.Edit{fx.deleteStmt(ifs)}
	default:
		edits = []diag.Edit{fx.replace(ifs.Condition, cond, precUnary), fx.deleteStmt(e.stmt)}
	}
	if t.local != nil {
		edits = append(edits, diag.Edit{Start: s, End: end, New: newCall})
	}
	return &diag.Fix{
		Message: fmt.Sprintf("take the key with SET %s value NX %s %s and drop the EXPIRE", m.Text(call.Args[1].Expr), e.unit, shortText(fx.src(ttl))),
		Edits:   edits,
	}
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
