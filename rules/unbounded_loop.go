package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/ast"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "unbounded-loop",
		Category: diag.Performance,
		Severity: diag.SeverityWarning,
		Doc: diag.Doc{
			Title: "a loop that nothing in the script bounds",
			Why: "Redis runs a script to the end before it serves anyone else: no other client runs meanwhile, so a loop " +
				"that waits for another client to change a key never ends, and a loop whose exit depends on how much data " +
				"there is blocks the server for as long as the data is big. After `busy-reply-threshold` (5000 ms by default) " +
				"every other client gets `BUSY Redis is busy running a script`. A read-only script can be stopped with " +
				"SCRIPT KILL (FUNCTION KILL for a library), but once the script has written, SCRIPT KILL answers " +
				"`UNKILLABLE Sorry the script already executed write commands against the dataset` and only " +
				"`SHUTDOWN NOSAVE` stops it: the server exits, closing every connection, without saving.\n\n" +
				"Reported: `while true` / `while 1` / `repeat ... until false` loops with no exit, or whose only exits depend " +
				"on data (a reply, a page that comes back empty); `while`/`repeat` loops whose condition nothing in the body " +
				"can change (a busy wait on a key); and, with `report-unbounded-numeric`, loops that count up to a number taken " +
				"from ARGV or read from a value reply (GET, HGET...) with no cap. Not reported: `for` loops with literal bounds, " +
				"`for i = 1, #t`, `ipairs`/`pairs` over a table or reply, a count from LLEN/SCARD/ZCARD-like commands (bounded by " +
				"the data like the reply itself), and loops whose exit is guaranteed by a counter checked against a literal.",
			Bad: "-- wait until another client releases the lock\n" +
				"redis.call('INCR', KEYS[2])\n" +
				"while redis.call('EXISTS', KEYS[1]) == 1 do end\n" +
				"return redis.call('SET', KEYS[1], ARGV[1])",
			Good: "-- give up at once and let the client retry later\n" +
				"if redis.call('EXISTS', KEYS[1]) == 1 then return false end\n" +
				"redis.call('INCR', KEYS[2])\n" +
				"return redis.call('SET', KEYS[1], ARGV[1])",
			Redis: "all; BUSY, SCRIPT KILL and UNKILLABLE observed on 7.0",
			Lower: "One level below the rule's severity (info by default): a `while` or `repeat` loop that ends when a counter reaches a number taken from ARGV or read from a value reply, with no cap (with `report-unbounded-numeric`); it ends, after as many iterations as the caller or the data says. A numeric `for` loop up to such a number keeps the rule's severity.",
		},
		Options: []diag.Option{{
			Name:    "report-unbounded-numeric",
			Default: true,
			Doc: "also report loops that run a number of times taken from ARGV or read from a value reply with no cap " +
				"(`for i = 1, tonumber(ARGV[1])`; a `while` or `repeat` loop counting up to one is reported one level lower); these end, " +
				"but after as many iterations as the caller or the data says",
		}},
	},
	Run: runUnboundedLoop,
})

func runUnboundedLoop(p *lint.Pass) {
	ff := &fileFacts{m: p.Model}
	for _, l := range p.Model.Loops() {
		li := newLoopInfo(p.Model, l)
		li.ff = ff
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
	l  *model.Loop
	at span.Range // the whole loop statement
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
}

func newLoopInfo(m *model.Model, l *model.Loop) *loopInfo {
	li := &loopInfo{m: m, l: l, at: m.Range(l.Stmt), defs: map[*model.Variable][]ast.Expr{},
		mutated: map[*model.Variable]bool{}, inv: map[*model.Variable]invState{}, direct: map[ast.Stmt]bool{}}
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
						li.defs[v] = append(li.defs[v], rhsAt(n.Rhs, i))
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
				li.defs[v] = append(li.defs[v], rhsAt(n.Exprs, i))
			}
		case *ast.NumberForStmt, *ast.GenericForStmt:
			for _, v := range m.Declared(n) {
				li.defs[v] = append(li.defs[v], nil)
			}
		}
		return true
	})
	return li
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
		constant = constTruth(l.Cond) == 1
	} else {
		constant = constTruth(l.Cond) == -1
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
			if p.Options["report-unbounded-numeric"] != false {
				p.Report(l.Header, "%s ends when a counter reaches `%s`, with no cap", what, brief(m, bound)).Lower().
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
		p.Report(l.Header, "%s busy-waits on `%s`, which nothing in it changes", what, brief(m, g.If.Condition)).
			Help("it ends only when that %s (line %d), and no other client can change it either while a script runs, so otherwise it never ends; %s", holds, line, li.consequence(fixWait))
		return
	}
	p.Report(l.Header, "%s ends only if `%s` %s, which depends on the data", what, brief(m, g.If.Condition), holds).
		Help("the test is on line %d, and nothing in the script bounds the iterations; %s", line, li.consequence(fixPage))
}

// loopHead is the loop's first words for messages: `while true`,
// `repeat ... until false`.
func loopHead(m *model.Model, l *model.Loop) string {
	if l.Kind == model.RepeatLoop {
		return "repeat ... until " + brief(m, l.Cond)
	}
	return "while " + brief(m, l.Cond)
}

// constTruth is 1 for a condition that is always true, -1 for one that is
// always false, 0 otherwise.
func constTruth(e ast.Expr) int {
	switch e := e.(type) {
	case *ast.TrueExpr, *ast.NumberExpr, *ast.StringExpr, *ast.TableExpr, *ast.FunctionExpr:
		return 1
	case *ast.FalseExpr, *ast.NilExpr:
		return -1
	case *ast.UnaryNotOpExpr:
		return -constTruth(e.Expr)
	}
	return 0
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
	for _, d := range disjuncts(g.Condition) {
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

func disjuncts(e ast.Expr) []ast.Expr {
	if l, ok := e.(*ast.LogicalOpExpr); ok && l.Operator == "or" {
		return append(disjuncts(l.Lhs), disjuncts(l.Rhs)...)
	}
	return []ast.Expr{e}
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
		op = flipOp(op)
	}
	if step == 0 || !li.invariant(bound) {
		return boundNone, nil
	}
	if !exitWhenTrue {
		op = negateOp(op)
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

func flipOp(op string) string {
	switch op {
	case "<":
		return ">"
	case "<=":
		return ">="
	case ">":
		return "<"
	case ">=":
		return "<="
	}
	return op
}

func negateOp(op string) string {
	switch op {
	case "<":
		return ">="
	case "<=":
		return ">"
	case ">":
		return "<="
	case ">=":
		return "<"
	case "==":
		return "~="
	case "~=":
		return "=="
	}
	return op
}

// step returns k when e is a local that the loop body changes only with a
// statement of its own `e = e + k` (k > 0) or `e = e - k` (then -k); 0
// otherwise.
func (li *loopInfo) step(e ast.Expr) float64 {
	v := li.m.LocalOf(e)
	if v == nil || len(li.defs[v]) != 1 {
		return 0
	}
	for _, s := range li.l.Body {
		a, ok := s.(*ast.AssignStmt)
		if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 || li.m.LocalOf(a.Lhs[0]) != v {
			continue
		}
		ar, ok := a.Rhs[0].(*ast.ArithmeticOpExpr)
		if !ok {
			return 0
		}
		var k float64
		switch {
		case li.m.LocalOf(ar.Lhs) == v:
			k = numLit(ar.Rhs)
		case li.m.LocalOf(ar.Rhs) == v && ar.Operator == "+":
			k = numLit(ar.Lhs)
		}
		if k <= 0 {
			return 0
		}
		switch ar.Operator {
		case "+":
			return k
		case "-":
			return -k
		}
		return 0
	}
	return 0
}

func numLit(e ast.Expr) float64 {
	n, ok := e.(*ast.NumberExpr)
	if !ok {
		return 0
	}
	var f float64
	if _, err := fmt.Sscan(n.Value, &f); err != nil {
		// hexadecimal
		var i int64
		if _, err := fmt.Sscanf(strings.ToLower(n.Value), "0x%x", &i); err != nil {
			return 0
		}
		return float64(i)
	}
	return f
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
		if v.Call == nil || v.Call.Name == "" || sizeCommands[v.Call.Name] {
			return ""
		}
		return "a number read from a " + v.Call.Name + " reply"
	}
	return ""
}

// sizeCommands reply with the size of something already stored: a loop up
// to that count is bounded by the data exactly as a loop over the reply of
// LRANGE 0 -1 or SMEMBERS is.
var sizeCommands = map[string]bool{
	"LLEN": true, "SCARD": true, "ZCARD": true, "HLEN": true, "XLEN": true, "STRLEN": true, "HSTRLEN": true,
	"ZCOUNT": true, "ZLEXCOUNT": true, "SINTERCARD": true, "ZINTERCARD": true, "DBSIZE": true, "BITCOUNT": true,
	"PFCOUNT": true, "LPOS": true, "ZRANK": true, "ZREVRANK": true,
}

// capped reports whether a bound held in a local is compared with a number
// literal before the loop (`if n > 1000 then return ... end`).
func (li *loopInfo) capped(e ast.Expr) bool {
	v := li.m.Value(e).Var
	if v == nil {
		v = li.m.LocalOf(e)
	}
	if v == nil {
		return false
	}
	at, ok := li.ff.comparedAt()[v]
	return ok && at.Less(li.at.Start)
}

// checkCounterCond reports `while i < n` where the body steps i and n is a
// number from ARGV or a value reply.
func (li *loopInfo) checkCounterCond(p *lint.Pass) {
	if p.Options["report-unbounded-numeric"] == false || li.l.Kind != model.WhileLoop {
		return
	}
	m := li.m
	for _, c := range conjuncts(li.l.Cond) {
		k, bound := li.counterCompare(c, false)
		if k != boundCaller {
			if k != boundNone {
				return
			}
			continue
		}
		p.Report(li.l.Header, "`%s` loop runs until a counter reaches `%s`, with no cap", loopHead(m, li.l), brief(m, bound)).Lower().
			Help("`%s` is %s; %s", m.Text(bound), describeBound(m, bound), li.consequence(fixCap))
		return
	}
}

func conjuncts(e ast.Expr) []ast.Expr {
	if l, ok := e.(*ast.LogicalOpExpr); ok && l.Operator == "and" {
		return append(conjuncts(l.Lhs), conjuncts(l.Rhs)...)
	}
	return []ast.Expr{e}
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
		switch k := stepSign(s.Step); {
		case k < 0:
			bound = s.Init
		case k == 0:
			return
		}
	}
	if li.classifyBound(bound) != boundCaller {
		return
	}
	p.Report(li.l.Header, "`for %s` loop runs up to `%s` times, with no cap", s.Name, brief(m, bound)).
		Help("`%s` is %s; %s", m.Text(bound), describeBound(m, bound), li.consequence(fixCap))
}

func stepSign(e ast.Expr) float64 {
	if u, ok := e.(*ast.UnaryMinusOpExpr); ok {
		return -numLit(u.Expr)
	}
	return numLit(e)
}

// What to do instead, by kind of loop.
const (
	fixExit = "give it an exit guaranteed by a counter checked against a literal limit"
	fixWait = "return and let the client retry instead of waiting inside the script"
	fixPage = "stop after a literal number of iterations and let the client call again for the rest"
	fixCap  = "cap the count (math.min(n, LIMIT)) or reject larger values before the loop"
)

// consequence says what the loop does to Redis, with the facts that apply:
// the write that makes the script unkillable, when there is one.
func (li *loopInfo) consequence(fix string) string {
	m := li.m
	kill := "SCRIPT KILL"
	if m.Context == model.Library {
		kill = "FUNCTION KILL"
	}
	out := "Redis serves no other client meanwhile (BUSY after busy-reply-threshold, 5 s by default)"
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
