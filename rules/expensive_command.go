package rules

import (
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "expensive-command",
		Category: diag.Performance,
		Severity: diag.SeverityWarning,
		Doc: diag.Doc{
			Title: "a command whose cost grows with the data",
			Why: "Redis runs a script to the end before it serves any other client, so a command whose cost grows with " +
				"data the script does not bound stalls every client for as long as it takes: `KEYS` and `SCAN` in a loop walk " +
				"the whole keyspace, `FLUSHALL`/`FLUSHDB` free every key (unless `ASYNC`), `SMEMBERS`, `LRANGE`/`ZRANGE` " +
				"over `0 -1`, `ZRANGEBYSCORE` without `LIMIT` and `SSCAN`/`HSCAN`/`ZSCAN` in a loop read a whole collection. " +
				"Redis allows all of them in scripts (observed on 7.0.15), so this is performance advice: read a bounded " +
				"batch (`LIMIT`, a range, `COUNT`) and let the client loop, or keep an index. Set algebra (`SINTER`, `SUNION`, " +
				"`SDIFF` and their STORE forms) is reported one level lower. A list the script caps with `LTRIM`, or a sorted " +
				"set it trims with `ZREMRANGEBYRANK`/`ZREMRANGEBYSCORE`, is not reported; `HGETALL`, `HKEYS` and `HVALS` " +
				"are reported only when the script loops over the reply, since a hash is mostly a small object.",
			Bad:   "local ids = redis.call('ZRANGEBYSCORE', KEYS[1], 0, ARGV[1])\nfor _, id in ipairs(ids) do\n  redis.call('LPUSH', KEYS[2], id)\nend\nreturn #ids",
			Good:  "local ids = redis.call('ZRANGEBYSCORE', KEYS[1], 0, ARGV[1], 'LIMIT', 0, 100)\nfor _, id in ipairs(ids) do\n  redis.call('LPUSH', KEYS[2], id)\nend\nreturn #ids",
			Redis: "all",
			Lower: "One level below the rule's severity (info by default): a read of a whole collection that the script works through with a Redis command for every element, in a loop over the reply (or over what a local function returns from it) or by unpacking the reply, or a table filled from it, into a call; the bounded read the help names would not do that work, so the read costs no more than it. Set algebra (`SINTER`, `SUNION`, `SDIFF` and their STORE forms) is always reported one level lower. A whole read that only searches for an element keeps the rule's severity.",
		},
	},
	Run: runExpensiveCommand,
})

func runExpensiveCommand(p *lint.Pass) {
	m := p.Model
	// What the loops and the replies do is looked for once a command
	// that needs it is found: most files have none.
	var looped map[*ast.FuncCallExpr]bool
	inLoop := func(c *model.Call) bool {
		if looped == nil {
			looped = callsInLoops(m)
		}
		return looped[c.Expr]
	}
	var iterated map[*model.Call]bool
	isIterated := func(c *model.Call) bool {
		if iterated == nil {
			iterated = iteratedReplies(m)
		}
		return iterated[c]
	}
	var each map[*model.Call]bool
	for _, c := range m.Calls {
		cmd := c.Command
		if cmd == nil || !expensiveNames[cmd.Name] {
			continue
		}
		at := m.Range(c.Args[0].Expr)
		// whole reports a read of a whole collection: one level lower when
		// the script runs a command for every element (it must visit each,
		// and the bounded command the advice names would not do that work).
		whole := func(headline, help string) {
			if each == nil {
				each = perElement(m)
			}
			if each[c] {
				p.Report(at, "%s", headline).Lower().
					Help("%s; the script runs a Redis command for every element, so the read costs no more than that work: if the collection can grow without limit, handle a bounded batch per call and let the client loop", help)
				return
			}
			p.Report(at, "%s", headline).Help("%s", help)
		}
		// busy is what every one of these costs.
		const busy = "no other client is served meanwhile"
		switch cmd.Name {
		case "KEYS":
			p.Report(at, "KEYS walks every key of the database").
				Help("the server serves no other client until the script ends: keep the keys you need in a set (or SCAN from the client)")
		case "FLUSHALL", "FLUSHDB":
			if c.HasToken("ASYNC") {
				continue
			}
			p.Report(at, "%s frees every key inside the script", cmd.Name).
				Help("the server serves no other client until it is done: run it from the client, or add ASYNC to free the memory in the background")
		case "SCAN":
			if inLoop(c) {
				p.Report(at, "SCAN in a loop walks the whole keyspace in one script").
					Help("as slowly as KEYS, while no other client is served: return the cursor and let the client loop")
			}
		case "SSCAN", "HSCAN", "ZSCAN":
			if inLoop(c) {
				p.Report(at, "%s in a loop reads the whole collection in one script", cmd.Name).
					Help("%s: return the cursor and let the client loop", busy)
			}
		case "SMEMBERS":
			whole("SMEMBERS reads the whole set, however large it grows",
				busy+": use SISMEMBER for one member, SRANDMEMBER/SPOP with a count for a batch, or SSCAN from the client")
		case "LRANGE":
			if wholeRange(c) && !trimmedInScript(m, c, "LTRIM") {
				whole("LRANGE 0 -1 reads the whole list, however long it grows",
					busy+": read a bounded range, use LPOS to find an element, or cap the list with LTRIM")
			}
		case "ZRANGE", "ZREVRANGE":
			if c.HasToken("BYSCORE") || c.HasToken("BYLEX") {
				if !c.HasToken("LIMIT") && !trimmedInScript(m, c, "ZREMRANGEBYRANK", "ZREMRANGEBYSCORE") {
					whole(cmd.Name+" by score or lex without LIMIT reads every member in the range, however many",
						busy+": add LIMIT offset count and let the client ask again")
				}
				continue
			}
			if wholeRange(c) && !trimmedInScript(m, c, "ZREMRANGEBYRANK", "ZREMRANGEBYSCORE") {
				whole(cmd.Name+" 0 -1 reads the whole sorted set, however large it grows",
					busy+": read a bounded range, or use ZSCORE/ZRANK for one member")
			}
		case "ZRANGEBYSCORE", "ZREVRANGEBYSCORE", "ZRANGEBYLEX", "ZREVRANGEBYLEX":
			if !c.HasToken("LIMIT") && !trimmedInScript(m, c, "ZREMRANGEBYRANK", "ZREMRANGEBYSCORE") {
				whole(cmd.Name+" without LIMIT reads every member in the range, however many",
					busy+": add LIMIT offset count and let the client ask again")
			}
		case "HGETALL", "HKEYS", "HVALS":
			// A hash is mostly an object of a few fields; one the script
			// loops over is used as a collection.
			if isIterated(c) {
				whole(cmd.Name+" reads the whole hash, which the script loops over as a collection",
					"however large it grows, "+busy+": read the fields you need (HMGET) or HSCAN from the client")
			}
		case "SINTER", "SUNION", "SDIFF", "SINTERSTORE", "SUNIONSTORE", "SDIFFSTORE":
			p.Report(at, "%s reads whole sets, and its cost grows with them", cmd.Name).Lower().
				Help("%s: keep the sets small or compute this outside the script", busy)
		}
	}
}

// expensiveNames are the commands runExpensiveCommand looks at.
var expensiveNames = map[string]bool{
	"KEYS": true, "FLUSHALL": true, "FLUSHDB": true, "SCAN": true, "SSCAN": true, "HSCAN": true, "ZSCAN": true,
	"SMEMBERS": true, "LRANGE": true, "ZRANGE": true, "ZREVRANGE": true, "ZRANGEBYSCORE": true, "ZREVRANGEBYSCORE": true,
	"ZRANGEBYLEX": true, "ZREVRANGEBYLEX": true, "HGETALL": true, "HKEYS": true, "HVALS": true,
	"SINTER": true, "SUNION": true, "SDIFF": true, "SINTERSTORE": true, "SUNIONSTORE": true, "SDIFFSTORE": true,
}

// perElement returns the calls whose whole reply the script works through
// with a Redis command per element: a loop over the reply whose body runs a
// redis.call (directly or through a function of the script), or the reply
// (or a table filled from it in a loop) unpacked into a redis.call.
func perElement(m *model.Model) map[*model.Call]bool {
	out := map[*model.Call]bool{}
	runs := funcsRunningCommands(m)
	loops := m.Loops()
	for _, l := range loops {
		if !runsCommand(m, l.Body, runs) {
			continue
		}
		if c := m.LoopReply(l); c != nil {
			out[c] = true
		}
		// A loop over what a helper returns (local jobs = getJobs(...))
		// walks each reply the helper returns as it is.
		for _, c := range returnedReplies(m, l) {
			out[c] = true
		}
	}
	for _, w := range m.Calls {
		for _, a := range w.Args {
			fc, ok := a.Expr.(*ast.FuncCallExpr)
			if !ok || len(fc.Args) == 0 {
				continue
			}
			if f := m.Value(fc.Func); f.Origin != model.Builtin || f.Lit != "unpack" {
				continue
			}
			if v := m.Value(fc.Args[0]); v.Origin == model.Reply && v.Call != nil {
				out[v.Call] = true
			} else if lv := m.LocalOf(fc.Args[0]); lv != nil {
				if src, _ := filledFromReply(m, lv, loops, m.Range(fc).Start); src != nil {
					out[src] = true
				}
			}
		}
	}
	return out
}

// returnedReplies lists the redis.call sites that the local function whose
// result a loop walks returns directly (return redis.call(...)).
func returnedReplies(m *model.Model, l *model.Loop) []*model.Call {
	var e ast.Expr
	switch s := l.Stmt.(type) {
	case *ast.GenericForStmt:
		if len(s.Exprs) == 1 {
			if c, ok := s.Exprs[0].(*ast.FuncCallExpr); ok && len(c.Args) == 1 {
				e = c.Args[0]
			}
		}
	case *ast.NumberForStmt:
		if n, ok := s.Limit.(*ast.UnaryLenOpExpr); ok {
			e = n.Expr
		}
	}
	v := m.LocalOf(e)
	if v == nil || len(v.Writes) > 0 {
		return nil
	}
	init, ok := v.Init.(*ast.FuncCallExpr)
	if !ok {
		return nil
	}
	fe := calleeFunc(m, init)
	if fe == nil {
		return nil
	}
	var out []*model.Call
	m.InspectKinds(fe.Stmts, model.KFunctionExpr|model.KReturnStmt, func(n any) bool {
		switch n := n.(type) {
		case *ast.FunctionExpr:
			return false
		case *ast.ReturnStmt:
			if len(n.Exprs) > 0 {
				if rv := m.Value(n.Exprs[0]); rv.Origin == model.Reply && rv.Call != nil {
					out = append(out, rv.Call)
				}
			}
		}
		return true
	})
	return out
}

// runsCommand reports whether stmts run a redis.call, directly or through
// a function of the script that does (runs), not counting functions they
// only define.
func runsCommand(m *model.Model, stmts []ast.Stmt, runs map[*ast.FunctionExpr]bool) bool {
	found := false
	m.InspectKinds(stmts, model.KFunctionExpr|model.KFuncCallExpr, func(n any) bool {
		switch e := n.(type) {
		case *ast.FunctionExpr:
			return false
		case *ast.FuncCallExpr:
			if m.CallAt(e) != nil || runs[calleeFunc(m, e)] {
				found = true
			}
		}
		return !found
	})
	return found
}

// calleeFunc is the function a call of a local names, if the local was
// declared with one.
func calleeFunc(m *model.Model, e *ast.FuncCallExpr) *ast.FunctionExpr {
	if v := m.LocalOf(e.Func); v != nil {
		if f, ok := v.Init.(*ast.FunctionExpr); ok {
			return f
		}
	}
	return nil
}

// funcsRunningCommands returns the script's functions that run a
// redis.call, directly or through one another.
func funcsRunningCommands(m *model.Model) map[*ast.FunctionExpr]bool {
	out := map[*ast.FunctionExpr]bool{}
	for _, c := range m.Calls {
		if c.Func != nil && c.Func.Expr != nil {
			out[c.Func.Expr] = true
		}
	}
	fns := m.Functions()
	for changed := true; changed; {
		changed = false
		for _, fn := range fns {
			if fn.Expr == nil || out[fn.Expr] {
				continue
			}
			if runsCommand(m, fn.Expr.Stmts, out) {
				out[fn.Expr] = true
				changed = true
			}
		}
	}
	return out
}

// wholeRange reports a range command called over the literal range 0 -1.
func wholeRange(c *model.Call) bool {
	start, ok1 := intArg(c, 2)
	stop, ok2 := intArg(c, 3)
	return ok1 && ok2 && start == 0 && stop == -1
}

// intArg reads argument i when it is an integer literal, negated literals
// (-1) included, directly or through a local.
func intArg(c *model.Call, i int) (int64, bool) {
	if i >= len(c.Args) {
		return 0, false
	}
	v := c.Args[i].Value
	neg := false
	if v.Origin == model.Arith && len(v.Parts) == 1 { // a negation
		neg, v = true, v.Parts[0]
	}
	if v.Origin != model.Literal || v.Types&(model.TNumber|model.TString) == 0 {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v.Lit), 10, 64)
	if err != nil {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// trimmedInScript reports whether the script also runs one of trims on the
// call's key (or a key it cannot tell apart): the script then bounds the
// collection itself.
func trimmedInScript(m *model.Model, c *model.Call, trims ...string) bool {
	if len(c.Args) < 2 {
		return false
	}
	for _, t := range m.Calls {
		if t == c || !t.Is(trims...) || len(t.Args) < 2 {
			continue
		}
		if m.MayBeSameKey(c.Args[1].Value, t.Args[1].Value) {
			return true
		}
	}
	return false
}

// callsInLoops returns the call expressions that stand in a loop body of
// their own function.
func callsInLoops(m *model.Model) map[*ast.FuncCallExpr]bool {
	out := map[*ast.FuncCallExpr]bool{}
	for _, l := range m.Loops() {
		visit := func(n any) bool {
			switch e := n.(type) {
			case *ast.FunctionExpr:
				return false
			case *ast.FuncCallExpr:
				out[e] = true
			}
			return true
		}
		m.InspectKinds(l.Body, model.KFunctionExpr|model.KFuncCallExpr, visit)
		// A loop's condition runs on every turn too; the expressions of a
		// for header (`for _, k in ipairs(redis.call(...))`) run once.
		if l.Cond != nil {
			model.InspectExpr(l.Cond, visit)
		}
	}
	return out
}

// iteratedReplies returns the calls whose whole reply a loop walks:
// `for i = 1, #r` or `for _, x in ipairs(r)` (pairs, too).
func iteratedReplies(m *model.Model) map[*model.Call]bool {
	out := map[*model.Call]bool{}
	mark := func(e ast.Expr) {
		if v := m.Value(e); v.Origin == model.Reply && v.Call != nil {
			out[v.Call] = true
		}
	}
	for _, l := range m.Loops() {
		switch s := l.Stmt.(type) {
		case *ast.NumberForStmt:
			model.InspectExpr(s.Limit, func(n any) bool {
				if u, ok := n.(*ast.UnaryLenOpExpr); ok {
					mark(u.Expr)
				}
				return true
			})
		case *ast.GenericForStmt:
			for _, e := range s.Exprs {
				if fc, ok := e.(*ast.FuncCallExpr); ok {
					for _, a := range fc.Args {
						mark(a)
					}
				}
			}
		}
	}
	return out
}
