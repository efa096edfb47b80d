package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/ast"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "unbounded-unpack",
		Category: diag.Correctness,
		Severity: diag.SeverityWarning,
		Doc: diag.Doc{
			Title: "unpack of a reply whose length has no bound",
			Why: "`unpack(t)` pushes every element of t onto the Lua stack, and Redis's Lua stops at 8000: with 7999 " +
				"elements it works, with 8000 the script fails with `too many results to unpack`. A reply of SMEMBERS, " +
				"HGETALL, KEYS, LRANGE 0 -1, ZRANGEBYSCORE without LIMIT (or a table filled from one in a loop) grows " +
				"with the data, so the script works in tests and fails the day the collection reaches that size, keeping " +
				"the writes it made before the unpack (nothing is rolled back). Bound the reply (LIMIT, a literal range) " +
				"or unpack in chunks: `for i = 1, #t, 1000 do redis.call('SREM', k, unpack(t, i, math.min(i + 999, #t))) end`. " +
				"`unpack(ARGV)` is reported one level lower: the caller decides its length.",
			Bad:   "redis.call('SET', KEYS[2], ARGV[1])\nlocal ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])\nreturn redis.call('ZREM', KEYS[1], unpack(ids))",
			Good:  "redis.call('SET', KEYS[2], ARGV[1])\nlocal ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])\nlocal n = 0\nfor i = 1, #ids, 1000 do\n  n = n + redis.call('ZREM', KEYS[1], unpack(ids, i, math.min(i + 999, #ids)))\nend\nreturn n",
			Redis: "all (the 8000-element limit is observed on 7.0)",
		},
	},
	Run: runUnboundedUnpack,
})

// unpackLimit is the first element count unpack refuses in Redis's Lua
// (LUAI_MAXCSTACK; facts C12: 7999 works, 8000 fails).
const unpackLimit = 8000

func runUnboundedUnpack(p *lint.Pass) {
	m := p.Model
	var loops []*model.Loop
	// One finding per table: the unpacks after the first one fail the
	// same way, and only if the first did not.
	seen := map[any]bool{}
	m.Preorder(model.KFuncCallExpr, func(x any) {
		call := x.(*ast.FuncCallExpr)
		if call.Func == nil || len(call.Args) == 0 || len(call.Args) >= 3 {
			// unpack(t, i, j) names its end: the caller chose the size.
			return
		}
		if f := m.Value(call.Func); f.Origin != model.Builtin || f.Lit != "unpack" {
			return
		}
		t := call.Args[0]
		tv := m.Value(t)
		subject := func() string { return "unpack(" + m.Text(t) + ")" }
		if tv.Origin == model.ArgvTable {
			p.ReportLower(m.Range(call), "%s fails with 'too many results to unpack' when the caller passes 8000 arguments or more (the writes before it are kept): cap the count the caller sends, or unpack in chunks of at most 1000 (unpack(t, i, math.min(i + 999, #t)))",
				subject())
			return
		}
		var src *model.Call
		var how, lower string
		if tv.Origin == model.Reply && tv.Call != nil {
			src = tv.Call
			how, lower = unboundedReply(m, src)
		} else if id, ok := t.(*ast.IdentExpr); ok {
			if lv := m.VarOf(id); lv != nil {
				if loops == nil {
					loops = m.Loops()
				}
				src, how = filledFromReply(m, lv, loops, m.Range(call).Start)
			}
		}
		if src == nil || how == "" && lower == "" {
			return
		}
		var id any = src
		if tv.Var != nil {
			id = tv.Var
		}
		if seen[id] {
			return
		}
		seen[id] = true
		writes := ""
		if w := firstWriteBefore(m, call); w != nil {
			writes = fmt.Sprintf(", and the writes made before it (from line %d) are kept", m.Range(w.Expr).Start.Line)
		}
		fix := "bound the reply (LIMIT, a literal range) or unpack in chunks of at most 1000 (unpack(t, i, math.min(i + 999, #t)))"
		if how == "" {
			p.ReportLower(m.Range(call), "%s fails with 'too many results to unpack' once the %s reply of line %d holds 8000 elements or more (%s)%s: %s",
				subject(), src.Name, m.Range(src.Expr).Start.Line, lower, writes, fix)
			return
		}
		p.Report(m.Range(call), "%s fails with 'too many results to unpack' once the %s reply of line %d holds 8000 elements or more (%s)%s: %s",
			subject(), src.Name, m.Range(src.Expr).Start.Line, how, writes, fix)
	})
}

// firstWriteBefore returns the first write command of the function that
// ends before the unpack at e starts (in source order), if any.
func firstWriteBefore(m *model.Model, e *ast.FuncCallExpr) *model.Call {
	fn := m.FuncOf(e)
	at := m.Range(e).Start
	for _, c := range m.Calls {
		if c.Func == fn && c.Command != nil && c.Command.IsWrite() && !at.Less(m.Range(c.Expr).End) {
			return c
		}
	}
	return nil
}

// unboundedReply says why a call's array reply has no bound the script
// sets: how (reported at the rule's severity) when the script asks for the
// whole collection, lower when the bound is the caller's (ARGV). Both are
// empty when the reply is bounded or nothing is known.
func unboundedReply(m *model.Model, c *model.Call) (how, lower string) {
	switch c.Name {
	case "SMEMBERS", "HKEYS", "HVALS", "HGETALL", "KEYS", "SINTER", "SUNION", "SDIFF", "ZUNION", "ZINTER", "ZDIFF":
		return c.Name + " replies with the whole collection", ""
	case "SORT", "SORT_RO":
		return limitBound(m, c, "LIMIT", 2)
	case "ZRANGEBYSCORE", "ZREVRANGEBYSCORE", "ZRANGEBYLEX", "ZREVRANGEBYLEX":
		return limitBound(m, c, "LIMIT", 2)
	case "ZRANGE":
		if c.HasToken("BYSCORE") || c.HasToken("BYLEX") {
			return limitBound(m, c, "LIMIT", 2)
		}
		return rangeBound(m, c)
	case "ZREVRANGE", "LRANGE":
		return rangeBound(m, c)
	case "XRANGE", "XREVRANGE", "GEORADIUS", "GEORADIUS_RO", "GEORADIUSBYMEMBER", "GEORADIUSBYMEMBER_RO", "GEOSEARCH":
		return limitBound(m, c, "COUNT", 1)
	}
	return "", ""
}

// mult is how many reply elements each item gives.
func replyMult(c *model.Call) int {
	if c.HasToken("WITHSCORES") {
		return 2
	}
	return 1
}

// limitBound checks a LIMIT offset count (at 2 after the token) or COUNT n
// (at 1).
func limitBound(m *model.Model, c *model.Call, tok string, at int) (how, lower string) {
	i := c.TokenIndex(tok)
	if i < 0 {
		return c.Name + " without " + tok + " replies with every match", ""
	}
	if i+at >= len(c.Args) {
		return "", ""
	}
	v := c.Args[i+at].Value
	if n, ok := intLiteral(v); ok {
		switch {
		case n < 0 && tok == "LIMIT":
			return fmt.Sprintf("LIMIT with a negative count, %d, replies with every match", n), ""
		case n*replyMult(c) >= unpackLimit:
			return fmt.Sprintf("%s %d lets it reach that size", tok, n), ""
		}
		return "", ""
	}
	return boundFrom(m, v, tok+" "+m.Text(c.Args[i+at].Expr))
}

// rangeBound checks the start and stop of LRANGE/ZRANGE by rank.
func rangeBound(m *model.Model, c *model.Call) (how, lower string) {
	if len(c.Args) < 4 {
		return "", ""
	}
	start, sok := intLiteral(c.Args[2].Value)
	stop, eok := intLiteral(c.Args[3].Value)
	whole := fmt.Sprintf("%s %s %s replies with everything from the start index on", c.Name, m.Text(c.Args[2].Expr), m.Text(c.Args[3].Expr))
	mult := replyMult(c)
	switch {
	case sok && eok:
		var n int
		switch {
		case stop < 0 && start >= 0:
			return whole, ""
		case stop < 0:
			n = stop - start + 1
		case start < 0:
			n = stop + 1
		default:
			n = stop - start + 1
		}
		if n*mult >= unpackLimit {
			return fmt.Sprintf("%s %d %d covers %d elements", c.Name, start, stop, n), ""
		}
		return "", ""
	case eok && stop < 0:
		// From a computed start to the end.
		return whole, ""
	case eok:
		return "", ""
	}
	// A computed stop: start + a literal span is bounded.
	sv := c.Args[3].Value
	if sv.Origin == model.Arith && len(sv.Parts) == 2 {
		if _, ok := intLiteral(sv.Parts[1]); ok && sameValue(sv.Parts[0], c.Args[2].Value) {
			return "", ""
		}
	}
	return boundFrom(m, sv, "the stop index "+m.Text(c.Args[3].Expr))
}

// boundFrom judges a computed bound: from the caller (ARGV) is reported
// lower, from a reply (the collection's own size) at the rule's severity.
func boundFrom(m *model.Model, v model.Value, what string) (how, lower string) {
	switch {
	case fromArgv(v):
		return "", what + " comes from ARGV"
	case v.FromReply() != nil || arithOfReply(v):
		return what + " comes from a reply", ""
	}
	return "", ""
}

func fromArgv(v model.Value) bool {
	switch v.Origin {
	case model.Argv:
		return true
	case model.Tonumber:
		return v.Of != nil && fromArgv(*v.Of)
	}
	return false
}

func arithOfReply(v model.Value) bool {
	if v.Origin != model.Arith {
		return false
	}
	for _, p := range v.Parts {
		if p.FromReply() != nil || arithOfReply(p) {
			return true
		}
	}
	return false
}

// sameValue reports whether two values are the same local or the same
// literal.
func sameValue(a, b model.Value) bool {
	if a.Var != nil || b.Var != nil {
		return a.Var == b.Var
	}
	return a.Origin == model.Literal && b.Origin == model.Literal && a.Lit == b.Lit
}

// intLiteral returns the integer a literal (or a negated literal: -1 is
// unary minus applied to 1) holds.
func intLiteral(v model.Value) (int, bool) {
	if v.Origin == model.Arith && len(v.Parts) == 1 {
		n, ok := intLiteral(v.Parts[0])
		return -n, ok
	}
	if v.Origin != model.Literal {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(v.Lit))
	return n, err == nil
}

// filledFromReply finds a loop over an unbounded reply that appends to the
// table lv (table.insert(lv, ...) or lv[...] = ...) and that runs before at,
// with lv declared outside it (a table declared inside is fresh on each
// iteration, as in batching).
func filledFromReply(m *model.Model, lv *model.Variable, loops []*model.Loop, at span.Pos) (*model.Call, string) {
	for _, l := range loops {
		if !l.Header.Start.Less(at) || !lv.Decl.Start.Less(l.Header.Start) || l.Func != lv.Func {
			continue
		}
		src := loopReply(m, l)
		if src == nil {
			continue
		}
		how, _ := unboundedReply(m, src)
		if how == "" {
			continue
		}
		fills, reset := false, false
		m.InspectKinds(l.Body, model.KFuncCallExpr|model.KAssignStmt, func(n any) bool {
			switch s := n.(type) {
			case *ast.FuncCallExpr:
				if isTableInsert(m, s) && len(s.Args) >= 2 && isVarRef(m, s.Args[0], lv) {
					fills = true
				}
			case *ast.AssignStmt:
				for _, t := range s.Lhs {
					switch t := t.(type) {
					case *ast.AttrGetExpr:
						if isVarRef(m, t.Object, lv) {
							fills = true
						}
					case *ast.IdentExpr:
						if m.VarOf(t) == lv {
							reset = true // flushed and refilled in batches
						}
					}
				}
			}
			return true
		})
		if fills && !reset {
			return src, fmt.Sprintf("%s is filled from it in the loop of line %d; %s", lv.Name, l.Header.Start.Line, how)
		}
	}
	return nil, ""
}

// loopReply returns the reply a loop walks: `for _, x in ipairs(r)` /
// `pairs(r)` or `for i = a, #r`.
func loopReply(m *model.Model, l *model.Loop) *model.Call {
	var e ast.Expr
	switch s := l.Stmt.(type) {
	case *ast.GenericForStmt:
		if len(s.Exprs) == 1 {
			if c, ok := s.Exprs[0].(*ast.FuncCallExpr); ok && c.Func != nil && len(c.Args) == 1 {
				if f := m.Value(c.Func); f.Origin == model.Builtin && (f.Lit == "ipairs" || f.Lit == "pairs") {
					e = c.Args[0]
				}
			}
		}
	case *ast.NumberForStmt:
		if n, ok := s.Limit.(*ast.UnaryLenOpExpr); ok {
			e = n.Expr
		}
	}
	if e == nil {
		return nil
	}
	if v := m.Value(e); v.Origin == model.Reply {
		return v.Call
	}
	return nil
}

func isTableInsert(m *model.Model, c *ast.FuncCallExpr) bool {
	a, ok := c.Func.(*ast.AttrGetExpr)
	if !ok {
		return false
	}
	id, ok := a.Object.(*ast.IdentExpr)
	if !ok || id.Value != "table" || m.VarOf(id) != nil {
		return false
	}
	k, ok := a.Key.(*ast.StringExpr)
	return ok && k.Value == "insert"
}

func isVarRef(m *model.Model, e ast.Expr, v *model.Variable) bool {
	id, ok := e.(*ast.IdentExpr)
	return ok && m.VarOf(id) == v
}
