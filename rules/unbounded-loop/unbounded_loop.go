// Package unboundedloop is the rule unbounded-loop: a loop that nothing in the script bounds.
package unboundedloop

import (
	_ "embed" // doc.md

	"fmt"
	"sort"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is unbounded-loop.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "unbounded-loop",
		Category: diag.Performance,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/unbounded-loop/doc.md", doc),
		Options: []diag.Option{{
			Name:    "report-unbounded-numeric",
			Default: true,
			Doc: "also report, one level lower, loops that run a number of times taken from ARGV or read from a value " +
				"reply with no cap (`for i = 1, tonumber(ARGV[1])`, or a `while` or `repeat` loop counting up to one); these end, " +
				"after as many rounds as the caller or the data says",
		}},
	},
	Run: runUnboundedLoop,
}

func runUnboundedLoop(p *lint.Pass) {
	ff := &fileFacts{m: p.Model}
	for _, l := range p.Model.Loops() {
		li := newLoopInfo(p.Model, l)
		li.ff = ff
		li.server = p.Target.Server().Product()
		switch l.Kind {
		case model.WhileLoop, model.RepeatLoop:
			li.checkCondLoop(p)
		case model.NumericFor:
			li.checkNumericFor(p)
		}
	}
}

// loopInfo is what the rule learns about one loop: which locals change in
// it, whether it may write, which tables it may modify.
type loopInfo struct {
	m  *model.Model
	ff *fileFacts
	// server names the target's server in messages (Redis, Valkey).
	server string
	l      *model.Loop
	at     span.Range // the whole loop statement
	// mayWrite is true when the loop may change the dataset: a write
	// command, a command not known, or a call of a function not known.
	mayWrite bool
	// defs are the values the loop gives its locals; a nil entry is a value
	// not known (a for control variable, a multiple assignment from a call).
	defs map[*model.Variable][]ast.Expr
	// mutated are tables the loop may modify.
	mutated map[*model.Variable]bool
	// inv memoizes whether a loop local keeps its value from one iteration
	// to the next (see varInvariant).
	inv map[*model.Variable]invState
	// direct are the loop body's own statements.
	direct map[ast.Stmt]bool
	// feeds are expressions a local's value comes from that defs cannot
	// hold as its value: the header of a nested for loop for its control
	// variables, the call of a multiple assignment for its later targets.
	feeds map[*model.Variable][]ast.Expr
}

func newLoopInfo(m *model.Model, l *model.Loop) *loopInfo {
	li := &loopInfo{m: m, l: l, at: m.Range(l.Stmt), defs: map[*model.Variable][]ast.Expr{},
		mutated: map[*model.Variable]bool{}, inv: map[*model.Variable]invState{}, direct: map[ast.Stmt]bool{},
		feeds: map[*model.Variable][]ast.Expr{}}
	for _, s := range l.Body {
		li.direct[s] = true
	}
	var body []ast.Stmt
	if l.Kind == model.NumericFor || l.Kind == model.GenericFor {
		body = l.Body // the control variables change by themselves; not needed here
	} else {
		body = []ast.Stmt{l.Stmt}
	}
	m.InspectKinds(body, model.KFuncCallExpr|model.KAssignStmt|model.KLocalAssignStmt|model.KNumberForStmt|model.KGenericForStmt, func(n any) bool {
		switch n := n.(type) {
		case *ast.FuncCallExpr:
			li.call(n)
		case *ast.AssignStmt:
			for i, t := range n.Lhs {
				switch t := t.(type) {
				case *ast.IdentExpr:
					if v := m.VarOf(t); v != nil {
						li.def(v, n.Rhs, i)
					}
				case *ast.AttrGetExpr:
					if v := m.LocalOf(t.Object); v != nil {
						li.mutated[v] = true
					}
				}
			}
		case *ast.LocalAssignStmt:
			for i, v := range m.Declared(n) {
				if m.File.IsLocalFunction(n) {
					li.defs[v] = append(li.defs[v], nil)
					continue
				}
				li.def(v, n.Exprs, i)
			}
		case *ast.NumberForStmt:
			for _, v := range m.Declared(n) {
				li.defs[v] = append(li.defs[v], nil)
				li.feeds[v] = []ast.Expr{n.Init, n.Limit, n.Step}
			}
		case *ast.GenericForStmt:
			for _, v := range m.Declared(n) {
				li.defs[v] = append(li.defs[v], nil)
				li.feeds[v] = n.Exprs
			}
		}
		return true
	})
	return li
}

// def records that the loop assigns rhs's i-th value to v.
func (li *loopInfo) def(v *model.Variable, rhs []ast.Expr, i int) {
	e := rhsAt(rhs, i)
	li.defs[v] = append(li.defs[v], e)
	if e == nil && len(rhs) > 0 {
		li.feeds[v] = append(li.feeds[v], rhs[len(rhs)-1])
	}
}

// rhsAt is the expression assigned to the i-th target: nil when that is
// a later value of a call or `...` (not known), a nil literal when nothing
// is assigned.
func rhsAt(rhs []ast.Expr, i int) ast.Expr {
	if i < len(rhs) {
		return rhs[i]
	}
	if len(rhs) > 0 && model.MultiValued(rhs[len(rhs)-1]) {
		return nil
	}
	return &ast.NilExpr{}
}

// call records what a call inside the loop may do.
func (li *loopInfo) call(e *ast.FuncCallExpr) {
	m := li.m
	if c := m.CallAt(e); c != nil {
		if c.Command == nil || c.Command.IsWrite() {
			li.mayWrite = true
		}
		return
	}
	name := m.BuiltinName(e)
	if e.Receiver != nil {
		// s:sub(1) on a string is pure, t:method() may be anything.
		if v := m.LocalOf(e.Receiver); v != nil {
			li.mutated[v] = true
		}
		li.mayWrite = true
		return
	}
	if !pureBuiltins[name] {
		li.mayWrite = li.mayWrite || !tableBuiltins[name]
		for _, a := range e.Args {
			if v := m.LocalOf(a); v != nil {
				li.mutated[v] = true
			}
		}
	}
}

// pureBuiltins neither write to Redis nor modify their arguments.
var pureBuiltins = map[string]bool{
	"tonumber": true, "tostring": true, "type": true, "select": true, "unpack": true, "next": true,
	"ipairs": true, "pairs": true, "rawget": true, "rawequal": true, "assert": true, "error": true,
	"string.format": true, "string.sub": true, "string.len": true, "string.lower": true, "string.upper": true,
	"string.rep": true, "string.find": true, "string.match": true, "string.gmatch": true, "string.gsub": true,
	"string.byte": true, "string.char": true, "string.reverse": true,
	"math.floor": true, "math.ceil": true, "math.min": true, "math.max": true, "math.abs": true,
	"math.fmod": true, "math.modf": true, "math.sqrt": true, "math.pow": true, "math.log": true, "math.exp": true,
	"table.concat": true, "table.getn": true,
	"cjson.encode": true, "cjson.decode": true, "cmsgpack.pack": true, "cmsgpack.unpack": true,
	"redis.log": true, "redis.sha1hex": true, "redis.status_reply": true, "redis.error_reply": true,
}

// tableBuiltins modify a Lua table argument but never the dataset.
var tableBuiltins = map[string]bool{"table.insert": true, "table.remove": true, "table.sort": true, "rawset": true}

type invState uint8

const (
	invUnknown invState = iota
	invPending
	invYes
	invNo
)

// varInvariant reports whether a local keeps its value across iterations.
// A local the loop assigns is invariant when every value assigned is
// invariant without counting on the local itself: `i = i + 1` is not, nor
// is a cycle (a = b, b = a). A depth-first walk that takes a local still
// being decided as variant computes exactly that (the least fixed point),
// and each local is decided once.
func (li *loopInfo) varInvariant(v *model.Variable) bool {
	if es, ok := li.defs[v]; ok {
		switch li.inv[v] {
		case invYes:
			return true
		case invNo, invPending:
			return false
		}
		li.inv[v] = invPending
		ok := true
		for _, e := range es {
			if e == nil || !li.invariant(e) {
				ok = false
				break
			}
		}
		li.inv[v] = invNo
		if ok {
			li.inv[v] = invYes
		}
		return ok
	}
	if v.Captured {
		// A function called from the loop may assign it.
		for _, w := range v.Writes {
			if !li.at.Contains(li.m.Range(w).Start) {
				return false
			}
		}
	}
	return true
}

// invariant reports whether e has the same value on every iteration: no
// local in it changes, no table it reads is modified, and any Redis command
// in it is a deterministic read while the loop writes nothing (no other
// client runs while a script runs, so nothing else changes the data).
func (li *loopInfo) invariant(e ast.Expr) bool {
	m := li.m
	switch e := e.(type) {
	case *ast.NilExpr, *ast.TrueExpr, *ast.FalseExpr, *ast.NumberExpr, *ast.StringExpr:
		return true
	case *ast.IdentExpr:
		if v := m.VarOf(e); v != nil {
			return li.varInvariant(v)
		}
		return e.Value == "KEYS" || e.Value == "ARGV"
	case *ast.AttrGetExpr:
		if v := m.LocalOf(e.Object); v != nil && li.mutated[v] {
			return false
		}
		return li.invariant(e.Object) && li.invariant(e.Key)
	case *ast.UnaryLenOpExpr:
		if v := m.LocalOf(e.Expr); v != nil && li.mutated[v] {
			return false
		}
		return li.invariant(e.Expr)
	case *ast.UnaryNotOpExpr:
		return li.invariant(e.Expr)
	case *ast.UnaryMinusOpExpr:
		return li.invariant(e.Expr)
	case *ast.ArithmeticOpExpr:
		return li.invariant(e.Lhs) && li.invariant(e.Rhs)
	case *ast.StringConcatOpExpr:
		return li.invariant(e.Lhs) && li.invariant(e.Rhs)
	case *ast.RelationalOpExpr:
		return li.invariant(e.Lhs) && li.invariant(e.Rhs)
	case *ast.LogicalOpExpr:
		return li.invariant(e.Lhs) && li.invariant(e.Rhs)
	case *ast.FuncCallExpr:
		if e.Receiver != nil {
			return false
		}
		if c := m.CallAt(e); c != nil {
			if li.mayWrite || c.Command == nil || !c.Command.HasFlag("READONLY") || randomReads[c.Name] {
				return false
			}
		} else if !pureBuiltins[m.BuiltinName(e)] {
			return false
		}
		for _, a := range e.Args {
			if !li.invariant(a) {
				return false
			}
		}
		return true
	}
	return false
}

// randomReads answer differently to the same call.
var randomReads = map[string]bool{"SRANDMEMBER": true, "HRANDFIELD": true, "ZRANDMEMBER": true, "RANDOMKEY": true}

// checkCondLoop handles while and repeat loops.
func (li *loopInfo) checkCondLoop(p *lint.Pass) {
	l, m := li.l, li.m
	var constant bool
	if l.Kind == model.WhileLoop {
		constant = model.ConstTruth(l.Cond) == 1
	} else {
		constant = model.ConstTruth(l.Cond) == -1
	}
	what := "`" + loopHead(m, l) + "` loop"
	if !constant && !li.invariant(l.Cond) {
		li.checkCounterCond(p)
		return
	}
	exits := m.LoopExits(l)
	if len(exits) == 0 {
		if constant {
			p.Report(l.Header, "%s never ends: it has no break or return", what).Help("%s", li.consequence(fixExit))
		} else {
			p.Report(l.Header, "%s never ends unless it stops at the first check", what).
				Help("nothing in it changes its condition, and no other client can while a script runs; %s", li.consequence(fixWait))
		}
		return
	}
	var dataExits []model.Exit
	for _, x := range exits {
		if len(x.Guards) == 0 {
			return // the loop body runs at most once
		}
		kind, bound := li.counterExit(x)
		switch kind {
		case boundLiteral, boundUnknown:
			return
		case boundCaller:
			if li.walksArgs(x.Guards[0].If.Condition) || li.drains() {
				return
			}
			if p.Options["report-unbounded-numeric"] != false {
				p.Report(l.Header, "%s ends when a counter reaches `%s`, with no cap", what, ruleutil.Brief(m, bound)).Lower().
					Help("`%s` is %s; %s", m.Text(bound), describeBound(m, bound), li.consequence(fixCap))
			}
			return
		}
		dataExits = append(dataExits, x)
	}
	x := dataExits[0]
	g := x.Guards[len(x.Guards)-1]
	holds := "holds"
	if !g.Truth {
		holds = "fails"
	}
	line := m.Range(g.If.Condition).Start.Line
	allInvariant := true
	for _, x := range dataExits {
		for _, g := range x.Guards {
			if !li.invariant(g.If.Condition) {
				allInvariant = false
			}
		}
	}
	if allInvariant {
		p.Report(l.Header, "%s busy-waits on `%s`, which nothing in it changes", what, ruleutil.Brief(m, g.If.Condition)).
			Help("it ends only when that %s (line %d), and no other client can change it either while a script runs, so otherwise it never ends; %s", holds, line, li.consequence(fixWait))
		return
	}
	// An exit that depends on the data ends the loop once the loop works
	// through the data: a pop or removal per round, a page offset, cursor
	// or counter that moves every round. How much data that is belongs to
	// expensive-command.
	if li.progresses(dataExits) {
		return
	}
	p.Report(l.Header, "%s may never end: no round is sure to bring `%s` closer", what, ruleutil.Brief(m, g.If.Condition)).
		Help("it ends only when that %s (line %d), and no round surely removes an element or moves a position or counter toward it; %s", holds, line, li.consequence(fixProgress))
}

// progresses reports whether the loop moves toward its exits on every
// round: a local that the exits read, directly or through the loop's own
// locals and the arguments of the commands they come from (a page offset,
// a cursor, a counter, a size that doubles), moves the same way on every
// round (toward the exit, for a counter compared in one); or every round
// removes from a collection whose read the exits test (a pop until empty).
func (li *loopInfo) progresses(exits []model.Exit) bool {
	var conds []ast.Expr
	for _, x := range exits {
		for _, g := range x.Guards {
			conds = append(conds, g.If.Condition)
		}
	}
	if li.l.Cond != nil {
		conds = append(conds, li.l.Cond)
	}
	vars, calls := li.inputs(conds)
	steps := li.m.LoopSteps(li.l)
	for v := range vars {
		if st, ok := steps[v]; ok && li.toward(st, exits) {
			return true
		}
	}
	return li.consumesEveryRound(calls)
}

// inputs are what the expressions read: the locals in them (in function
// bodies too: `pcall(function() f(size) end)`), and, for a local the loop
// assigns, what it is assigned from, with the redis.call sites met on the
// way (a page read, a pop) and their arguments.
func (li *loopInfo) inputs(es []ast.Expr) (map[*model.Variable]bool, []*model.Call) {
	m := li.m
	vars := map[*model.Variable]bool{}
	seen := map[*model.Call]bool{}
	var calls []*model.Call
	var visit func(e ast.Expr)
	visit = func(e ast.Expr) {
		if e == nil {
			return
		}
		model.InspectExpr(e, func(n any) bool {
			switch n := n.(type) {
			case *ast.IdentExpr:
				v := m.VarOf(n)
				if v == nil || vars[v] {
					return true
				}
				vars[v] = true
				for _, d := range li.defs[v] {
					visit(d)
				}
				for _, f := range li.feeds[v] {
					visit(f)
				}
			case *ast.FuncCallExpr:
				if c := m.CallAt(n); c != nil && !seen[c] {
					seen[c] = true
					calls = append(calls, c)
				}
			}
			return true
		})
	}
	for _, e := range es {
		visit(e)
	}
	return vars, calls
}

// toward reports whether a step moves its local toward the exits that
// compare it: a counter that moves away from every comparison of it
// (`w = w - 1` with `if w > 10 then break end`) makes no progress. A step
// of a local no exit compares (a page offset, a cursor) counts.
func (li *loopInfo) toward(st model.Step, exits []model.Exit) bool {
	if st.Kind != model.StepAdd {
		return true
	}
	compared := false
	for _, x := range exits {
		for _, g := range x.Guards {
			for _, d := range ruleutil.Disjuncts(g.If.Condition) {
				for _, c := range ruleutil.Conjuncts(d) {
					r, ok := c.(*ast.RelationalOpExpr)
					if !ok {
						continue
					}
					op := r.Operator
					switch st.Var {
					case li.m.LocalOf(r.Lhs):
					case li.m.LocalOf(r.Rhs):
						op = model.FlipRelation(op)
					default:
						continue
					}
					if !g.Truth {
						op = model.NegateRelation(op)
					}
					compared = true
					switch op {
					case ">", ">=":
						if st.Dir > 0 {
							return true
						}
					case "<", "<=":
						if st.Dir < 0 {
							return true
						}
					default:
						return true
					}
				}
			}
		}
	}
	return !compared
}

// consumesEveryRound reports whether every round of the loop removes from
// the collection one of calls reads (LPOP of the list the exit tests the
// pop of, LPOP of the list whose LINDEX it tests).
func (li *loopInfo) consumesEveryRound(calls []*model.Call) bool {
	m := li.m
	var keys []model.Value
	for _, c := range calls {
		if len(c.Keys) > 0 {
			keys = append(keys, c.Args[c.Keys[0]].Value)
		}
	}
	if len(keys) == 0 {
		return false
	}
	return m.OnEveryRound(li.l, func(n any) bool {
		fc, ok := n.(*ast.FuncCallExpr)
		if !ok {
			return false
		}
		c := m.CallAt(fc)
		if c == nil || !m.Consumes(c) || len(c.Keys) == 0 {
			return false
		}
		for _, k := range keys {
			if m.MayBeSameKey(c.Args[c.Keys[0]].Value, k) {
				return true
			}
		}
		return false
	})
}

// walksArgs reports whether a counter the comparison e tests indexes KEYS
// or ARGV in the loop (see indexesArgs).
func (li *loopInfo) walksArgs(e ast.Expr) bool {
	found := false
	for _, c := range ruleutil.Conjuncts(e) {
		for _, d := range ruleutil.Disjuncts(c) {
			r, ok := d.(*ast.RelationalOpExpr)
			if !ok {
				continue
			}
			for _, side := range []ast.Expr{r.Lhs, r.Rhs} {
				if v := li.m.LocalOf(side); v != nil && li.step(side) != 0 && li.indexesArgs(v) {
					found = true
				}
			}
		}
	}
	return found
}

// drains reports whether the loop removes an element of a collection on
// every round and leaves when the collection is empty: a pop inside
// `for i = 1, limit` that returns at the first empty pop runs at most as
// many times as there are elements.
func (li *loopInfo) drains() bool {
	var conds []ast.Expr
	for _, x := range li.m.LoopExits(li.l) {
		for _, g := range x.Guards {
			conds = append(conds, g.If.Condition)
		}
	}
	if len(conds) == 0 {
		return false
	}
	_, calls := li.inputs(conds)
	return li.consumesEveryRound(calls)
}

// indexesArgs reports whether the loop body reads KEYS or ARGV at an index
// that moves with the loop (KEYS[i], ARGV[i + 1], unpack(ARGV, i, j),
// ARGV[n] with n stepped every round): the loop walks what the caller
// passed, and the caller's count bounds it.
func (li *loopInfo) indexesArgs(ctrl *model.Variable) bool {
	m := li.m
	steps := m.LoopSteps(li.l)
	moves := func(e ast.Expr) bool {
		found := false
		model.InspectExpr(e, func(n any) bool {
			if id, ok := n.(*ast.IdentExpr); ok {
				if v := m.VarOf(id); v != nil && (v == ctrl || steps[v].Dir > 0) {
					found = true
				}
			}
			return !found
		})
		return found
	}
	isArgs := func(e ast.Expr) bool {
		o := m.Value(e).Origin
		return o == model.KeysTable || o == model.ArgvTable
	}
	found := false
	m.InspectKinds(li.l.Body, model.KAttrGetExpr|model.KFuncCallExpr, func(n any) bool {
		switch n := n.(type) {
		case *ast.AttrGetExpr:
			if isArgs(n.Object) && moves(n.Key) {
				found = true
			}
		case *ast.FuncCallExpr:
			if f := m.Value(n.Func); f.Origin == model.Builtin && f.Lit == "unpack" && len(n.Args) >= 2 && isArgs(n.Args[0]) && moves(n.Args[1]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// loopHead is the loop's first words for messages: `while true`,
// `repeat ... until false`.
func loopHead(m *model.Model, l *model.Loop) string {
	if l.Kind == model.RepeatLoop {
		return "repeat ... until " + ruleutil.Brief(m, l.Cond)
	}
	return "while " + ruleutil.Brief(m, l.Cond)
}

type boundKind int

const (
	boundNone    boundKind = iota // not a counter exit
	boundLiteral                  // a counter against a literal: guaranteed
	boundUnknown                  // a counter against something not known (a parameter): assume bounded
	boundCaller                   // a counter against a number from ARGV or a value reply
)

// counterExit reports whether exit x is guaranteed by a counter: it sits
// directly in `if <counter cmp bound> [or ...] then ... exit end`, a
// statement of the loop body itself, and the body itself steps the counter
// toward the bound with `c = c + k` (or `c - k`), k a positive literal.
func (li *loopInfo) counterExit(x model.Exit) (boundKind, ast.Expr) {
	if len(x.Guards) != 1 || !x.Guards[0].Truth {
		return boundNone, nil
	}
	g := x.Guards[0].If
	if !li.direct[g] || !stmtIn(g.Then, x.Stmt) {
		return boundNone, nil
	}
	kind, bound := boundNone, ast.Expr(nil)
	for _, d := range ruleutil.Disjuncts(g.Condition) {
		switch k, b := li.counterCompare(d, true); k {
		case boundLiteral, boundUnknown:
			return k, b
		case boundCaller:
			kind, bound = k, b
		}
	}
	return kind, bound
}

func stmtIn(stmts []ast.Stmt, s ast.Stmt) bool {
	for _, x := range stmts {
		if x == s {
			return true
		}
	}
	return false
}

// counterCompare classifies `c op bound` (either order). exitWhenTrue says
// the loop ends when the comparison holds (an if guarding an exit); false
// says it runs while it holds (a while condition).
func (li *loopInfo) counterCompare(e ast.Expr, exitWhenTrue bool) (boundKind, ast.Expr) {
	r, ok := e.(*ast.RelationalOpExpr)
	if !ok {
		return boundNone, nil
	}
	op := r.Operator
	counter, bound := r.Lhs, r.Rhs
	step := li.step(counter)
	if step == 0 {
		counter, bound = r.Rhs, r.Lhs
		step = li.step(counter)
		op = model.FlipRelation(op)
	}
	if step == 0 || !li.invariant(bound) {
		return boundNone, nil
	}
	if !exitWhenTrue {
		op = model.NegateRelation(op)
	}
	switch op {
	case ">", ">=":
		if step < 0 {
			return boundNone, nil
		}
	case "<", "<=":
		if step > 0 {
			return boundNone, nil
		}
	case "==":
		if step != 1 && step != -1 {
			return boundNone, nil
		}
	default:
		return boundNone, nil
	}
	return li.classifyBound(bound), bound
}

// step returns k when e is a local that the loop changes only with one
// assignment, a step by the literal k that runs on every round
// (Model.LoopSteps: `e = e + k`, or `e = e - k` and then -k); 0 otherwise.
func (li *loopInfo) step(e ast.Expr) float64 {
	v := li.m.LocalOf(e)
	if v == nil || len(li.defs[v]) != 1 {
		return 0
	}
	st, ok := li.m.LoopSteps(li.l)[v]
	if !ok || st.Kind != model.StepAdd || st.Lit == 0 {
		return 0
	}
	return float64(st.Dir) * st.Lit
}

// classifyBound says where a loop bound comes from.
func (li *loopInfo) classifyBound(e ast.Expr) boundKind {
	m := li.m
	if isLiteralNumber(m, e) {
		return boundLiteral
	}
	if describeBound(m, e) == "" || li.capped(e) {
		return boundUnknown
	}
	return boundCaller
}

// isLiteralNumber: a number literal, arithmetic on literals, or a local
// declared with one and never assigned.
func isLiteralNumber(m *model.Model, e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.NumberExpr:
		return true
	case *ast.UnaryMinusOpExpr:
		return isLiteralNumber(m, e.Expr)
	case *ast.ArithmeticOpExpr:
		return isLiteralNumber(m, e.Lhs) && isLiteralNumber(m, e.Rhs)
	case *ast.IdentExpr:
		v := m.VarOf(e)
		return v != nil && len(v.Writes) == 0 && v.Kind == model.LocalVar && v.Init != nil && isLiteralNumber(m, v.Init)
	}
	return false
}

// describeBound says "a number taken from ARGV" or "a number read from a
// GET reply" when a loop bound is one, else "".
func describeBound(m *model.Model, e ast.Expr) string {
	argv := "ARGV"
	if m.Context == model.Library {
		argv = "the function's arguments"
	}
	return boundSource(m.Value(e), argv)
}

func boundSource(v model.Value, argv string) string {
	switch v.Origin {
	case model.Argv:
		return "a number taken from " + argv
	case model.Tonumber:
		if v.Of != nil {
			return boundSource(*v.Of, argv)
		}
	case model.Arith:
		// n + 1, n * 2: as unbounded as n; mixing two sources is unknown.
		src := ""
		for _, p := range v.Parts {
			if p.Origin == model.Literal {
				continue
			}
			s := boundSource(p, argv)
			if s == "" || (src != "" && s != src) {
				return ""
			}
			src = s
		}
		return src
	case model.Reply, model.ReplyElement:
		if v.Call == nil || v.Call.Name == "" || ruleutil.SizeCommands[v.Call.Name] {
			return ""
		}
		return "a number read from a " + v.Call.Name + " reply"
	}
	return ""
}

// capped reports whether a bound held in a local is compared with a number
// literal before the loop (`if n > 1000 then return ... end`), rejected
// above another limit before it (`if amount > limit then return false
// end`), or admitted only below one by the if the loop stands in (`if
// zcard + permits <= limit then for i = 1, permits ...`).
func (li *loopInfo) capped(e ast.Expr) bool {
	// n - 1, n * 2: as capped as n.
	for {
		a, ok := e.(*ast.ArithmeticOpExpr)
		if !ok {
			break
		}
		switch {
		case isLiteralNumber(li.m, a.Rhs):
			e = a.Lhs
		case isLiteralNumber(li.m, a.Lhs):
			e = a.Rhs
		default:
			return false
		}
	}
	v := li.m.Value(e).Var
	if v == nil {
		v = li.m.LocalOf(e)
	}
	if v == nil {
		return false
	}
	if at, ok := li.ff.comparedAt()[v]; ok && at.Less(li.at.Start) {
		return true
	}
	for _, c := range li.ff.capsOf()[v] {
		if c.rejected && c.at.Start.Less(li.at.Start) || !c.rejected && c.at.Contains(li.at.Start) {
			return true
		}
	}
	return false
}

// checkCounterCond reports `while i < n` where the body steps i and n is a
// number from ARGV or a value reply.
func (li *loopInfo) checkCounterCond(p *lint.Pass) {
	if p.Options["report-unbounded-numeric"] == false || li.l.Kind != model.WhileLoop {
		return
	}
	m := li.m
	for _, c := range ruleutil.Conjuncts(li.l.Cond) {
		k, bound := li.counterCompare(c, false)
		if k != boundCaller {
			if k != boundNone {
				return
			}
			continue
		}
		if li.walksArgs(c) || li.drains() {
			return
		}
		p.Report(li.l.Header, "`%s` loop runs until a counter reaches `%s`, with no cap", loopHead(m, li.l), ruleutil.Brief(m, bound)).Lower().
			Help("`%s` is %s; %s", m.Text(bound), describeBound(m, bound), li.consequence(fixCap))
		return
	}
}

// checkNumericFor reports `for i = 1, n` with n from ARGV or a value reply.
func (li *loopInfo) checkNumericFor(p *lint.Pass) {
	if p.Options["report-unbounded-numeric"] == false {
		return
	}
	m := li.m
	s := li.l.Stmt.(*ast.NumberForStmt)
	bound := s.Limit
	if s.Step != nil {
		switch k, _ := model.NumberLit(s.Step); {
		case k < 0:
			bound = s.Init
		case k == 0:
			return
		}
	}
	if li.classifyBound(bound) != boundCaller {
		return
	}
	if vs := m.Declared(s); len(vs) > 0 && li.indexesArgs(vs[0]) || li.drains() {
		return
	}
	p.Report(li.l.Header, "`for %s` loop runs up to `%s` times, with no cap", s.Name, ruleutil.Brief(m, bound)).Lower().
		Help("`%s` is %s; %s", m.Text(bound), describeBound(m, bound), li.consequence(fixCap))
}

// What to do instead, by kind of loop.
const (
	fixExit = "give it an exit guaranteed by a counter checked against a literal limit"
	fixWait = "return and let the client retry instead of waiting inside the script"
	fixCap  = "cap the count (math.min(n, LIMIT)) or reject larger values before the loop"
	// fixProgress is for a loop whose rounds may all leave the data as
	// they found it.
	fixProgress = "make every round remove an element or move a position toward the exit, or stop after a literal number of rounds"
)

// consequence says what the loop does to Redis, with the facts that apply:
// the write that makes the script unkillable, when there is one.
func (li *loopInfo) consequence(fix string) string {
	m := li.m
	kill := "SCRIPT KILL"
	if m.Context == model.Library {
		kill = "FUNCTION KILL"
	}
	out := li.server + " serves no other client meanwhile (BUSY after busy-reply-threshold, 5 s by default)"
	if w := li.firstWrite(); w != nil {
		out += fmt.Sprintf(", and after the %s at line %d %s answers UNKILLABLE, so only SHUTDOWN NOSAVE stops it", w.Name, m.Range(w.Expr).Start.Line, kill)
	}
	return out + ": " + fix
}

// firstWrite is a write command before the loop in the same function, or
// else the first one in the loop.
func (li *loopInfo) firstWrite() *model.Call {
	ff := li.ff
	ff.index()
	if c := ff.firstWriteIn[li.l.Func]; c != nil && ff.m.Range(c.Expr).Start.Less(li.at.Start) {
		return c
	}
	i := sort.Search(len(ff.writes), func(i int) bool { return !ff.writes[i].at.Less(li.at.Start) })
	if i < len(ff.writes) && li.at.Contains(ff.writes[i].at) {
		return ff.writes[i].c
	}
	return nil
}

// fileFacts are computed once per file, when a loop first needs them, so
// that a file with many loops is not walked once per loop.
type fileFacts struct {
	m *model.Model
	// writes are the write commands in source order; firstWriteIn is the
	// first of each function.
	writes       []writeAt
	firstWriteIn map[*model.Function]*model.Call
	// compared is where each local is first compared with a number literal.
	compared map[*model.Variable]span.Pos
	// caps are the ifs that bound a local from above (capsOf).
	caps map[*model.Variable][]capIf
}

// capIf is an if that bounds a local from above: rejected says its then
// branch leaves when the local is too large (at is the if), else it runs
// only when the local is small enough (at is the then branch).
type capIf struct {
	at       span.Range
	rejected bool
}

type writeAt struct {
	c  *model.Call
	at span.Pos
}

func (ff *fileFacts) index() {
	if ff.firstWriteIn != nil {
		return
	}
	ff.firstWriteIn = map[*model.Function]*model.Call{}
	for _, c := range ff.m.Calls {
		if c.Command != nil && c.Command.IsWrite() {
			ff.writes = append(ff.writes, writeAt{c, ff.m.Range(c.Expr).Start})
		}
	}
	sort.SliceStable(ff.writes, func(i, j int) bool { return ff.writes[i].at.Less(ff.writes[j].at) })
	for _, w := range ff.writes {
		if ff.firstWriteIn[w.c.Func] == nil {
			ff.firstWriteIn[w.c.Func] = w.c
		}
	}
}

// capsOf finds the ifs that bound a local from above by comparing it, or
// a sum it is a term of, with a limit of any kind: `if n > limit then
// return end` rejects, `if used + n <= limit then ... end` admits.
func (ff *fileFacts) capsOf() map[*model.Variable][]capIf {
	if ff.caps != nil {
		return ff.caps
	}
	m := ff.m
	ff.caps = map[*model.Variable][]capIf{}
	add := func(side ast.Expr, c capIf) {
		for _, v := range addends(m, side) {
			ff.caps[v] = append(ff.caps[v], c)
		}
	}
	m.InspectKinds(m.File.Chunk, model.KIfStmt, func(n any) bool {
		s, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		if leaves(m, s.Then) {
			for _, d := range ruleutil.Disjuncts(s.Condition) {
				if big, _, ok := ordered(d); ok {
					add(big, capIf{at: m.Range(s), rejected: true})
				}
			}
		}
		if len(s.Then) > 0 {
			then := span.Range{Start: m.Range(s.Then[0]).Start, End: m.Range(s.Then[len(s.Then)-1]).End}
			for _, c := range ruleutil.Conjuncts(s.Condition) {
				if _, small, ok := ordered(c); ok {
					add(small, capIf{at: then})
				}
			}
		}
		return true
	})
	return ff.caps
}

// ordered splits `a > b` (or <, <=, >=) into its greater and smaller sides.
func ordered(e ast.Expr) (big, small ast.Expr, ok bool) {
	r, isRel := e.(*ast.RelationalOpExpr)
	if !isRel {
		return nil, nil, false
	}
	switch r.Operator {
	case ">", ">=":
		return r.Lhs, r.Rhs, true
	case "<", "<=":
		return r.Rhs, r.Lhs, true
	}
	return nil, nil, false
}

// addends are the locals summed in e (`n`, `used + n`, `tonumber(n)`).
func addends(m *model.Model, e ast.Expr) []*model.Variable {
	switch x := e.(type) {
	case *ast.ArithmeticOpExpr:
		if x.Operator == "+" {
			return append(addends(m, x.Lhs), addends(m, x.Rhs)...)
		}
		return nil
	case *ast.FuncCallExpr:
		if m.BuiltinName(x) == "tonumber" && len(x.Args) == 1 {
			return addends(m, x.Args[0])
		}
		return nil
	}
	if v := m.LocalOf(e); v != nil {
		return []*model.Variable{v}
	}
	return nil
}

// leaves reports whether a block ends in a return or a call of error().
func leaves(m *model.Model, stmts []ast.Stmt) bool {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.FuncCallStmt:
			if c, ok := s.Expr.(*ast.FuncCallExpr); ok && m.BuiltinName(c) == "error" {
				return true
			}
		}
	}
	return false
}

func (ff *fileFacts) comparedAt() map[*model.Variable]span.Pos {
	if ff.compared != nil {
		return ff.compared
	}
	m := ff.m
	ff.compared = map[*model.Variable]span.Pos{}
	m.InspectKinds(m.File.Chunk, model.KRelationalOpExpr, func(n any) bool {
		r, ok := n.(*ast.RelationalOpExpr)
		if !ok || r.Operator == "==" || r.Operator == "~=" {
			return true
		}
		for _, side := range [][2]ast.Expr{{r.Lhs, r.Rhs}, {r.Rhs, r.Lhs}} {
			if v := m.LocalOf(side[0]); v != nil && isLiteralNumber(m, side[1]) {
				at := m.Range(r).Start
				if old, ok := ff.compared[v]; !ok || at.Less(old) {
					ff.compared[v] = at
				}
			}
		}
		return true
	})
	return ff.compared
}
