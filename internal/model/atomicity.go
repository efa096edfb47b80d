package model

import (
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/yuin/gopher-lua/ast"
)

// Identity returns a name for what a value holds that is the same wherever
// the same thing is passed: "KEYS[1]" for KEYS[1] read directly or through a
// local, "ARGV[2]" (also for tonumber(ARGV[2])), a literal's text, a
// concatenation of such parts, or else the local it was read through when
// that local is never assigned after its declaration. ok is false when
// nothing stable is known (a reply, a table element, a reassigned local).
func (m *Model) Identity(v Value) (id string, ok bool) {
	switch v.Origin {
	case Keys, Argv:
		if v.Index > 0 {
			return indexIdentity(v.Origin, int(v.Index)), true
		}
	case Literal:
		if v.Types&(TNumber|TString) != 0 {
			return "lit:" + v.Lit, true
		}
		return "", false
	case Tonumber:
		if v.Of != nil {
			if id, ok := m.Identity(*v.Of); ok {
				return id, true
			}
		}
	case Concat:
		parts := make([]string, 0, len(v.Parts))
		all := true
		for _, p := range v.Parts {
			id, ok := m.Identity(p)
			if !ok {
				all = false
				break
			}
			parts = append(parts, id)
		}
		if all {
			return "cat(" + strings.Join(parts, "|") + ")", true
		}
	}
	if v.Var != nil && len(v.Var.Writes) == 0 {
		// fmt's %p, without fmt: identities are built for every lookup,
		// so each variable's is built once.
		if v.Var.identity == "" {
			v.Var.identity = "var:0x" + strconv.FormatUint(uint64(uintptr(unsafe.Pointer(v.Var))), 16)
		}
		return v.Var.identity, true
	}
	return "", false
}

// indexIdentities are the identities of KEYS[1] to KEYS[32] and ARGV[1]
// to ARGV[32], the ones scripts use: Identity runs for every comparison of
// two keys, and built them each time.
var indexIdentities = func() (out [2][33]string) {
	for i := 1; i < len(out[0]); i++ {
		out[0][i] = "KEYS[" + strconv.Itoa(i) + "]"
		out[1][i] = "ARGV[" + strconv.Itoa(i) + "]"
	}
	return out
}()

// indexIdentity is the identity of KEYS[i] (origin Keys) or ARGV[i].
func indexIdentity(origin Origin, i int) string {
	k := 0
	name := "KEYS"
	if origin == Argv {
		k, name = 1, "ARGV"
	}
	if i < len(indexIdentities[k]) {
		return indexIdentities[k][i]
	}
	return name + "[" + strconv.Itoa(i) + "]"
}

// SameKey reports whether two values certainly name the same key (or field,
// or amount): both have an Identity and it is the same.
func (m *Model) SameKey(a, b Value) bool {
	ia, oka := m.Identity(a)
	ib, okb := m.Identity(b)
	return oka && okb && ia == ib
}

// MayBeSameKey reports whether two values may name the same key: they do,
// or one of them is not known well enough to tell them apart (a local of
// unknown content, such as a helper's parameter, may hold any key).
func (m *Model) MayBeSameKey(a, b Value) bool {
	ia, oka := m.Identity(a)
	ib, okb := m.Identity(b)
	return MayBeSameIdentity(ia, oka, ib, okb)
}

// MayBeSameIdentity is MayBeSameKey on identities already computed.
func MayBeSameIdentity(ia string, oka bool, ib string, okb bool) bool {
	if !oka || !okb || ia == ib {
		return true
	}
	return strings.HasPrefix(ia, "var:") || strings.HasPrefix(ib, "var:")
}

// Functions returns the main chunk and every function expression of the
// file, in source order.
func (m *Model) Functions() []*Function {
	if m.functions == nil {
		v := m.computeFunctions()
		m.functions = &v
	}
	// Clipped: a caller that appends gets its own array.
	return slices.Clip(*m.functions)
}

func (m *Model) computeFunctions() []*Function {
	out := []*Function{m.Main}
	if m.File.Chunk == nil {
		return out
	}
	var walkStmts func([]ast.Stmt)
	var walkExpr func(ast.Expr)
	walkExpr = func(e ast.Expr) {
		switch e := e.(type) {
		case *ast.FunctionExpr:
			if fn := m.FunctionFor(e); fn != nil {
				out = append(out, fn)
			}
			walkStmts(e.Stmts)
		case *ast.AttrGetExpr:
			walkExpr(e.Object)
			walkExpr(e.Key)
		case *ast.TableExpr:
			for _, f := range e.Fields {
				walkExpr(f.Key)
				walkExpr(f.Value)
			}
		case *ast.FuncCallExpr:
			walkExpr(e.Func)
			walkExpr(e.Receiver)
			for _, a := range e.Args {
				walkExpr(a)
			}
		case *ast.LogicalOpExpr:
			walkExpr(e.Lhs)
			walkExpr(e.Rhs)
		case *ast.RelationalOpExpr:
			walkExpr(e.Lhs)
			walkExpr(e.Rhs)
		case *ast.StringConcatOpExpr:
			walkExpr(e.Lhs)
			walkExpr(e.Rhs)
		case *ast.ArithmeticOpExpr:
			walkExpr(e.Lhs)
			walkExpr(e.Rhs)
		case *ast.UnaryMinusOpExpr:
			walkExpr(e.Expr)
		case *ast.UnaryNotOpExpr:
			walkExpr(e.Expr)
		case *ast.UnaryLenOpExpr:
			walkExpr(e.Expr)
		}
	}
	walkStmts = func(stmts []ast.Stmt) {
		for _, s := range stmts {
			for _, e := range stmtExprs(s) {
				walkExpr(e)
			}
			for _, b := range stmtBlocks(s) {
				walkStmts(b)
			}
		}
	}
	walkStmts(m.File.Chunk)
	return out
}

// Body returns the statements of a function (the chunk for the main one).
func (m *Model) Body(fn *Function) []ast.Stmt {
	if fn == nil || fn.Expr == nil {
		return m.File.Chunk
	}
	return fn.Expr.Stmts
}

// stmtExprs lists the expressions a statement evaluates directly, in order.
func stmtExprs(s ast.Stmt) []ast.Expr {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return append(append([]ast.Expr(nil), s.Rhs...), s.Lhs...)
	case *ast.LocalAssignStmt:
		return s.Exprs
	case *ast.FuncCallStmt:
		return []ast.Expr{s.Expr}
	case *ast.WhileStmt:
		return []ast.Expr{s.Condition}
	case *ast.RepeatStmt:
		return []ast.Expr{s.Condition}
	case *ast.IfStmt:
		return []ast.Expr{s.Condition}
	case *ast.NumberForStmt:
		return []ast.Expr{s.Init, s.Limit, s.Step}
	case *ast.GenericForStmt:
		return s.Exprs
	case *ast.FuncDefStmt:
		return []ast.Expr{s.Name.Func, s.Name.Receiver, s.Func}
	case *ast.ReturnStmt:
		return s.Exprs
	}
	return nil
}

// stmtBlocks lists the nested blocks of a statement.
func stmtBlocks(s ast.Stmt) [][]ast.Stmt {
	switch s := s.(type) {
	case *ast.DoBlockStmt:
		return [][]ast.Stmt{s.Stmts}
	case *ast.WhileStmt:
		return [][]ast.Stmt{s.Stmts}
	case *ast.RepeatStmt:
		return [][]ast.Stmt{s.Stmts}
	case *ast.IfStmt:
		return [][]ast.Stmt{s.Then, s.Else}
	case *ast.NumberForStmt:
		return [][]ast.Stmt{s.Stmts}
	case *ast.GenericForStmt:
		return [][]ast.Stmt{s.Stmts}
	}
	return nil
}

// PathWalk is a small forward analysis over the paths of one function, for
// rules whose question is "what holds at this call on every path that
// reaches it" or "what holds when the script returns" (a lock still held, a
// guard that was checked). The walker follows statements in order, splits at
// if/and/or/not, runs loop bodies twice, ends paths at return, break and
// error(), and joins what the surviving paths hold. The rule supplies the
// state and what calls and conditions do to it.
type PathWalk[S any] struct {
	M *Model
	// Copy returns a state the walker may change without touching s.
	Copy func(s S) S
	// Join merges the states of two live paths.
	Join func(a, b S) S
	// Cond narrows s on the branch where the atomic condition cond (not an
	// and/or/not, which the walker splits itself) evaluated to truth. Nil
	// keeps the state. A local that holds a condition (conds.go) is given
	// to Cond, and so are the atomic parts of the condition it holds.
	Cond func(cond ast.Expr, s S, truth bool) S
	// Call is the effect of evaluating a redis.call/pcall site.
	Call func(c *Call, s S) S
	// Exit sees the state at each way out of the walked function: a return
	// statement (ret non-nil) or the end of its body. Returns of inlined
	// helpers are not exits, and error() is not an exit either.
	Exit func(s S, ret *ast.ReturnStmt)
	// Inline walks the body of a local function where it is called, so the
	// redis calls of a helper take effect at the call; InlineIf, when set,
	// says which functions (the others' calls are walked past).
	Inline   bool
	InlineIf func(*ast.FunctionExpr) bool
	// Incomplete is set when the walk stopped early: the work budget ran out
	// (hostile nesting of loops or helpers). What was seen is still true of
	// the paths seen, but not every path was seen.
	Incomplete bool

	breaks *[]S
	rets   *[]S
	stack  []*ast.FunctionExpr
	loops  int
	steps  int
	// held counts the conditions in locals refine is looking through,
	// heldSteps how often the walk looked through one (conds.go).
	held      int
	heldSteps int
}

// walkBudget bounds the statements one walk visits: loop bodies run twice
// and helpers are walked at each call, so the work can grow faster than
// the file; a real script stays far below it.
const walkBudget = 1 << 18

// passes is how often a loop body is walked: twice, so what the body does
// reaches its start, except deep in nested loops where that would multiply.
func (w *PathWalk[S]) passes() int {
	if w.loops < 3 {
		return 2
	}
	return 1
}

// Run walks the body of fn from state s.
func (w *PathWalk[S]) Run(fn *Function, s S) {
	if fn != nil && fn.Expr != nil {
		w.stack = []*ast.FunctionExpr{fn.Expr}
	}
	out, live := w.block(w.M.Body(fn), s, true)
	if live && w.Exit != nil {
		w.Exit(out, nil)
	}
}

func (w *PathWalk[S]) join(a S, aLive bool, b S, bLive bool) (S, bool) {
	switch {
	case aLive && bLive:
		return w.Join(a, b), true
	case aLive:
		return a, true
	}
	return b, bLive
}

func (w *PathWalk[S]) block(stmts []ast.Stmt, s S, live bool) (S, bool) {
	for _, st := range stmts {
		if !live {
			return s, false
		}
		w.steps++
		if w.steps > walkBudget {
			w.Incomplete = true
			return s, false
		}
		s, live = w.stmt(st, s)
	}
	return s, live
}

func (w *PathWalk[S]) stmt(st ast.Stmt, s S) (S, bool) {
	switch st := st.(type) {
	case *ast.LocalAssignStmt:
		if w.M.File.IsLocalFunction(st) {
			return s, true
		}
		return w.exprs(st.Exprs, s), true
	case *ast.AssignStmt:
		s = w.exprs(st.Rhs, s)
		for _, t := range st.Lhs {
			if a, ok := t.(*ast.AttrGetExpr); ok {
				s = w.expr(a.Object, s)
				s = w.expr(a.Key, s)
			}
		}
		return s, true
	case *ast.FuncCallStmt:
		s = w.expr(st.Expr, s)
		if c, ok := st.Expr.(*ast.FuncCallExpr); ok {
			if id, ok := c.Func.(*ast.IdentExpr); ok && w.M.VarOf(id) == nil {
				switch id.Value {
				case "error":
					return s, false
				case "assert":
					if len(c.Args) > 0 {
						if isConstFalse(c.Args[0]) {
							return s, false
						}
						s = w.refine(c.Args[0], s, true)
					}
				}
			}
		}
		return s, true
	case *ast.DoBlockStmt:
		return w.block(st.Stmts, s, true)
	case *ast.IfStmt:
		s = w.expr(st.Condition, s)
		t, tl := w.block(st.Then, w.refine(st.Condition, w.Copy(s), true), true)
		e, el := w.block(st.Else, w.refine(st.Condition, w.Copy(s), false), true)
		return w.join(t, tl, e, el)
	case *ast.WhileStmt:
		return w.loop(s, func(cur S) (exit S, body S, live bool) {
			cur = w.expr(st.Condition, cur)
			exit = w.refine(st.Condition, w.Copy(cur), false)
			body, live = w.block(st.Stmts, w.refine(st.Condition, w.Copy(cur), true), true)
			return exit, body, live
		}, !isConstTrue(st.Condition))
	case *ast.RepeatStmt:
		return w.repeat(st, s)
	case *ast.NumberForStmt:
		s = w.expr(st.Init, s)
		s = w.expr(st.Limit, s)
		if st.Step != nil {
			s = w.expr(st.Step, s)
		}
		return w.loop(s, func(cur S) (S, S, bool) {
			body, live := w.block(st.Stmts, w.Copy(cur), true)
			return cur, body, live
		}, true)
	case *ast.GenericForStmt:
		s = w.exprs(st.Exprs, s)
		return w.loop(s, func(cur S) (S, S, bool) {
			body, live := w.block(st.Stmts, w.Copy(cur), true)
			return cur, body, live
		}, true)
	case *ast.ReturnStmt:
		s = w.exprs(st.Exprs, s)
		if w.rets != nil {
			*w.rets = append(*w.rets, s)
		} else if w.Exit != nil {
			w.Exit(s, st)
		}
		return s, false
	case *ast.BreakStmt:
		if w.breaks != nil {
			*w.breaks = append(*w.breaks, w.Copy(s))
		}
		return s, false
	}
	return s, true
}

// loop runs a loop twice so what the body does reaches its start; iter
// returns the state leaving through the condition and the state after the
// body. The result joins the condition exits (when exits is true) and the
// breaks.
func (w *PathWalk[S]) loop(s S, iter func(S) (S, S, bool), exits bool) (S, bool) {
	var breaks []S
	outer := w.breaks
	w.breaks = &breaks
	cur := s
	var out S
	outLive := false
	n := w.passes()
	w.loops++
	defer func() { w.loops-- }()
	for pass := 0; pass < n; pass++ {
		exit, body, live := iter(cur)
		if exits {
			out, outLive = w.join(out, outLive, exit, true)
		}
		if !live {
			break
		}
		cur = w.Join(cur, body)
	}
	w.breaks = outer
	for _, b := range breaks {
		out, outLive = w.join(out, outLive, b, true)
	}
	return out, outLive
}

// repeat runs a repeat-until body (at least once) twice; it leaves when
// the condition holds or at a break.
func (w *PathWalk[S]) repeat(st *ast.RepeatStmt, s S) (S, bool) {
	var breaks []S
	outer := w.breaks
	w.breaks = &breaks
	cur := s
	var exit S
	exitLive := false
	n := w.passes()
	w.loops++
	defer func() { w.loops-- }()
	for pass := 0; pass < n; pass++ {
		body, live := w.block(st.Stmts, w.Copy(cur), true)
		if !live {
			break
		}
		body = w.expr(st.Condition, body)
		exit, exitLive = w.join(exit, exitLive, w.refine(st.Condition, w.Copy(body), true), true)
		cur = w.Join(cur, w.refine(st.Condition, body, false))
	}
	w.breaks = outer
	for _, b := range breaks {
		exit, exitLive = w.join(exit, exitLive, b, true)
	}
	return exit, exitLive
}

func (w *PathWalk[S]) exprs(es []ast.Expr, s S) S {
	for _, e := range es {
		s = w.expr(e, s)
	}
	return s
}

// expr applies the calls of an expression in evaluation order; the right
// side of and/or runs only on the paths where it is evaluated.
func (w *PathWalk[S]) expr(e ast.Expr, s S) S {
	switch e := e.(type) {
	case *ast.FuncCallExpr:
		if e.Func != nil {
			s = w.expr(e.Func, s)
		} else {
			s = w.expr(e.Receiver, s)
		}
		s = w.exprs(e.Args, s)
		if c := w.M.CallAt(e); c != nil {
			if w.Call != nil {
				s = w.Call(c, s)
			}
			return s
		}
		if w.Inline {
			if fe := w.M.Callee(e); fe != nil && (w.InlineIf == nil || w.InlineIf(fe)) {
				return w.inline(fe, s)
			}
		}
		return s
	case *ast.LogicalOpExpr:
		s = w.expr(e.Lhs, s)
		truth := e.Operator == "and"
		rhs := w.expr(e.Rhs, w.refine(e.Lhs, w.Copy(s), truth))
		return w.Join(w.refine(e.Lhs, s, !truth), rhs)
	case *ast.AttrGetExpr:
		return w.expr(e.Key, w.expr(e.Object, s))
	case *ast.TableExpr:
		for _, f := range e.Fields {
			s = w.expr(f.Key, s)
			s = w.expr(f.Value, s)
		}
		return s
	case *ast.RelationalOpExpr:
		return w.expr(e.Rhs, w.expr(e.Lhs, s))
	case *ast.StringConcatOpExpr:
		return w.expr(e.Rhs, w.expr(e.Lhs, s))
	case *ast.ArithmeticOpExpr:
		return w.expr(e.Rhs, w.expr(e.Lhs, s))
	case *ast.UnaryMinusOpExpr:
		return w.expr(e.Expr, s)
	case *ast.UnaryNotOpExpr:
		return w.expr(e.Expr, s)
	case *ast.UnaryLenOpExpr:
		return w.expr(e.Expr, s)
	}
	return s
}

// inline walks a helper's body at its call; its returns come back here.
func (w *PathWalk[S]) inline(fe *ast.FunctionExpr, s S) S {
	if len(w.stack) >= 4 || w.Incomplete {
		return s
	}
	for _, f := range w.stack {
		if f == fe {
			return s
		}
	}
	w.stack = append(w.stack, fe)
	var rets []S
	outerRets, outerBreaks := w.rets, w.breaks
	w.rets, w.breaks = &rets, nil
	out, live := w.block(fe.Stmts, w.Copy(s), true)
	w.rets, w.breaks = outerRets, outerBreaks
	w.stack = w.stack[:len(w.stack)-1]
	for _, r := range rets {
		out, live = w.join(out, live, r, true)
	}
	if !live {
		// Every path of the helper raises: nothing comes back.
		return s
	}
	return out
}

// refine narrows s for the branch where cond evaluated to truth.
func (w *PathWalk[S]) refine(cond ast.Expr, s S, truth bool) S {
	switch c := cond.(type) {
	case *ast.UnaryNotOpExpr:
		return w.refine(c.Expr, s, !truth)
	case *ast.LogicalOpExpr:
		if (c.Operator == "and") == truth {
			// a and b true, or a or b false: both sides had that truth.
			return w.refine(c.Rhs, w.refine(c.Lhs, s, truth), truth)
		}
		a := w.refine(c.Lhs, w.Copy(s), truth)
		b := w.refine(c.Rhs, w.refine(c.Lhs, s, !truth), truth)
		return w.Join(a, b)
	case *ast.IdentExpr:
		// A local that holds a condition (conds.go): its test is the
		// condition's, as the flow found.
		if held := w.M.heldCond(c); held != nil && w.held < maxCondDepth && (w.held == 0 || w.heldSteps < condBudget) {
			w.held++
			w.heldSteps++
			s = w.refine(held, s, truth)
			w.held--
		}
	}
	if w.Cond != nil {
		return w.Cond(cond, s, truth)
	}
	return s
}

// SetsIfAbsent reports whether the call creates its key only when it is
// missing, the way locks are taken: SETNX, or SET with a literal NX.
func (c *Call) SetsIfAbsent() bool {
	switch c.Name {
	case "SETNX":
		return len(c.Args) >= 3
	case "SET":
		return len(c.Args) >= 3 && c.TokenIndex("NX") >= 3
	}
	return false
}

// Unit returns the function that is run as one script: the registered
// callback a function belongs to in a Functions library, else the main
// chunk (a helper at the top of a library serves every callback).
func (m *Model) Unit(fn *Function) *Function {
	for f := fn; f != nil; f = f.Parent {
		if f.Registration != nil {
			return f
		}
	}
	return m.Main
}

// SameRun reports whether two calls may run in the same script invocation.
func (m *Model) SameRun(a, b *Call) bool {
	ua, ub := m.Unit(a.Func), m.Unit(b.Func)
	return ua == ub || ua == m.Main || ub == m.Main
}
