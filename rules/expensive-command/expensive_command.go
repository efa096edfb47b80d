// Package expensivecommand is the rule expensive-command: a command whose cost grows with the data.
package expensivecommand

import (
	_ "embed" // doc.md

	"slices"
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is expensive-command.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "expensive-command",
		Category: diag.Performance,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/expensive-command/doc.md", doc),
	},
	Run: runExpensiveCommand,
}

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
	var fallback []span.Range
	inFallback := func(c *model.Call) bool {
		if fallback == nil {
			fallback = fallbackBranches(m)
		}
		at := m.Range(c.Expr).Start
		for _, r := range fallback {
			if r.Contains(at) {
				return true
			}
		}
		return false
	}
	var paged map[*model.Call]string
	for _, c := range m.Calls {
		cmd := c.Command
		if cmd == nil || !expensiveNames[cmd.Name] || inFallback(c) {
			continue
		}
		if paged == nil {
			paged = pagedWalks(m)
		}
		if what, ok := paged[c]; ok {
			p.Report(m.Range(c.Args[0].Expr), "%s in a loop reads the %s page by page in one script", cmd.Name, what).
				Help("the loop goes on until the pages run out (or it finds what it looks for), and the pages split the reply, not the time: no other client is served until it ends, as with one read of the whole %s; return the next position and let the client call again%s", what, lposHint(cmd.Name))
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
				if !c.HasToken("LIMIT") && !oneScore(m, c) && !trimmedInScript(m, c, "ZREMRANGEBYRANK", "ZREMRANGEBYSCORE") {
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
			if !c.HasToken("LIMIT") && !oneScore(m, c) && !trimmedInScript(m, c, "ZREMRANGEBYRANK", "ZREMRANGEBYSCORE") {
				whole(cmd.Name+" without LIMIT reads every member in the range, however many",
					busy+": add LIMIT offset count and let the client ask again")
			}
		case "HGETALL", "HKEYS", "HVALS":
			// A hash is mostly an object of a few fields; one the script
			// loops over is used as a collection, unless the loop only
			// copies its fields into a table by name, or the script writes
			// it only with fields it names: a record.
			if isIterated(c) && !recordHash(m, c) {
				whole(cmd.Name+" reads the whole hash, which the script loops over as a collection",
					"however large it grows, "+busy+": read the fields you need (HMGET) or HSCAN from the client")
			}
		case "SINTER", "SUNION", "SDIFF", "SINTERSTORE", "SUNIONSTORE", "SDIFFSTORE":
			p.Report(at, "%s reads whole sets, and its cost grows with them", cmd.Name).Lower().
				Help("%s: keep the sets small or compute this outside the script", busy)
		}
	}
}

// lposHint adds LPOS to the advice on a list walked to find an element.
func lposHint(name string) string {
	if name == "LRANGE" {
		return ", or use LPOS to find an element"
	}
	return ""
}

// oneScore reports a range by score or lex whose min and max are the same
// expression (ZRANGEBYSCORE key s s): a lookup of the members of one
// score, not an open range.
func oneScore(m *model.Model, c *model.Call) bool {
	if len(c.Args) < 4 {
		return false
	}
	a, b := c.Args[2], c.Args[3]
	if ruleutil.SameValue(a.Value, b.Value) && (a.Value.Var != nil || a.Value.Origin == model.Literal) {
		return true
	}
	ta, tb := strings.Join(strings.Fields(m.Text(a.Expr)), ""), strings.Join(strings.Fields(m.Text(b.Expr)), "")
	return ta == tb && !strings.Contains(ta, "(")
}

// recordHash reports a hash that the script treats as a record: every loop
// over the reply only copies each field into a table under its name
// (`for i = 1, #r, 2 do t[r[i]] = r[i + 1] end`), a table the script never
// walks, or only appends the reply's elements to the table the script
// returns (which hands the client what `return r` would); or every write of
// the script to a hash that may be this one names its fields literally
// (HSET key 'start' now), and there is one.
func recordHash(m *model.Model, c *model.Call) bool {
	if !c.Is("HGETALL") {
		return false
	}
	copies, other := false, false
	var replyOnly map[*model.Variable]bool
	for _, l := range m.Loops() {
		if m.LoopReply(l) != c {
			continue
		}
		if t := mapCopy(m, l); t != nil && !walked(m, t) {
			copies = true
			continue
		}
		if replyOnly == nil {
			replyOnly = ruleutil.ReplyOnlyTables(m)
		}
		if replyCopy(m, l, c, replyOnly) {
			copies = true
		} else {
			other = true
		}
	}
	if copies && !other {
		return true
	}
	return literalFieldsOnly(m, c)
}

// mapCopy returns what a loop over a HGETALL reply r copies the fields
// into when its body is only `t[r[i]] = r[i + 1]`: the target table's
// expression (a local, or a field such as Qless.config.defaults).
func mapCopy(m *model.Model, l *model.Loop) ast.Expr {
	s, ok := l.Stmt.(*ast.NumberForStmt)
	if !ok || len(l.Body) != 1 {
		return nil
	}
	if k, ok := model.NumberLit(s.Step); !ok || k != 2 {
		return nil
	}
	a, ok := l.Body[0].(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
		return nil
	}
	dst, ok := a.Lhs[0].(*ast.AttrGetExpr)
	if !ok {
		return nil
	}
	key, ok1 := dst.Key.(*ast.AttrGetExpr)
	val, ok2 := a.Rhs[0].(*ast.AttrGetExpr)
	if !ok1 || !ok2 || m.Text(key.Object) != m.Text(val.Object) {
		return nil
	}
	return dst.Object
}

// replyCopy reports whether the loop's body is only
// `table.insert(t, r[i])` of an element of c's reply into a table that
// only carries the script's reply (replyOnlyTables).
func replyCopy(m *model.Model, l *model.Loop, c *model.Call, replyOnly map[*model.Variable]bool) bool {
	if len(l.Body) != 1 {
		return false
	}
	s, ok := l.Body[0].(*ast.FuncCallStmt)
	if !ok {
		return false
	}
	x, ok := s.Expr.(*ast.FuncCallExpr)
	if !ok || m.BuiltinName(x) != "table.insert" || len(x.Args) != 2 {
		return false
	}
	return replyOnly[m.LocalOf(x.Args[0])] && m.Value(x.Args[1]).FromReply() == c
}

// walked reports whether the table a map copy fills is a local the script
// walks with pairs or next (then its fields are a collection).
func walked(m *model.Model, t ast.Expr) bool {
	v := m.LocalOf(t)
	if v == nil {
		return false
	}
	found := false
	m.Preorder(model.KFuncCallExpr, func(x any) {
		fc := x.(*ast.FuncCallExpr)
		if n := m.BuiltinName(fc); (n == "pairs" || n == "next") && len(fc.Args) > 0 && m.LocalOf(fc.Args[0]) == v {
			found = true
		}
	})
	return found
}

// literalFieldsOnly reports whether the script writes the very hash c
// reads, and every write to a hash that may be it names literal fields
// only.
func literalFieldsOnly(m *model.Model, c *model.Call) bool {
	if len(c.Args) < 2 {
		return false
	}
	writes := 0
	for _, w := range m.Calls {
		var first, step int
		switch w.Name {
		case "HSET", "HMSET":
			first, step = 2, 2
		case "HSETNX", "HINCRBY", "HINCRBYFLOAT":
			first, step = 2, 100
		default:
			continue
		}
		if len(w.Args) < 2 || !m.MayBeSameKey(c.Args[1].Value, w.Args[1].Value) {
			continue
		}
		if w.Variadic {
			return false
		}
		for i := first; i < len(w.Args); i += step {
			if w.Args[i].Value.Origin != model.Literal {
				return false
			}
		}
		// A write that may or may not be to this hash only disqualifies.
		if m.SameKey(c.Args[1].Value, w.Args[1].Value) {
			writes++
		}
	}
	return writes > 0
}

// fallbackBranches returns the if branches that run only when a
// redis.pcall reply held in a local is an error (`if type(r) == 'table'
// and r.err then`): compatibility code for a server that lacks the command
// the script tried first (LPOS, ZRANGE ... BYSCORE), where advice to use
// the newer command is noise.
func fallbackBranches(m *model.Model) []span.Range {
	out := []span.Range{}
	m.Preorder(model.KIfStmt, func(x any) {
		s := x.(*ast.IfStmt)
		var branch []ast.Stmt
		switch errorTest(m, s.Condition) {
		case 1:
			branch = s.Then
		case -1:
			branch = s.Else
		}
		if len(branch) > 0 {
			out = append(out, span.Range{Start: m.Range(branch[0]).Start, End: m.Range(branch[len(branch)-1]).End})
		}
	})
	return out
}

// errorTest is 1 when a condition holds only if a redis.pcall reply is an
// error (r.err, type(r) == 'table' for a command that never replies a
// table), -1 when it fails only then, 0 otherwise.
func errorTest(m *model.Model, e ast.Expr) int {
	pcalled := func(e ast.Expr) *model.Call {
		if v := m.Value(e); v.Origin == model.Reply && v.Call != nil && v.Call.Protected {
			return v.Call
		}
		return nil
	}
	switch e := e.(type) {
	case *ast.AttrGetExpr:
		if k, ok := e.Key.(*ast.StringExpr); ok && k.Value == "err" && pcalled(e.Object) != nil {
			return 1
		}
	case *ast.UnaryNotOpExpr:
		return -errorTest(m, e.Expr)
	case *ast.LogicalOpExpr:
		l, r := errorTest(m, e.Lhs), errorTest(m, e.Rhs)
		switch {
		case e.Operator == "and" && (l == 1 || r == 1):
			return 1
		case e.Operator == "or" && l == 1 && r == 1:
			return 1
		case e.Operator == "or" && (l == -1 || r == -1):
			return -1
		case e.Operator == "and" && l == -1 && r == -1:
			return -1
		}
	case *ast.RelationalOpExpr:
		call, other := e.Lhs, e.Rhs
		if _, ok := call.(*ast.FuncCallExpr); !ok {
			call, other = other, call
		}
		fc, ok := call.(*ast.FuncCallExpr)
		lit, ok2 := other.(*ast.StringExpr)
		if !ok || !ok2 || lit.Value != "table" || m.BuiltinName(fc) != "type" || len(fc.Args) != 1 {
			return 0
		}
		c := pcalled(fc.Args[0])
		if c == nil || c.ReplyKind() == 0 || c.ReplyKind()&(redisdb.ReplyArray|redisdb.ReplyMap|redisdb.ReplyStatus) != 0 {
			return 0
		}
		switch e.Operator {
		case "==":
			return 1
		case "~=":
			return -1
		}
	}
	return 0
}

// pagedWalks returns the range reads that walk a whole collection page by
// page inside one script, with what they walk ("list", "sorted set"): a
// LRANGE or ZRANGE by rank whose start, or a read by score or lex whose
// LIMIT offset, moves on every round of a loop that goes on until the
// pages run out (an exit that tests the page) or up to the collection's
// size (`for i = 0, LLEN, 100`, `while i < total`).
func pagedWalks(m *model.Model) map[*model.Call]string {
	out := map[*model.Call]string{}
	for _, l := range m.Loops() {
		if l.Kind == model.GenericFor {
			continue
		}
		steps := m.LoopSteps(l)
		var ctrl *model.Variable
		if l.Kind == model.NumericFor {
			s := l.Stmt.(*ast.NumberForStmt)
			if _, down := s.Step.(*ast.UnaryMinusOpExpr); down {
				continue // a walk downward from a size is not one from the start
			}
			if vs := m.Declared(s); len(vs) > 0 {
				ctrl = vs[0]
			}
		}
		moves := func(e ast.Expr) bool {
			found := false
			model.InspectExpr(e, func(n any) bool {
				if id, ok := n.(*ast.IdentExpr); ok {
					if v := m.VarOf(id); v != nil && (v == ctrl || steps[v].Kind == model.StepAdd && steps[v].Dir > 0) {
						found = true
					}
				}
				return !found
			})
			return found
		}
		m.InspectKinds(l.Body, model.KFunctionExpr|model.KFuncCallExpr, func(n any) bool {
			fc, ok := n.(*ast.FuncCallExpr)
			if !ok {
				return false
			}
			c := m.CallAt(fc)
			if c == nil || c.Command == nil {
				return true
			}
			pos, what := pagePosition(c)
			if pos < 0 || pos >= len(c.Args) || !moves(c.Args[pos].Expr) {
				return true
			}
			if walksToEnd(m, l, c) {
				out[c] = what
			}
			return true
		})
	}
	return out
}

// pagePosition is the index of the argument that says where a page
// starts, and what the command reads; -1 for other commands.
func pagePosition(c *model.Call) (int, string) {
	switch c.Command.Name {
	case "LRANGE":
		return 2, "list"
	case "ZRANGE", "ZREVRANGE":
		if c.HasToken("BYSCORE") || c.HasToken("BYLEX") {
			if i := c.TokenIndex("LIMIT"); i >= 0 {
				return i + 1, "range"
			}
			return -1, ""
		}
		return 2, "sorted set"
	case "ZRANGEBYSCORE", "ZREVRANGEBYSCORE", "ZRANGEBYLEX", "ZREVRANGEBYLEX":
		if i := c.TokenIndex("LIMIT"); i >= 0 {
			return i + 1, "range"
		}
	}
	return -1, ""
}

// walksToEnd reports whether a loop that pages with c goes on until the
// pages run out: its condition or an exit tests the page c returns (its
// length, its first element), or a bound that is the size of a collection
// (LLEN, ZCARD...), as a numeric for's limit or in a comparison.
func walksToEnd(m *model.Model, l *model.Loop, c *model.Call) bool {
	var conds []ast.Expr
	if s, ok := l.Stmt.(*ast.NumberForStmt); ok {
		return sizeReply(m, s.Limit)
	}
	if l.Cond != nil {
		conds = append(conds, l.Cond)
	}
	for _, x := range m.LoopExits(l) {
		for _, g := range x.Guards {
			conds = append(conds, g.If.Condition)
		}
	}
	for _, e := range conds {
		if readsReply(m, e, c, 0) || sizeReply(m, e) {
			return true
		}
	}
	return false
}

// readsReply reports whether e reads c's reply, directly or through the
// locals declared from it (`local n = #page`).
func readsReply(m *model.Model, e ast.Expr, c *model.Call, depth int) bool {
	if e == nil || depth > 4 {
		return false
	}
	found := false
	model.InspectExpr(e, func(n any) bool {
		switch n := n.(type) {
		case *ast.FuncCallExpr:
			if m.CallAt(n) == c {
				found = true
			}
		case *ast.IdentExpr:
			if v := m.Value(n); v.Call == c {
				found = true
			} else if lv := m.VarOf(n); lv != nil && lv.Init != nil && readsReply(m, lv.Init, c, depth+1) {
				found = true
			}
		}
		return !found
	})
	return found
}

// sizeReply reports whether e holds, or compares with, the size of a
// collection read from Redis (LLEN, ZCARD...).
func sizeReply(m *model.Model, e ast.Expr) bool {
	found := false
	model.InspectExpr(e, func(n any) bool {
		if x, ok := n.(ast.Expr); ok {
			if c := m.Value(x).FromReply(); c != nil && ruleutil.SizeCommands[c.Name] {
				found = true
			}
		}
		return !found
	})
	return found
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
		// A helper that loops over its parameter: each reply passed to it
		// gets a command per element.
		if fe, i := paramLoop(m, l); fe != nil {
			for _, c := range passedReplies(m, fe, i) {
				out[c] = true
			}
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
				if src, _ := ruleutil.FilledFromReply(m, lv, loops, m.Range(fc).Start); src != nil {
					out[src] = true
				}
			}
		}
	}
	return out
}

// loopSubject is the table a loop walks: `ipairs(t)`, `pairs(t)`, or
// `for i = a, #t`.
func loopSubject(m *model.Model, l *model.Loop) ast.Expr {
	switch s := l.Stmt.(type) {
	case *ast.GenericForStmt:
		if len(s.Exprs) == 1 {
			if c, ok := s.Exprs[0].(*ast.FuncCallExpr); ok && len(c.Args) == 1 {
				if n := m.BuiltinName(c); n == "ipairs" || n == "pairs" {
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

// paramLoop reports a loop over a parameter of the function it stands in:
// the function and the parameter's index.
func paramLoop(m *model.Model, l *model.Loop) (*ast.FunctionExpr, int) {
	v := m.LocalOf(loopSubject(m, l))
	if v == nil || v.Kind != model.Param || len(v.Writes) > 0 || l.Func == nil || l.Func.Expr == nil {
		return nil, -1
	}
	for i, p := range l.Func.Params {
		if p == v {
			return l.Func.Expr, i
		}
	}
	return nil, -1
}

// passedReplies lists the redis.call sites whose reply a call of the
// local function fe passes as its i-th argument, directly or through a
// local.
func passedReplies(m *model.Model, fe *ast.FunctionExpr, i int) []*model.Call {
	var out []*model.Call
	m.Preorder(model.KFuncCallExpr, func(x any) {
		fc := x.(*ast.FuncCallExpr)
		if fc.Receiver != nil || i >= len(fc.Args) || m.Callee(fc) != fe {
			return
		}
		if v := m.Value(fc.Args[i]); v.Origin == model.Reply && v.Call != nil {
			out = append(out, v.Call)
		}
	})
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
	fe := m.Callee(init)
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
			if m.CallAt(e) != nil || runs[m.Callee(e)] {
				found = true
			}
		}
		return !found
	})
	return found
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
	return trimmedKey(m, c.Args[1].Value, c, trims, 1)
}

// trimmedKey reports whether the script runs one of trims on key, or,
// for a sorted set, stores into key the intersection of it with a set the
// script trims (`ZINTERSTORE w 2 w t` after `ZREMRANGEBYSCORE t`): an
// intersection is a subset of each of its sets. depth bounds the chain.
func trimmedKey(m *model.Model, key model.Value, except *model.Call, trims []string, depth int) bool {
	sorted := slices.Contains(trims, "ZREMRANGEBYSCORE") || slices.Contains(trims, "ZREMRANGEBYRANK")
	for _, t := range m.Calls {
		if t == except || len(t.Args) < 2 {
			continue
		}
		if t.Is(trims...) && m.MayBeSameKey(key, t.Args[1].Value) {
			return true
		}
		if !sorted || depth == 0 || !t.Is("ZINTERSTORE") || len(t.Keys) < 2 || !m.MayBeSameKey(key, t.Args[t.Keys[0]].Value) {
			continue
		}
		for _, k := range t.Keys[1:] {
			src := t.Args[k].Value
			if !m.MayBeSameKey(key, src) && trimmedKey(m, src, t, trims, depth-1) {
				return true
			}
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
