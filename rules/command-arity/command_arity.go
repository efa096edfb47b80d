// Package commandarity is the rule command-arity: a command called with the wrong number of arguments.
package commandarity

import (
	_ "embed" // doc.md

	"fmt"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is command-arity.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "command-arity",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/command-arity/doc.md", doc),
	},
	Run: runCommandArity,
}

func runCommandArity(p *lint.Pass) {
	m := p.Model
	emptySeen := map[*model.Variable]bool{}
	for _, c := range m.Calls {
		if len(c.Args) == 0 {
			fn := "redis.call"
			if c.Protected {
				fn = "redis.pcall"
			}
			// Valkey's second name, as the script wrote it.
			if a, ok := c.Expr.Func.(*ast.AttrGetExpr); ok {
				if id, ok := a.Object.(*ast.IdentExpr); ok && id.Value == "server" {
					fn = "server" + strings.TrimPrefix(fn, "redis")
				}
			}
			p.Report(m.Range(c.Expr), "%s() is given no command", fn).
				Help("%s: pass the command name and its arguments", ruleutil.Answers(p.Target, target.ErrNoArgs))
			continue
		}
		if headline, help := ruleutil.ArityProblem(c, p.Target); headline != "" {
			f := p.Report(m.Range(c.Expr), "%s", headline).Help("%s", help)
			if c.Command.Module != redisdb.NoModule {
				f.Lower()
			}
			continue
		}
		if x := unpackOnly(m, c); x != nil {
			why, lower, ok := emptyTable(m, x)
			if !ok {
				continue
			}
			// One finding per table: a later unpack of it fails the
			// same way, and only if the first did not.
			if lv := m.LocalOf(x); lv != nil {
				if emptySeen[lv] {
					continue
				}
				emptySeen[lv] = true
			}
			subject, fix := ruleutil.Brief(m, x), "return early when #"+ruleutil.Brief(m, x)+" == 0"
			if v := m.Value(x); m.LocalOf(x) == nil && v.Origin == model.Reply && v.Call != nil {
				subject, fix = "the "+v.Call.Name+" reply", "read it into a local and return early when it is empty"
			}
			f := p.Report(m.Range(c.Expr), "%s fails when %s is empty: the unpack gives all its values", c.Name, subject).
				Help("%s; then %s gets only %s after the command name and fails (%s)%s: %s, or give the values beside the unpack",
					why, c.Name, ruleutil.CountArgs(len(c.Args)-2), ruleutil.Answers(p.Target, target.ErrWrongArity), ruleutil.KeptWrites(m, c.Expr), fix)
			switch {
			case lower:
				f.Info()
			case c.Command.Module != redisdb.NoModule:
				f.Lower()
			}
		}
	}
}

// emptyingReplies reply with an array that is empty when the key is missing
// or nothing matches (observed on 7.0.15: SPOP, SRANDMEMBER, ZPOPMIN,
// HRANDFIELD with a count, ZRANGE, SORT, XRANGE, SINTER, HVALS, GEOSEARCH of
// a missing key all reply {}). LPOP and RPOP with a count reply null
// instead, which unpack refuses with its own error.
var emptyingReplies = map[string]bool{
	"LRANGE": true, "SMEMBERS": true, "SINTER": true, "SUNION": true, "SDIFF": true,
	"ZRANGE": true, "ZREVRANGE": true, "ZRANGEBYSCORE": true, "ZREVRANGEBYSCORE": true,
	"ZRANGEBYLEX": true, "ZREVRANGEBYLEX": true, "ZUNION": true, "ZINTER": true, "ZDIFF": true,
	"ZPOPMIN": true, "ZPOPMAX": true, "ZRANDMEMBER": true, "HKEYS": true, "HVALS": true, "HGETALL": true,
	"HRANDFIELD": true, "KEYS": true, "SORT": true, "SORT_RO": true, "XRANGE": true, "XREVRANGE": true,
	"SPOP": true, "SRANDMEMBER": true, "GEOSEARCH": true, "GEORADIUS": true, "GEORADIUS_RO": true,
	"GEORADIUSBYMEMBER": true, "GEORADIUSBYMEMBER_RO": true,
}

// replyMayBeEmpty reports whether c replies with an array that may be
// empty where the script reads it: a command of emptyingReplies (SPOP and
// SRANDMEMBER only with a count, which makes their reply an array) whose
// key the script has not just filled.
func replyMayBeEmpty(m *model.Model, c *model.Call) bool {
	if c == nil || !emptyingReplies[c.Name] || c.Protected {
		return false
	}
	switch c.Name {
	case "SPOP", "SRANDMEMBER", "ZRANDMEMBER", "HRANDFIELD", "ZPOPMIN", "ZPOPMAX":
		if len(c.Args) < 3 {
			return false // one member (or null), not an array
		}
	}
	return !m.KeyThere(c) && !filledBefore(m, c)
}

// adders leave at least one element in the key they write.
var adders = map[string]bool{
	"RPUSH": true, "LPUSH": true, "SADD": true, "ZADD": true, "HSET": true, "HMSET": true, "HSETNX": true,
	"XADD": true, "ZINCRBY": true, "HINCRBY": true, "HINCRBYFLOAT": true,
}

// filledBefore reports whether the function adds to the key c reads before
// c, in source order: RPUSH k a b then LRANGE k 0 -1 is not empty.
func filledBefore(m *model.Model, c *model.Call) bool {
	if len(c.Keys) == 0 {
		return false
	}
	key := c.Args[c.Keys[0]].Value
	at := m.Range(c.Expr).Start
	for _, w := range m.Calls {
		if w.Func != c.Func || !adders[w.Name] || len(w.Keys) == 0 || !m.Range(w.Expr).End.Less(at) && m.Range(w.Expr).End != at {
			continue
		}
		if m.SameKey(w.Args[w.Keys[0]].Value, key) {
			return true
		}
	}
	return false
}

// unpackOnly is the table t of a call whose last argument is unpack(t),
// when the arguments before it are too few for the command: the call then
// works only when t is not empty.
func unpackOnly(m *model.Model, c *model.Call) ast.Expr {
	if !c.Variadic || c.Command == nil || c.Command.Subcommands != nil || len(c.Args) < 2 {
		return nil
	}
	u, ok := c.Args[len(c.Args)-1].Expr.(*ast.FuncCallExpr)
	if !ok || u.Func == nil || len(u.Args) != 1 {
		return nil // unpack(t, i, j) names its own range
	}
	if f := m.Value(u.Func); f.Origin != model.Builtin || f.Lit != "unpack" {
		return nil
	}
	if c.Command.CheckArity(len(c.Args) - 1) {
		return nil // the values beside the unpack are enough
	}
	return u.Args[0]
}

// emptyTable says why the table x may be empty where it is unpacked: the
// reply that fills it may be an empty array (sure: an error), or the caller
// decides its length (ARGV, KEYS, a loop over them: lower). ok is false
// when it is not known to be possibly empty, or the script tests its
// length (#t > 0, next(t), t[1]).
func emptyTable(m *model.Model, x ast.Expr) (why string, lower, ok bool) {
	v := m.Value(x)
	lv := m.LocalOf(x)
	if lv != nil && lengthTested(m, func(e ast.Expr) bool { return m.LocalOf(e) == lv }) {
		return "", false, false
	}
	switch {
	case v.Origin == model.ArgvTable || v.Origin == model.KeysTable:
		name := "ARGV"
		if v.Origin == model.KeysTable {
			name = "KEYS"
		}
		if lengthTested(m, func(e ast.Expr) bool { return m.Value(e).Origin == v.Origin }) {
			return "", false, false
		}
		return fmt.Sprintf("%s is empty when the caller passes none", name), true, true
	case v.Origin == model.Reply && replyMayBeEmpty(m, v.Call):
		return fmt.Sprintf("%s of line %d replies with an empty array when the key is missing or nothing matches", v.Call.Name, m.Range(v.Call.Expr).Start.Line), false, true
	}
	if lv == nil || len(lv.Writes) > 0 {
		return "", false, false
	}
	if init, isTable := lv.Init.(*ast.TableExpr); !isTable || len(init.Fields) > 0 {
		return "", false, false
	}
	return filledMaybeEmpty(m, lv, m.Range(x).Start)
}

// filledMaybeEmpty checks a table declared empty that only loops fill
// before at: when every append to it stands in a loop over a reply that
// may be empty, or over ARGV or KEYS, the table is empty when they are.
func filledMaybeEmpty(m *model.Model, lv *model.Variable, at span.Pos) (why string, lower, ok bool) {
	loops := m.Loops()
	appends := 0
	sure := true
	var src string
	bad := false
	// fills is the one loop every append stands in (nil when they stand in
	// several), and perRound whether one of them runs in every round.
	var fills *model.Loop
	several, perRound := false, false
	ruleutil.TableAppends(m, lv, func(where ast.PositionHolder) {
		if !m.Range(where).Start.Less(at) {
			return
		}
		appends++
		// The outermost loop around the append that the table outlives.
		var outer *model.Loop
		for _, l := range loops {
			if l.Func == lv.Func && lv.Decl.Start.Less(l.Header.Start) && m.Range(l.Stmt).Contains(m.Range(where).Start) {
				outer = l
				break
			}
		}
		if outer == nil {
			bad = true // an append every run makes
			return
		}
		if fills != nil && fills != outer {
			several = true
		}
		fills = outer
		if everyRound(m, outer, where) {
			perRound = true
		}
		if c := m.LoopReply(outer); c != nil && replyMayBeEmpty(m, c) {
			src = fmt.Sprintf("the loop of line %d walks the %s reply of line %d, empty when the key is missing or nothing matches", outer.Header.Start.Line, c.Name, m.Range(c.Expr).Start.Line)
			return
		}
		if name := loopOverCaller(m, outer); name != "" {
			sure = false
			if src == "" {
				src = fmt.Sprintf("the loop of line %d walks %s, empty when the caller passes none", outer.Header.Start.Line, name)
			}
			return
		}
		bad = true
	})
	if bad || appends == 0 || src == "" {
		return "", false, false
	}
	// A length test of the table the loop walks (#members > 0) guards the
	// table the loop fills when the loop appends in each of its rounds.
	if !several && perRound {
		if w := loopWalked(m, fills); w != nil && lengthTested(m, func(e ast.Expr) bool { return sameTable(m, e, w) }) {
			return "", false, false
		}
	}
	return lv.Name + " is filled only in loops, and " + src, !sure, true
}

// loopWalked is the table the loop l walks: t of ipairs(t), pairs(t) or
// for i = a, #t; nil for other loops.
func loopWalked(m *model.Model, l *model.Loop) ast.Expr {
	switch s := l.Stmt.(type) {
	case *ast.GenericForStmt:
		if len(s.Exprs) == 1 {
			if c, ok := s.Exprs[0].(*ast.FuncCallExpr); ok && c.Func != nil && len(c.Args) == 1 {
				if f := m.Value(c.Func); f.Origin == model.Builtin && (f.Lit == "ipairs" || f.Lit == "pairs") {
					return c.Args[0]
				}
			}
		}
	case *ast.NumberForStmt:
		if n, ok := s.Limit.(*ast.UnaryLenOpExpr); ok {
			return n.Expr
		}
	}
	return nil
}

// sameTable reports whether e names the table w does: the same local, or
// both ARGV or both KEYS.
func sameTable(m *model.Model, e, w ast.Expr) bool {
	if lv := m.LocalOf(w); lv != nil {
		return m.LocalOf(e) == lv
	}
	o := m.Value(w).Origin
	return (o == model.ArgvTable || o == model.KeysTable) && m.Value(e).Origin == o
}

// everyRound reports whether the append at where runs in each round of
// the loop l that walks a table: it is a statement of the loop's body, or
// of an if there whose condition reads only the round's index (i % 2 == 1
// of an ipairs loop taking every other entry: the rounds it picks follow
// the entries the loop walks, which the length test counts).
func everyRound(m *model.Model, l *model.Loop, where ast.PositionHolder) bool {
	is := func(st ast.Stmt) bool {
		if c, ok := st.(*ast.FuncCallStmt); ok {
			return ast.PositionHolder(c.Expr) == where
		}
		return ast.PositionHolder(st) == where
	}
	var index string
	switch s := l.Stmt.(type) {
	case *ast.GenericForStmt:
		index = s.Names[0]
	case *ast.NumberForStmt:
		index = s.Name
	}
	for _, st := range l.Body {
		if is(st) {
			return true
		}
		if f, ok := st.(*ast.IfStmt); ok && index != "" && indexOnly(m, l, index, f.Condition) {
			for _, t := range f.Then {
				if is(t) {
					return true
				}
			}
		}
	}
	return false
}

// indexOnly reports whether the condition e reads nothing but the loop l's
// index variable and literals.
func indexOnly(m *model.Model, l *model.Loop, index string, e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.NumberExpr:
		return true
	case *ast.IdentExpr:
		v := m.VarOf(e)
		return v != nil && v.Name == index && l.Header.Contains(v.Decl.Start)
	case *ast.ArithmeticOpExpr:
		return indexOnly(m, l, index, e.Lhs) && indexOnly(m, l, index, e.Rhs)
	case *ast.RelationalOpExpr:
		return indexOnly(m, l, index, e.Lhs) && indexOnly(m, l, index, e.Rhs)
	}
	return false
}

// loopOverCaller names ARGV or KEYS when the loop l walks one of them
// (ipairs(ARGV), for i = 1, #ARGV), or returns "".
func loopOverCaller(m *model.Model, l *model.Loop) string {
	e := loopWalked(m, l)
	if e == nil {
		return ""
	}
	switch m.Value(e).Origin {
	case model.ArgvTable:
		return "ARGV"
	case model.KeysTable:
		return "KEYS"
	}
	return ""
}

// lengthTested reports whether the script tests the length of a table
// that is(e) recognises: `#t` compared (directly or through a local it
// initialises), `next(t)` or `table.getn(t)` anywhere, or `t[1]` as a
// condition. The script then decides what an empty table does.
func lengthTested(m *model.Model, is func(ast.Expr) bool) bool {
	isLen := func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.UnaryLenOpExpr:
			return is(e.Expr)
		case *ast.FuncCallExpr:
			if a, ok := e.Func.(*ast.AttrGetExpr); ok && len(e.Args) == 1 {
				if id, ok := a.Object.(*ast.IdentExpr); ok && id.Value == "table" && m.VarOf(id) == nil {
					if k, ok := a.Key.(*ast.StringExpr); ok && k.Value == "getn" {
						return is(e.Args[0])
					}
				}
			}
		}
		return false
	}
	first := func(e ast.Expr) bool {
		if g, ok := e.(*ast.AttrGetExpr); ok {
			if n, ok := g.Key.(*ast.NumberExpr); ok && n.Value == "1" {
				return is(g.Object)
			}
		}
		return false
	}
	lenLocals := map[*model.Variable]bool{}
	for _, v := range m.Vars {
		if v.Init != nil && isLen(v.Init) {
			lenLocals[v] = true
		}
	}
	found := false
	cond := func(e ast.Expr) {
		if first(e) || isLen(e) {
			found = true
		}
	}
	m.Preorder(model.KRelationalOpExpr|model.KFuncCallExpr|model.KIfStmt|model.KWhileStmt|model.KLogicalOpExpr|model.KUnaryNotOpExpr, func(n any) {
		switch x := n.(type) {
		case *ast.RelationalOpExpr:
			for _, side := range []ast.Expr{x.Lhs, x.Rhs} {
				if isLen(side) || first(side) || lenLocals[m.LocalOf(side)] {
					found = true
				}
			}
		case *ast.FuncCallExpr:
			if f := m.Value(x.Func); f.Origin == model.Builtin && f.Lit == "next" && len(x.Args) >= 1 && is(x.Args[0]) {
				found = true
			}
		case *ast.IfStmt:
			cond(x.Condition)
		case *ast.WhileStmt:
			cond(x.Condition)
		case *ast.LogicalOpExpr:
			cond(x.Lhs)
			cond(x.Rhs)
		case *ast.UnaryNotOpExpr:
			cond(x.Expr)
		}
	})
	return found
}
