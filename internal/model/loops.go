package model

import (
	"slices"

	"github.com/lint-lua/lint-lua/internal/nodemap"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/ast"
)

// LoopKind says which Lua loop statement a Loop is.
type LoopKind int

const (
	WhileLoop LoopKind = iota
	RepeatLoop
	NumericFor
	GenericFor
)

// Loop is one loop statement.
type Loop struct {
	Kind LoopKind
	Stmt ast.Stmt
	// Func is the function the loop runs in.
	Func *Function
	Body []ast.Stmt
	// Cond is the condition of a while (loop while true) or repeat (loop
	// until true) loop; nil for for loops.
	Cond ast.Expr
	// Header is the loop's first line up to its condition or limit:
	// `while cond`, `repeat`, `for i = a, b`, `for k, v in e`.
	Header span.Range
}

// Loops returns every loop of the file in source order, in nested
// functions too.
func (m *Model) Loops() []*Loop {
	if m.loops == nil {
		v := m.computeLoops()
		m.loops = &v
	}
	// Clipped: a caller that appends gets its own array.
	return slices.Clip(*m.loops)
}

func (m *Model) computeLoops() []*Loop {
	var out []*Loop
	m.InspectKinds(m.File.Chunk, KLoops, func(n any) bool {
		var l *Loop
		switch s := n.(type) {
		case *ast.WhileStmt:
			l = &Loop{Kind: WhileLoop, Stmt: s, Body: s.Stmts, Cond: s.Condition}
			l.Header = m.span(s, s.Condition)
		case *ast.RepeatStmt:
			l = &Loop{Kind: RepeatLoop, Stmt: s, Body: s.Stmts, Cond: s.Condition}
			l.Header = m.span(s, nil)
		case *ast.NumberForStmt:
			l = &Loop{Kind: NumericFor, Stmt: s, Body: s.Stmts}
			last := s.Limit
			if s.Step != nil {
				last = s.Step
			}
			l.Header = m.span(s, last)
		case *ast.GenericForStmt:
			l = &Loop{Kind: GenericFor, Stmt: s, Body: s.Stmts}
			l.Header = m.span(s, s.Exprs[len(s.Exprs)-1])
		}
		if l != nil {
			l.Func = m.FuncOf(l.Stmt)
			out = append(out, l)
		}
		return true
	})
	return out
}

// span is the range from a statement's first token to the end of last, or
// the first token alone when last is nil.
func (m *Model) span(s ast.Stmt, last ast.Expr) span.Range {
	first := m.File.FirstToken(s)
	if first < 0 {
		return m.Range(s)
	}
	r := m.File.TokenRange(first, first)
	if last != nil {
		r.End = m.Range(last).End
	}
	return r
}

// Exit is a statement that leaves a loop: a break of that loop (not of a
// loop nested in it), a return, or a call of error().
type Exit struct {
	Stmt ast.Stmt
	// Guards are the if statements that enclose the exit inside the loop
	// body, outermost first, with the branch taken.
	Guards []Guard
}

// Guard is one enclosing if and whether the exit is in its then branch
// (Truth) or its else branch.
type Guard struct {
	If    *ast.IfStmt
	Truth bool
}

// LoopExits returns the statements that leave l, in source order. Loops and
// functions nested in the body are looked into for return and error() (a
// function body only runs when called, so it is skipped).
//
// An assignment that gives the local the loop's condition tests a literal
// that ends the loop at the next check (`condition = false` in `while
// condition do`, `done = true` in `while not done do` or `repeat ...
// until done`) is an exit too: the loop leaves once the round ends.
func (m *Model) LoopExits(l *Loop) []Exit {
	var out []Exit
	flag, ends := m.loopFlag(l)
	var walk func(stmts []ast.Stmt, guards []Guard, inner bool)
	walk = func(stmts []ast.Stmt, guards []Guard, inner bool) {
		for _, s := range stmts {
			g := append([]Guard(nil), guards...)
			switch s := s.(type) {
			case *ast.AssignStmt:
				if !inner && setsFlag(m, s, flag, ends) {
					out = append(out, Exit{Stmt: s, Guards: g})
				}
			case *ast.BreakStmt:
				if !inner {
					out = append(out, Exit{Stmt: s, Guards: g})
				}
			case *ast.ReturnStmt:
				out = append(out, Exit{Stmt: s, Guards: g})
			case *ast.FuncCallStmt:
				if isErrorCall(m, s.Expr) {
					out = append(out, Exit{Stmt: s, Guards: g})
				}
			case *ast.IfStmt:
				walk(s.Then, append(g, Guard{If: s, Truth: true}), inner)
				walk(s.Else, append(g, Guard{If: s, Truth: false}), inner)
			case *ast.DoBlockStmt:
				walk(s.Stmts, g, inner)
			case *ast.WhileStmt:
				walk(s.Stmts, g, true)
			case *ast.RepeatStmt:
				walk(s.Stmts, g, true)
			case *ast.NumberForStmt:
				walk(s.Stmts, g, true)
			case *ast.GenericForStmt:
				walk(s.Stmts, g, true)
			}
		}
	}
	walk(l.Body, nil, false)
	return out
}

// loopFlag returns the local a while or repeat loop's condition is (or
// negates), with the truth (as ConstTruth gives it) of a value that ends
// the loop; nil for any other condition.
func (m *Model) loopFlag(l *Loop) (*Variable, int) {
	if l.Cond == nil || l.Kind != WhileLoop && l.Kind != RepeatLoop {
		return nil, 0
	}
	cond, ends := l.Cond, -1 // a while loop ends when its condition is false
	if l.Kind == RepeatLoop {
		ends = 1
	}
	if n, ok := cond.(*ast.UnaryNotOpExpr); ok {
		cond, ends = n.Expr, -ends
	}
	return m.LocalOf(cond), ends
}

// setsFlag reports whether s gives flag a literal of truth ends.
func setsFlag(m *Model, s *ast.AssignStmt, flag *Variable, ends int) bool {
	return flag != nil && len(s.Lhs) == 1 && len(s.Rhs) == 1 && m.LocalOf(s.Lhs[0]) == flag && ConstTruth(s.Rhs[0]) == ends
}

// Inspect visits statements and the expressions in them in source order,
// function bodies included. visit returns false to skip a node's children.
// It recurses through the tree on each call; Model.Inspect and
// Model.InspectKinds walk the same nodes in the same order over the tree
// flattened once per model, and are what rules should use.
func Inspect(stmts []ast.Stmt, visit func(n any) bool) {
	for _, s := range stmts {
		inspectStmt(s, visit, 0)
	}
}

// InspectExpr is Inspect for one expression.
func InspectExpr(e ast.Expr, visit func(n any) bool) {
	inspectExpr(e, visit, 0)
}

// inspectDepth bounds recursion on hostile input (the parser already
// refuses deeper nesting than luasrc.MaxNesting).
const inspectDepth = 1000

// inspectStmt and inspectExpr call each other directly, with no closures
// or variadic helpers: Inspect is the walk every rule runs, and those cost
// an allocation per node.
func inspectStmt(s ast.Stmt, visit func(any) bool, d int) {
	if s == nil || d > inspectDepth || !visit(s) {
		return
	}
	d++
	switch s := s.(type) {
	case *ast.AssignStmt:
		inspectExprs(s.Lhs, visit, d)
		inspectExprs(s.Rhs, visit, d)
	case *ast.LocalAssignStmt:
		inspectExprs(s.Exprs, visit, d)
	case *ast.FuncCallStmt:
		inspectExpr(s.Expr, visit, d)
	case *ast.DoBlockStmt:
		inspectStmts(s.Stmts, visit, d)
	case *ast.WhileStmt:
		inspectExpr(s.Condition, visit, d)
		inspectStmts(s.Stmts, visit, d)
	case *ast.RepeatStmt:
		inspectStmts(s.Stmts, visit, d)
		inspectExpr(s.Condition, visit, d)
	case *ast.IfStmt:
		inspectExpr(s.Condition, visit, d)
		inspectStmts(s.Then, visit, d)
		inspectStmts(s.Else, visit, d)
	case *ast.NumberForStmt:
		inspectExpr(s.Init, visit, d)
		inspectExpr(s.Limit, visit, d)
		inspectExpr(s.Step, visit, d)
		inspectStmts(s.Stmts, visit, d)
	case *ast.GenericForStmt:
		inspectExprs(s.Exprs, visit, d)
		inspectStmts(s.Stmts, visit, d)
	case *ast.FuncDefStmt:
		if s.Name != nil {
			inspectExpr(s.Name.Func, visit, d)
			inspectExpr(s.Name.Receiver, visit, d)
		}
		inspectExpr(s.Func, visit, d)
	case *ast.ReturnStmt:
		inspectExprs(s.Exprs, visit, d)
	}
}

func inspectStmts(ss []ast.Stmt, visit func(any) bool, d int) {
	for _, s := range ss {
		inspectStmt(s, visit, d)
	}
}

func inspectExprs(es []ast.Expr, visit func(any) bool, d int) {
	for _, e := range es {
		inspectExpr(e, visit, d)
	}
}

func inspectExpr(e ast.Expr, visit func(any) bool, d int) {
	if e == nil || d > inspectDepth || !visit(e) {
		return
	}
	d++
	switch e := e.(type) {
	case *ast.AttrGetExpr:
		inspectExpr(e.Object, visit, d)
		inspectExpr(e.Key, visit, d)
	case *ast.TableExpr:
		for _, f := range e.Fields {
			inspectExpr(f.Key, visit, d)
			inspectExpr(f.Value, visit, d)
		}
	case *ast.FuncCallExpr:
		inspectExpr(e.Func, visit, d)
		inspectExpr(e.Receiver, visit, d)
		inspectExprs(e.Args, visit, d)
	case *ast.LogicalOpExpr:
		inspectExpr(e.Lhs, visit, d)
		inspectExpr(e.Rhs, visit, d)
	case *ast.RelationalOpExpr:
		inspectExpr(e.Lhs, visit, d)
		inspectExpr(e.Rhs, visit, d)
	case *ast.StringConcatOpExpr:
		inspectExpr(e.Lhs, visit, d)
		inspectExpr(e.Rhs, visit, d)
	case *ast.ArithmeticOpExpr:
		inspectExpr(e.Lhs, visit, d)
		inspectExpr(e.Rhs, visit, d)
	case *ast.UnaryMinusOpExpr:
		inspectExpr(e.Expr, visit, d)
	case *ast.UnaryNotOpExpr:
		inspectExpr(e.Expr, visit, d)
	case *ast.UnaryLenOpExpr:
		inspectExpr(e.Expr, visit, d)
	case *ast.FunctionExpr:
		inspectStmts(e.Stmts, visit, d)
	}
}

// Declared returns the variables a declaring node declares, in order: the
// names of a LocalAssignStmt, the control variables of a for loop, the
// parameters of a FunctionExpr.
func (m *Model) Declared(decl any) []*Variable { return m.declVars(nodemap.Key(decl)) }

// declVars lists the variables that the node at address decl (nodemap.Key)
// declares.
func (m *Model) declVars(decl uintptr) []*Variable {
	if i, ok := m.decls.Get(decl); ok {
		return m.declLists[i]
	}
	return nil
}

// StepKind says how a loop changes a local on each round.
type StepKind uint8

const (
	// StepAdd is v = v + e or v = v - e, e a positive literal (a counter)
	// or a size that cannot be negative (`#page`, a page size).
	StepAdd StepKind = iota
	// StepMul is v = v * k, k a literal above 1 (a probe that doubles).
	StepMul
	// StepCursor is v = r[1] of a SCAN, SSCAN, HSCAN or ZSCAN reply: Redis
	// guarantees the cursor comes back to 0 after one full walk.
	StepCursor
)

// Step is how a loop changes one local it declares outside: every
// assignment to it in the loop is a step of the same kind and direction,
// and one runs on every round that does not leave the loop.
type Step struct {
	Var  *Variable
	Kind StepKind
	// Dir is +1 when the local grows, -1 when it shrinks (StepAdd only).
	Dir int
	// Lit is the step's literal size (StepAdd with a literal), else 0.
	Lit float64
}

// LoopSteps returns the locals that l moves the same way on every round
// that goes on (a page offset, a cursor, a counter, a doubling size), so
// that rules can tell a loop that makes progress from one that waits.
// Locals the loop declares itself are fresh on each round and never steps.
func (m *Model) LoopSteps(l *Loop) map[*Variable]Step {
	all := Get(m, loopStepsFact, func() map[*Loop]map[*Variable]Step { return map[*Loop]map[*Variable]Step{} })
	s, ok := all[l]
	if !ok {
		s = m.computeLoopSteps(l)
		all[l] = s
	}
	return s
}

var loopStepsFact = NewFact[map[*Loop]map[*Variable]Step]("loopSteps")

func (m *Model) computeLoopSteps(l *Loop) map[*Variable]Step {
	at := m.Range(l.Stmt)
	steps := map[*Variable]Step{}
	bad := map[*Variable]bool{}
	found := m.findPositions(l)
	m.InspectKinds(l.Body, KFunctionExpr|KAssignStmt, func(n any) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok {
			return false // a function body runs only when called
		}
		for i, t := range a.Lhs {
			v := m.LocalOf(t)
			if v == nil || at.Contains(v.Decl.Start) {
				continue
			}
			s, ok := m.stepOf(v, a, i, found)
			if !ok {
				bad[v] = true
				continue
			}
			if old, seen := steps[v]; seen && (old.Kind != s.Kind || old.Dir != s.Dir) {
				bad[v] = true
				continue
			}
			if old, seen := steps[v]; seen && old.Lit != s.Lit {
				s.Lit = 0 // steps of different sizes: a direction, no size
			}
			steps[v] = s
		}
		return true
	})
	for v := range steps {
		if bad[v] || !m.OnEveryRound(l, func(n any) bool {
			a, ok := n.(*ast.AssignStmt)
			if !ok {
				return false
			}
			for _, t := range a.Lhs {
				if m.LocalOf(t) == v {
					return true
				}
			}
			return false
		}) {
			delete(steps, v)
		}
	}
	return steps
}

// findPositions maps the locals a loop sets from string.find (or s:find)
// to the local passed as the search's start: the positions find returns
// are never below its start, so `pos = e + 1` after `local s, e =
// string.find(str, sep, pos)` moves pos forward, as splitting a string
// does.
func (m *Model) findPositions(l *Loop) map[*Variable]*Variable {
	out := map[*Variable]*Variable{}
	record := func(targets []*Variable, rhs []ast.Expr) {
		if len(rhs) != 1 {
			return
		}
		c, ok := rhs[0].(*ast.FuncCallExpr)
		if !ok {
			return
		}
		var init ast.Expr
		switch {
		case c.Receiver != nil:
			if c.Method == "find" && len(c.Args) >= 2 {
				init = c.Args[1]
			}
		case m.BuiltinName(c) == "string.find" && len(c.Args) >= 3:
			init = c.Args[2]
		}
		from := m.LocalOf(init)
		if from == nil {
			return
		}
		for _, t := range targets {
			if t != nil {
				out[t] = from
			}
		}
	}
	m.InspectKinds(l.Body, KFunctionExpr|KAssignStmt|KLocalAssignStmt, func(n any) bool {
		switch s := n.(type) {
		case *ast.FunctionExpr:
			return false
		case *ast.LocalAssignStmt:
			record(m.Declared(s), s.Exprs)
		case *ast.AssignStmt:
			var ts []*Variable
			for _, t := range s.Lhs {
				ts = append(ts, m.LocalOf(t))
			}
			record(ts, s.Rhs)
		}
		return true
	})
	return out
}

// stepOf classifies the i-th target of a as a step of v; found maps the
// locals set from string.find to the local the search starts at.
func (m *Model) stepOf(v *Variable, a *ast.AssignStmt, i int, found map[*Variable]*Variable) (Step, bool) {
	if len(a.Lhs) != len(a.Rhs) {
		return Step{}, false
	}
	e := a.Rhs[i]
	if c := m.Value(e).FromReply(); c != nil && m.Value(e).Origin != Reply && c.Is("SCAN", "SSCAN", "HSCAN", "ZSCAN") {
		return Step{Var: v, Kind: StepCursor}, true
	}
	ar, ok := e.(*ast.ArithmeticOpExpr)
	if !ok {
		return Step{}, false
	}
	var other ast.Expr
	switch {
	case m.LocalOf(ar.Lhs) == v:
		other = ar.Rhs
	case m.LocalOf(ar.Rhs) == v && (ar.Operator == "+" || ar.Operator == "*"):
		other = ar.Lhs
	case ar.Operator == "+":
		// pos = e + 1, e a position string.find found from pos.
		for _, pair := range [][2]ast.Expr{{ar.Lhs, ar.Rhs}, {ar.Rhs, ar.Lhs}} {
			if w := m.LocalOf(pair[0]); w != nil && found[w] == v {
				if k, lit := NumberLit(pair[1]); lit && k > 0 {
					return Step{Var: v, Kind: StepAdd, Dir: 1}, true
				}
			}
		}
		return Step{}, false
	default:
		return Step{}, false
	}
	k, lit := NumberLit(other)
	switch ar.Operator {
	case "+", "-":
		dir := 1
		if ar.Operator == "-" {
			dir = -1
		}
		switch {
		case lit && k > 0:
			return Step{Var: v, Kind: StepAdd, Dir: dir, Lit: k}, true
		case lit && k < 0:
			return Step{Var: v, Kind: StepAdd, Dir: -dir, Lit: -k}, true
		case !lit && m.nonNegative(other, 0):
			return Step{Var: v, Kind: StepAdd, Dir: dir}, true
		}
	case "*":
		if lit && k > 1 {
			return Step{Var: v, Kind: StepMul, Dir: 1}, true
		}
	}
	return Step{}, false
}

// nonNegative reports a size: a length, a non-negative literal, sums,
// products and quotients of sizes, or a local declared with one and never
// assigned.
func (m *Model) nonNegative(e ast.Expr, depth int) bool {
	if depth > 8 {
		return false
	}
	switch e := e.(type) {
	case *ast.UnaryLenOpExpr:
		return true
	case *ast.NumberExpr:
		k, ok := NumberLit(e)
		return ok && k >= 0
	case *ast.ArithmeticOpExpr:
		switch e.Operator {
		case "+", "*", "/":
			return m.nonNegative(e.Lhs, depth+1) && m.nonNegative(e.Rhs, depth+1)
		}
	case *ast.IdentExpr:
		if v := m.VarOf(e); v != nil && v.Kind == LocalVar && len(v.Writes) == 0 && v.Init != nil {
			return m.nonNegative(v.Init, depth+1)
		}
	}
	return false
}

// OnEveryRound reports whether every path through one round of l that
// does not leave it evaluates a node hit accepts: a statement, or an
// expression evaluated whenever its statement runs (the loop's condition
// included). Function bodies, the bodies of nested loops (which may run
// zero times) and the right side of `and`/`or` (which may be skipped) do
// not count; a path that leaves the loop (break, return, error()) needs
// nothing.
func (m *Model) OnEveryRound(l *Loop, hit func(n any) bool) bool {
	r := roundWalk{m: m, hit: hit}
	r.flag, r.ends = m.loopFlag(l)
	if l.Cond != nil && r.expr(l.Cond) {
		return true
	}
	return r.stmts(l.Body)
}

type roundWalk struct {
	m   *Model
	hit func(n any) bool
	// flag and ends are the loop's flag (loopFlag): setting it to end
	// the loop leaves it, as a break does.
	flag *Variable
	ends int
}

// stmts reports whether every path through ss that reaches its end, or
// leaves the loop, meets a hit.
func (r roundWalk) stmts(ss []ast.Stmt) bool {
	for _, s := range ss {
		if r.stmt(s) {
			return true
		}
	}
	return false
}

func (r roundWalk) stmt(s ast.Stmt) bool {
	if r.hit(s) {
		return true
	}
	switch s := s.(type) {
	case *ast.BreakStmt, *ast.ReturnStmt:
		// A break here is of this loop: nested loop bodies are not walked.
		return true
	case *ast.FuncCallStmt:
		return isErrorCall(r.m, s.Expr) || r.expr(s.Expr)
	case *ast.AssignStmt:
		return setsFlag(r.m, s, r.flag, r.ends) || r.exprs(s.Rhs) || r.exprs(s.Lhs)
	case *ast.LocalAssignStmt:
		return r.exprs(s.Exprs)
	case *ast.IfStmt:
		return r.expr(s.Condition) || (r.stmts(s.Then) && r.stmts(s.Else))
	case *ast.DoBlockStmt:
		return r.stmts(s.Stmts)
	case *ast.WhileStmt:
		return r.expr(s.Condition)
	case *ast.NumberForStmt:
		return r.expr(s.Init) || r.expr(s.Limit) || (s.Step != nil && r.expr(s.Step))
	case *ast.GenericForStmt:
		return r.exprs(s.Exprs)
	}
	return false
}

func (r roundWalk) exprs(es []ast.Expr) bool {
	for _, e := range es {
		if r.expr(e) {
			return true
		}
	}
	return false
}

func (r roundWalk) expr(e ast.Expr) bool {
	if e == nil {
		return false
	}
	if r.hit(e) {
		return true
	}
	switch e := e.(type) {
	case *ast.AttrGetExpr:
		return r.expr(e.Object) || r.expr(e.Key)
	case *ast.TableExpr:
		for _, f := range e.Fields {
			if r.expr(f.Key) || r.expr(f.Value) {
				return true
			}
		}
	case *ast.FuncCallExpr:
		return r.expr(e.Func) || r.expr(e.Receiver) || r.exprs(e.Args)
	case *ast.LogicalOpExpr:
		return r.expr(e.Lhs)
	case *ast.RelationalOpExpr:
		return r.expr(e.Lhs) || r.expr(e.Rhs)
	case *ast.StringConcatOpExpr:
		return r.expr(e.Lhs) || r.expr(e.Rhs)
	case *ast.ArithmeticOpExpr:
		return r.expr(e.Lhs) || r.expr(e.Rhs)
	case *ast.UnaryMinusOpExpr:
		return r.expr(e.Expr)
	case *ast.UnaryNotOpExpr:
		return r.expr(e.Expr)
	case *ast.UnaryLenOpExpr:
		return r.expr(e.Expr)
	}
	return false
}

// consumers remove what they return, or what they name, from a
// collection: a loop that runs one on every round works through the
// collection and ends with it.
var consumers = map[string]bool{
	"LPOP": true, "RPOP": true, "LMPOP": true, "BLPOP": true, "BRPOP": true, "BLMPOP": true,
	"ZPOPMIN": true, "ZPOPMAX": true, "ZMPOP": true, "BZPOPMIN": true, "BZPOPMAX": true, "BZMPOP": true,
	"SPOP": true, "RPOPLPUSH": true, "BRPOPLPUSH": true, "LMOVE": true, "BLMOVE": true, "SMOVE": true,
	"GETDEL": true, "DEL": true, "UNLINK": true, "LREM": true, "SREM": true, "ZREM": true, "HDEL": true,
	"ZREMRANGEBYSCORE": true, "ZREMRANGEBYRANK": true, "ZREMRANGEBYLEX": true, "LTRIM": true, "XDEL": true,
}

// Consumes reports whether c removes from the collection at its first key:
// a pop, a removal, or a move to another key (a move of a list onto itself
// is a rotation, which removes nothing).
func (m *Model) Consumes(c *Call) bool {
	if c.Command == nil || !consumers[c.Command.Name] || len(c.Args) < 2 {
		return false
	}
	switch c.Command.Name {
	case "RPOPLPUSH", "BRPOPLPUSH", "LMOVE", "BLMOVE", "SMOVE":
		return len(c.Args) > 2 && !m.SameKey(c.Args[1].Value, c.Args[2].Value)
	}
	return true
}
