package model

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/nodemap"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/yuin/gopher-lua/ast"
)

// env is what each local holds on one path. Environments are copied at
// every branch and at every and/or, and most copies are only read.
//
// A local's value sits at its slot (Variable.slot: how many locals were in
// scope, lexically, where it was declared), so two locals that are in scope
// together never share a slot, and a slot that holds another variable than
// the one asked for holds a local whose scope has ended. The slots hold
// pointers to immutable bindings: a copy shares the slice, the first write
// to a shared slice copies the pointers (never the values), and joining two
// environments compares pointers before it compares values.
type env = *envSlots

type envSlots struct {
	slots []*binding
	// shared says another env may hold slots' backing array.
	shared bool
}

// binding is one local's value on a path; never written once made.
type binding struct {
	v   *Variable
	val Value
	// gen says which assignment of v the value comes from (conds.go):
	// narrowing keeps it, an assignment of a tracked local makes a new
	// one, and a join of two different ones gives mixedGen.
	gen uint32
	// ifTruthy: gen's condition is known only where v is truthy, after a
	// join with a path where v was nil or false (`local ok` then, in a
	// branch, `ok = v and n > 0`): a test that finds v truthy comes from
	// the other path, one that finds it falsy may come from either.
	ifTruthy bool
}

func (fs *flowState) newEnv() env { return fs.envs.alloc() }

// copy returns an environment with e's values; e is left as it is.
func (fs *flowState) copy(e env) env {
	out := fs.envs.alloc()
	if e != nil {
		e.shared = true
		*out = envSlots{slots: e.slots, shared: true}
	}
	return out
}

func (e *envSlots) get(v *Variable) (Value, bool) {
	if e == nil || int(v.slot) >= len(e.slots) {
		return Value{}, false
	}
	if b := e.slots[v.slot]; b != nil && b.v == v {
		return b.val, true
	}
	return Value{}, false
}

// own makes slots e's own before a write, long enough for slot n, with a
// new array from arrays when it needs one.
func (e *envSlots) own(n int, arrays *slotArrays) {
	if e.shared || n >= cap(e.slots) {
		l := max(len(e.slots), n+1)
		c := max(l, 8)
		if n >= cap(e.slots) {
			// Grow geometrically: a run of new locals, each one slot
			// further, would otherwise copy the slice once per local.
			c = max(c, 2*len(e.slots))
		}
		s := arrays.take(c)[:l]
		copy(s, e.slots)
		e.slots = s
		e.shared = false
		return
	}
	if n >= len(e.slots) {
		e.slots = e.slots[:n+1]
	}
}

// set narrows what v holds on this path: the assignment the value comes
// from (its gen) stays the one it was.
func (fs *flowState) set(e env, v *Variable, val Value) {
	var gen uint32
	ifTruthy := false
	if int(v.slot) < len(e.slots) {
		if b := e.slots[v.slot]; b != nil && b.v == v {
			gen, ifTruthy = b.gen, b.ifTruthy
		}
	}
	fs.bind(e, v, val, gen)
	if ifTruthy {
		e.slots[v.slot].ifTruthy = true
	}
}

// assign gives v a value from an assignment: a tracked local (conds.go)
// gets a new gen.
func (fs *flowState) assign(e env, v *Variable, val Value) {
	fs.bind(e, v, val, fs.newGen(v))
}

func (fs *flowState) bind(e env, v *Variable, val Value, gen uint32) {
	e.own(int(v.slot), &fs.arrays)
	b := fs.bindings.alloc()
	*b = binding{v: v, val: val, gen: gen}
	e.slots[v.slot] = b
}

// truncate forgets the slots from n up, the locals of a scope that ended.
// It only shortens the slice, so it never copies a shared one; slots past
// the length are cleared before the next write uses them (own).
func (e *envSlots) truncate(n int) {
	if e == nil || n >= len(e.slots) {
		return
	}
	if !e.shared {
		clear(e.slots[n:])
	}
	e.slots = e.slots[:n]
}

func (fs *flowState) joinEnv(a, b env) env {
	e, _ := fs.joinEnvSame(a, b)
	return e
}

// joinEnvSame is joinEnv, and reports whether the result holds just what a
// holds (same reports false when it cannot tell cheaply).
func (fs *flowState) joinEnvSame(a, b env) (_ env, same bool) {
	if a == nil {
		return b, b == nil
	}
	if b == nil {
		return a, true
	}
	as, bs := a.slots, b.slots
	if len(bs) > len(as) {
		// Keep a's binding wherever both have one (as Join keeps a's
		// value), so only the lengths swap here, never the order.
		n := len(bs)
		out := fs.arrays.take(n)
		copy(out, bs)
		for i, x := range as {
			out[i] = fs.joinBinding(x, bs[i])
		}
		return fs.envOf(out), false
	}
	if len(as) == 0 {
		return fs.copy(a), true
	}
	if len(as) == len(bs) && &as[0] == &bs[0] {
		// Copies of one environment, neither written since.
		return fs.copy(a), true
	}
	var out []*binding
	for i, y := range bs {
		x := as[i]
		j := fs.joinBinding(x, y)
		if j == x {
			continue
		}
		if out == nil {
			out = fs.arrays.take(len(as))
			copy(out, as)
		}
		out[i] = j
	}
	if out == nil {
		return fs.copy(a), true
	}
	return fs.envOf(out), false
}

// envOf is an environment that owns slots.
func (fs *flowState) envOf(slots []*binding) env {
	e := fs.envs.alloc()
	e.slots = slots
	return e
}

// joinBinding merges one slot of two environments: bindings of one variable
// join their values; a slot empty on one side keeps the other's binding;
// bindings of different variables can only be of ended scopes (see env),
// and a's is kept.
func (fs *flowState) joinBinding(x, y *binding) *binding {
	switch {
	case x == y || y == nil:
		return x
	case x == nil:
		return y
	case x.v != y.v:
		return x
	}
	a, b := x.val, y.val
	gen, ifTruthy := x.gen, x.ifTruthy || y.ifTruthy
	if gen != y.gen {
		// Assigned differently on the two paths: no condition a local
		// holds (conds.go) can be of both, unless one path left it nil
		// or false: where it is truthy it holds the other's.
		switch {
		case alwaysFalsy(a.Types) && y.gen != 0 && y.gen != mixedGen:
			gen, ifTruthy = y.gen, true
		case alwaysFalsy(b.Types) && x.gen != 0 && x.gen != mixedGen:
			gen, ifTruthy = x.gen, true
		default:
			gen = mixedGen
		}
	}
	if gen == x.gen && ifTruthy == x.ifTruthy && a.Types|b.Types == a.Types && a.Types != 0 && a.Var == b.Var && sameOrigin(&a, &b) {
		// Join would give a back.
		return x
	}
	j := fs.bindings.alloc()
	*j = binding{v: x.v, val: Join(a, b), gen: gen, ifTruthy: ifTruthy}
	return j
}

// alwaysFalsy reports whether a value of types t is nil or false on every
// path that holds it (none, for no types: Join's unreachable value).
func alwaysFalsy(t TypeSet) bool { return t&^Falsy == 0 }

// flowState evaluates one function body.
type flowState struct {
	m *Model
	// breaks collects the environments at `break` in the innermost loop.
	breaks *[]env
	// depth bounds recursion through nested function bodies.
	depth int
	// loops counts the loops around the statement being evaluated. Each
	// loop body runs twice so that values assigned late reach its start;
	// nested loops would multiply that, so past a few levels a body runs
	// once (the values then miss only what a third-level loop feeds back).
	loops int
	// fn is the function whose body is being evaluated.
	fn *Function
	// stack holds the values of expression lists and call arguments while
	// they are used, so that they need no slice of their own: a list is
	// pushed, used, and popped (see exprList).
	stack []Value
	// repeatConds says, for each repeat loop evaluated, whether its
	// condition was ever reached; skipped lists the functions whose body
	// was not evaluated (nested too deep). Both for markUnevaluated.
	repeatConds map[*ast.RepeatStmt]bool
	skipped     []*ast.FunctionExpr
	// callerArgs is singleCallArgs, made on the first parameter asked.
	callerArgs map[*Variable]Value
	// tracked marks (by Variable.index) the locals whose assignments get
	// gens, gen counts them, conds holds the condition a gen's local was
	// assigned, and condDepth and condSteps bound refineHeld (conds.go).
	tracked   []bool
	gen       uint32
	conds     map[uint32]*condFact
	condDepth int
	condSteps int
	// Where environments, their bindings and their arrays of slots are
	// allocated.
	envs     slab[envSlots]
	bindings slab[binding]
	arrays   slotArrays
}

// slotArrays hands out the environments' arrays of slots from chunks that
// a flow state keeps from one flow to the next, like its slabs.
type slotArrays struct {
	free []*binding
	// kept are the chunks, used[i] how much of chunk i was handed out;
	// the first k are in use.
	kept [][]*binding
	used []int
	k    int
}

// slotChunk is the size of the chunks: enough for a few hundred arrays of
// the few slots that most environments hold.
const slotChunk = 2048

// take returns an array of n nil slots; its capacity is n, so that an
// append past it never writes into another array.
func (a *slotArrays) take(n int) []*binding {
	if n > slotChunk/4 {
		return make([]*binding, n)
	}
	if len(a.free) < n {
		if a.k > 0 {
			a.used[a.k-1] = len(a.kept[a.k-1]) - len(a.free)
		}
		if a.k == len(a.kept) {
			a.kept = append(a.kept, make([]*binding, slotChunk))
			a.used = append(a.used, 0)
		}
		a.free = a.kept[a.k]
		a.k++
	}
	out := a.free[:n:n]
	a.free = a.free[n:]
	return out
}

// reset zeroes the arrays handed out, so that take hands them out again:
// none of them may be used any more.
func (a *slotArrays) reset() {
	if a.k > 0 {
		a.used[a.k-1] = len(a.kept[a.k-1]) - len(a.free)
	}
	for i := range a.k {
		clear(a.kept[i][:a.used[i]])
	}
	a.k = 0
	a.free = nil
}

// passes is how many times a loop body is evaluated at the current depth.
func (fs *flowState) passes() int {
	if fs.loops < 3 {
		return 2
	}
	return 1
}

// flow evaluates the whole chunk, recording the value of every expression.
// vars and scopes are how many locals and scopes the resolver met: on real
// scripts the flow makes one to two bindings per local (a write, a guard
// that narrows it) and one to two environments per scope.
func (m *Model) flow(vars, scopes int) {
	fs, _ := flowStates.Get().(*flowState)
	if fs == nil {
		fs = &flowState{stack: make([]Value, 0, 16)}
		fs.envs.keep, fs.bindings.keep = true, true
	}
	fs.m, fs.fn = m, m.Main
	fs.bindings.expect(vars + vars/2 + 4)
	fs.envs.expect(scopes + scopes/2 + 4)
	fs.trackLocals()
	fs.block(m.File.Chunk, fs.newEnv())
	fs.markUnevaluated()
	fs.done()
	flowStates.Put(fs)
}

// flowStates keeps the state of finished flows for the next file's:
// the environments and bindings a flow makes, its stack of values, are
// garbage once it is done (the model keeps copies of the values, never a
// pointer into them), and on real scripts they were a fifth of what
// building a model allocates.
var flowStates sync.Pool

// done empties the state for the next flow, keeping its memory (zeroed,
// so that nothing of this model stays reachable from it).
func (fs *flowState) done() {
	fs.envs.reset()
	fs.bindings.reset()
	fs.arrays.reset()
	clear(fs.stack[:cap(fs.stack)])
	*fs = flowState{stack: fs.stack[:0], envs: fs.envs, bindings: fs.bindings, arrays: fs.arrays}
}

// block runs statements; it returns the environment after them, or nil when
// every path ends (return, break, error()).
func (fs *flowState) block(stmts []ast.Stmt, e env) env {
	e = fs.blockKeep(stmts, e)
	fs.leaveScope(stmts, e)
	return e
}

// blockKeep runs a block and keeps its locals in the environment, for
// `repeat ... until cond`, whose condition sees the body's locals.
func (fs *flowState) blockKeep(stmts []ast.Stmt, e env) env {
	for _, s := range stmts {
		if e == nil {
			// Unreachable code: evaluate it anyway so its expressions have
			// values, but from an empty environment.
			e = fs.newEnv()
			fs.stmt(s, e)
			e = nil
			continue
		}
		e = fs.stmt(s, e)
	}
	return e
}

// leaveScope drops the block's locals from the environment, and with them
// any binding of a scope that ended inside the block (they sit in higher
// slots). Lua 5.1 allows at most 200 active locals per function, so with
// out-of-scope locals gone every copy of the environment stays small
// however long the script is.
func (fs *flowState) leaveScope(stmts []ast.Stmt, e env) {
	if e == nil {
		return
	}
	for _, s := range stmts {
		if la, ok := s.(*ast.LocalAssignStmt); ok {
			if vs := fs.m.declVars(nodemap.KeyOf(la)); len(vs) > 0 {
				e.truncate(int(vs[0].slot))
				return
			}
		}
	}
}

func (fs *flowState) stmt(s ast.Stmt, e env) env {
	m := fs.m
	switch s := s.(type) {
	case *ast.LocalAssignStmt:
		// The resolver declared every name (a local function's with
		// Kind LocalFunction, as File.IsLocalFunction says).
		vs := m.declVars(nodemap.KeyOf(s))
		if len(vs) > 0 && vs[0].Kind == LocalFunction {
			fs.assign(e, vs[0], Value{Types: TFunction})
			fs.expr(s.Exprs[0], e)
			return e
		}
		mark := len(fs.stack)
		vals := fs.exprList(s.Exprs, len(s.Names), e)
		conds := fs.condsOf(s.Exprs, len(vs), e)
		for i, v := range vs {
			fs.assign(e, v, assigned(vals[i]))
			fs.holdCond(e, v, conds, i)
		}
		fs.pop(mark)
		return e
	case *ast.AssignStmt:
		mark := len(fs.stack)
		vals := fs.exprList(s.Rhs, len(s.Lhs), e)
		conds := fs.condsOf(s.Rhs, len(s.Lhs), e)
		for i, t := range s.Lhs {
			switch t := t.(type) {
			case *ast.IdentExpr:
				if v := m.VarOf(t); v != nil {
					fs.assign(e, v, assigned(vals[i]))
					fs.holdCond(e, v, conds, i)
				}
			case *ast.AttrGetExpr:
				fs.expr(t.Object, e)
				fs.expr(t.Key, e)
				// t[k] = x changes what a condition on t[k] said.
				fs.touched(e, t.Object)
			}
		}
		fs.pop(mark)
		return e
	case *ast.FuncCallStmt:
		fs.expr(s.Expr, e)
		if isErrorCall(m, s.Expr) {
			return nil
		}
		return e
	case *ast.DoBlockStmt:
		return fs.block(s.Stmts, e)
	case *ast.IfStmt:
		fs.expr(s.Condition, e)
		te := fs.block(s.Then, fs.refine(s.Condition, fs.copy(e), true))
		ee := fs.block(s.Else, fs.refine(s.Condition, fs.copy(e), false))
		return fs.joinEnv(te, ee)
	case *ast.WhileStmt:
		var breaks []env
		outer := fs.breaks
		fs.breaks = &breaks
		cur := e
		var exit env
		n := fs.passes()
		fs.loops++
		for pass := 0; pass < n && cur != nil; pass++ {
			fs.expr(s.Condition, cur)
			exit = fs.joinEnv(exit, fs.refine(s.Condition, fs.copy(cur), false))
			after := fs.block(s.Stmts, fs.refine(s.Condition, fs.copy(cur), true))
			var same bool
			if cur, same = fs.joinEnvSame(cur, after); same {
				break // another pass would replay this one (see loopBody)
			}
		}
		fs.loops--
		fs.breaks = outer
		for _, b := range breaks {
			exit = fs.joinEnv(exit, b)
		}
		if isConstTrue(s.Condition) && len(breaks) == 0 {
			return nil
		}
		return exit
	case *ast.RepeatStmt:
		var breaks []env
		outer := fs.breaks
		fs.breaks = &breaks
		cur := e
		var exit env
		n := fs.passes()
		fs.loops++
		for pass := 0; pass < n && cur != nil; pass++ {
			after := fs.blockKeep(s.Stmts, fs.copy(cur))
			if fs.repeatConds == nil {
				fs.repeatConds = map[*ast.RepeatStmt]bool{}
			}
			if after == nil {
				if _, seen := fs.repeatConds[s]; !seen {
					fs.repeatConds[s] = false
				}
				break
			}
			fs.repeatConds[s] = true
			fs.expr(s.Condition, after)
			fs.leaveScope(s.Stmts, after)
			exit = fs.joinEnv(exit, fs.refine(s.Condition, fs.copy(after), true))
			var same bool
			if cur, same = fs.joinEnvSame(cur, fs.refine(s.Condition, fs.copy(after), false)); same {
				break // another pass would replay this one (see loopBody)
			}
		}
		fs.loops--
		fs.breaks = outer
		for _, b := range breaks {
			exit = fs.joinEnv(exit, b)
		}
		return exit
	case *ast.NumberForStmt:
		fs.expr(s.Init, e)
		fs.expr(s.Limit, e)
		if s.Step != nil {
			fs.expr(s.Step, e)
		}
		return fs.loopBody(s, s.Stmts, e)
	case *ast.GenericForStmt:
		mark := len(fs.stack)
		fs.exprList(s.Exprs, 1, e)
		fs.pop(mark)
		return fs.loopBody(s, s.Stmts, e)
	case *ast.FuncDefStmt:
		if s.Name.Func != nil {
			if id, ok := s.Name.Func.(*ast.IdentExpr); ok {
				if v := m.VarOf(id); v != nil {
					fs.assign(e, v, Value{Types: TFunction})
				}
			} else {
				fs.expr(s.Name.Func, e)
			}
		} else {
			fs.expr(s.Name.Receiver, e)
		}
		fs.function(s.Func, e)
		return e
	case *ast.ReturnStmt:
		mark := len(fs.stack)
		fs.exprList(s.Exprs, 0, e)
		fs.pop(mark)
		return nil
	case *ast.BreakStmt:
		if fs.breaks != nil {
			*fs.breaks = append(*fs.breaks, fs.copy(e))
		}
		return nil
	}
	return e
}

// loopBody runs a for loop body twice so values assigned late in the body
// reach its start, and returns what holds after the loop.
//
// A pass that ends with what it started from (the body changed no local of
// the enclosing scopes, or only to values they already had) is not run
// again: evaluation depends only on the environment and on the values
// recorded so far, so a second pass would replay the first exactly, and
// every join it made would add nothing.
func (fs *flowState) loopBody(s ast.Stmt, body []ast.Stmt, e env) env {
	var breaks []env
	outer := fs.breaks
	fs.breaks = &breaks
	cur := e
	n := fs.passes()
	fs.loops++
	first := fs.declared(s, 0)
	for pass := 0; pass < n && cur != nil; pass++ {
		le := fs.copy(cur)
		fs.bindLoopVars(s, le)
		after := fs.block(body, le)
		if first != nil {
			// The control variables are out of scope past the body
			// (and bound afresh at the start of the next pass).
			after.truncate(int(first.slot))
		}
		var same bool
		if cur, same = fs.joinEnvSame(cur, after); same {
			break
		}
	}
	fs.loops--
	fs.breaks = outer
	exit := fs.joinEnv(e, cur)
	for _, b := range breaks {
		exit = fs.joinEnv(exit, b)
	}
	// The loop's control variables are out of scope past it.
	if first != nil {
		exit.truncate(int(first.slot))
	}
	return exit
}

// bindLoopVars gives a for loop's control variables their values at the
// start of the body: a number, or (generic for) anything but nil.
func (fs *flowState) bindLoopVars(s ast.Stmt, le env) {
	switch s := s.(type) {
	case *ast.NumberForStmt:
		if v := fs.declared(s, 0); v != nil {
			fs.assign(le, v, Value{Types: TNumber})
		}
	case *ast.GenericForStmt:
		elem := fs.iteratedReply(s)
		callerElem := fs.iteratedCallerTable(s)
		for i := range s.Names {
			if v := fs.declared(s, i); v != nil {
				val := Value{Types: TAny &^ TNil}
				if i == 1 && elem != nil {
					// for _, x in ipairs(reply): an element of the reply.
					val = Value{Types: TAny &^ TNil, Origin: ReplyElement, Call: elem}
				}
				if i == 1 && callerElem != Unknown {
					// for _, k in ipairs(KEYS): a key the caller passed,
					// as KEYS[i] is (ARGV alike).
					val = Value{Types: TString, Origin: callerElem}
				}
				fs.assign(le, v, val)
			}
		}
	}
}

// iteratedReply is the call whose reply (or an element of it) a generic for
// walks with ipairs or pairs, or nil.
func (fs *flowState) iteratedReply(s *ast.GenericForStmt) *Call {
	v, ok := fs.iterated(s)
	if !ok || v.Origin != Reply && v.Origin != ReplyElement {
		return nil
	}
	return v.Call
}

// iteratedCallerTable is Keys (Argv) when a generic for walks KEYS (ARGV)
// with ipairs or pairs, so that its value variable is an element of it;
// Unknown otherwise.
func (fs *flowState) iteratedCallerTable(s *ast.GenericForStmt) Origin {
	v, ok := fs.iterated(s)
	switch {
	case !ok:
		return Unknown
	case v.Origin == KeysTable:
		return Keys
	case v.Origin == ArgvTable:
		return Argv
	}
	return Unknown
}

// iterated is the value of the table a generic for walks with ipairs(t) or
// pairs(t), when it is that form.
func (fs *flowState) iterated(s *ast.GenericForStmt) (Value, bool) {
	if len(s.Exprs) != 1 {
		return Value{}, false
	}
	c, ok := s.Exprs[0].(*ast.FuncCallExpr)
	if !ok || c.Func == nil || len(c.Args) != 1 {
		return Value{}, false
	}
	id, ok := c.Func.(*ast.IdentExpr)
	if !ok || id.Value != "ipairs" && id.Value != "pairs" || fs.m.VarOf(id) != nil {
		return Value{}, false
	}
	return fs.m.recorded(c.Args[0])
}

func (fs *flowState) declared(decl any, i int) *Variable {
	vs := fs.m.declVars(nodemap.Key(decl))
	if i < len(vs) {
		return vs[i]
	}
	return nil
}

func isConstTrue(e ast.Expr) bool { return ConstTruth(e) == 1 }

func isConstFalse(e ast.Expr) bool { return ConstTruth(e) == -1 }

// isErrorCall reports whether a statement call always raises: error(...)
// or assert(false, ...).
func isErrorCall(m *Model, e ast.Expr) bool {
	c, ok := e.(*ast.FuncCallExpr)
	if !ok || c.Func == nil {
		return false
	}
	id, ok := c.Func.(*ast.IdentExpr)
	if !ok || m.VarOf(id) != nil {
		return false
	}
	switch id.Value {
	case "error":
		return true
	case "assert":
		return len(c.Args) > 0 && isConstFalse(c.Args[0])
	}
	return false
}

// exprList evaluates expressions and returns at least want values,
// expanding the last one when it can yield several. The values are pushed
// on fs.stack: the caller pops them (fs.pop) once done with them, and
// until then evaluating more expressions leaves them as they are.
func (fs *flowState) exprList(es []ast.Expr, want int, e env) []Value {
	mark := len(fs.stack)
	for i, x := range es {
		v := fs.expr(x, e)
		fs.stack = append(fs.stack, v)
		if i == len(es)-1 && MultiValued(x) {
			// unpack(t) of an ElementReads reply: its elements, in order.
			if v.Origin == ReplyElement && v.Index == 1 && fs.isUnpack(x) {
				// The table as the call saw it (its Present bits).
				tbl := Value{Origin: Reply, Call: v.Call}
				if av, ok := fs.m.recorded(x.(*ast.FuncCallExpr).Args[0]); ok {
					tbl = av
				}
				for n := int32(2); len(fs.stack)-mark < want; n++ {
					fs.stack = append(fs.stack, fs.m.element(tbl, n))
				}
			}
			// next(t) of a reply: its second result is an element (the
			// ok field of a status reply, `local _, kind = next(redis.call('TYPE', k))`).
			if len(fs.stack)-mark < want && v.Origin != ReplyElement && fs.isGlobalCall(x, "next") {
				if av, ok := fs.m.recorded(x.(*ast.FuncCallExpr).Args[0]); ok && av.Origin == Reply {
					fs.stack = append(fs.stack, Value{Types: TAny, Origin: ReplyElement, Call: av.Call})
				}
			}
			for len(fs.stack)-mark < want {
				fs.stack = append(fs.stack, AnyValue)
			}
		}
	}
	for len(fs.stack)-mark < want {
		fs.stack = append(fs.stack, Value{Types: TNil, Origin: Literal, Lit: "nil"})
	}
	return fs.stack[mark:len(fs.stack):len(fs.stack)]
}

// isUnpack reports whether x calls the global unpack.
func (fs *flowState) isUnpack(x ast.Expr) bool { return fs.isGlobalCall(x, "unpack") }

// isGlobalCall reports whether x calls the global function name with
// arguments.
func (fs *flowState) isGlobalCall(x ast.Expr, name string) bool {
	c, ok := x.(*ast.FuncCallExpr)
	if !ok || c.Func == nil || len(c.Args) == 0 {
		return false
	}
	id, ok := c.Func.(*ast.IdentExpr)
	return ok && id.Value == name && fs.m.VarOf(id) == nil
}

// pop drops the values pushed on fs.stack since mark.
func (fs *flowState) pop(mark int) {
	fs.stack = fs.stack[:mark]
}

func (fs *flowState) expr(x ast.Expr, e env) Value {
	if x == nil {
		return AnyValue
	}
	if v, ok := literalValue(x); ok {
		// Not recorded: a literal's value is always the same, and
		// Model.Value makes it (a third of all expressions are literals).
		return v
	}
	m := fs.m
	i, ok := m.ids.Get(nodemap.Key(x))
	if !ok {
		// Every expression the flow evaluates was numbered by the
		// resolver; should one not be, it is numbered now.
		i = int32(len(m.vals))
		m.ids.Put(nodemap.Key(x), i)
		m.vals = append(m.vals, Value{})
		m.refs = append(m.refs, nil)
	}
	v := fs.eval(x, i, e)
	w, bit := uint32(i)/64, uint64(1)<<(uint32(i)%64) // i >= 0
	if int(w) >= len(m.evaluated) {
		m.evaluated = append(m.evaluated, make([]uint64, int(w)+1-len(m.evaluated))...)
	}
	if m.evaluated[w]&bit != 0 {
		m.vals[i] = Join(m.vals[i], v)
	} else {
		m.evaluated[w] |= bit
		m.vals[i] = v
	}
	return v
}

// literalValue is the value of a literal expression.
func literalValue(x ast.Expr) (Value, bool) {
	switch x := x.(type) {
	case *ast.NilExpr:
		return Value{Types: TNil, Origin: Literal, Lit: "nil"}, true
	case *ast.FalseExpr:
		return Value{Types: TFalse, Origin: Literal, Lit: "false"}, true
	case *ast.TrueExpr:
		return Value{Types: TTrue, Origin: Literal, Lit: "true"}, true
	case *ast.NumberExpr:
		return Value{Types: TNumber, Origin: Literal, Lit: x.Value}, true
	case *ast.StringExpr:
		return Value{Types: TString, Origin: Literal, Lit: x.Value, IsString: true}, true
	}
	return Value{}, false
}

// recorded returns the value recorded for an expression, if it was
// evaluated.
func (m *Model) recorded(x ast.Expr) (Value, bool) {
	if i, ok := m.ids.Get(nodemap.Key(x)); ok {
		if m.evaluated[i/64]&(1<<(i%64)) != 0 {
			return m.vals[i], true
		}
		return Value{}, false
	}
	// A file that did not parse has no values (Build stopped before it
	// took the arrays).
	if m.pool == nil || m.unevaluated[x] {
		return Value{}, false
	}
	return literalValue(x)
}

// markUnevaluated notes the literals of code the flow never evaluated: the
// condition of a repeat loop whose body never reaches it, and the bodies of
// functions nested too deep. The flow does not record literals, so without
// this note Model.Value would give them their value rather than AnyValue.
func (fs *flowState) markUnevaluated() {
	mark := func(n any) bool {
		if x, ok := n.(ast.Expr); ok {
			if _, lit := literalValue(x); lit {
				if fs.m.unevaluated == nil {
					fs.m.unevaluated = map[ast.Expr]bool{}
				}
				fs.m.unevaluated[x] = true
			}
		}
		return true
	}
	for s, reached := range fs.repeatConds {
		if !reached {
			InspectExpr(s.Condition, mark)
		}
	}
	for _, fe := range fs.skipped {
		Inspect(fe.Stmts, mark)
	}
}

// eval is the value of x, expression i of Model.ids, in e.
func (fs *flowState) eval(x ast.Expr, i int32, e env) Value {
	m := fs.m
	switch x := x.(type) {
	case *ast.Comma3Expr:
		return AnyValue
	case *ast.IdentExpr:
		if v := m.refs[i]; v != nil {
			val, ok := e.get(v)
			if !ok {
				// Declared in an enclosing function, or a parameter.
				val = fs.paramValue(v)
			}
			val.Var = v
			return val
		}
		return m.globalValue(x.Value)
	case *ast.AttrGetExpr:
		obj := fs.expr(x.Object, e)
		key := fs.expr(x.Key, e)
		return m.index(obj, key)
	case *ast.TableExpr:
		for _, f := range x.Fields {
			fs.expr(f.Key, e)
			fs.expr(f.Value, e)
		}
		return Value{Types: TTable}
	case *ast.FuncCallExpr:
		return fs.call(x, e)
	case *ast.LogicalOpExpr:
		l := fs.expr(x.Lhs, e)
		if x.Operator == "and" {
			r := fs.expr(x.Rhs, fs.refine(x.Lhs, fs.copy(e), true))
			out := Value{Types: (l.Types & Falsy) | r.Types}
			if l.Types&Falsy == 0 {
				return r
			}
			return out
		}
		r := fs.expr(x.Rhs, fs.refine(x.Lhs, fs.copy(e), false))
		if !l.Types.MayBeFalsy() {
			return l
		}
		out := l
		out.Types = (l.Types &^ Falsy) | r.Types
		if l.Types&^Falsy == 0 {
			return r
		}
		if !sameOrigin(&l, &r) && r.Origin != Literal {
			out = Value{Types: out.Types}
		}
		return out
	case *ast.RelationalOpExpr:
		fs.expr(x.Lhs, e)
		fs.expr(x.Rhs, e)
		if x.Operator != "==" && x.Operator != "~=" {
			fs.pastRaising(e, x.Lhs, x.Rhs)
		}
		return Value{Types: TTrue | TFalse}
	case *ast.StringConcatOpExpr:
		l := fs.expr(x.Lhs, e)
		r := fs.expr(x.Rhs, e)
		// Concatenating nil or a boolean raises ('attempt to concatenate a
		// boolean value'): past it, neither operand was.
		fs.pastRaising(e, x.Lhs, x.Rhs)
		// A fresh slice: appending to l's parts would write into the
		// backing array that l, and every value built from it, shares.
		lp, rp := concatParts(l), concatParts(r)
		parts := make([]Value, 0, len(lp)+len(rp))
		parts = append(append(parts, lp...), rp...)
		return bounded(Value{Types: TString, Origin: Concat, Parts: parts})
	case *ast.ArithmeticOpExpr:
		l := fs.expr(x.Lhs, e)
		r := fs.expr(x.Rhs, e)
		fs.pastRaising(e, x.Lhs, x.Rhs)
		return bounded(Value{Types: TNumber, Origin: Arith, Parts: []Value{l, r}})
	case *ast.UnaryMinusOpExpr:
		v := fs.expr(x.Expr, e)
		fs.pastRaising(e, x.Expr)
		return bounded(Value{Types: TNumber, Origin: Arith, Parts: []Value{v}})
	case *ast.UnaryNotOpExpr:
		fs.expr(x.Expr, e)
		return Value{Types: TTrue | TFalse}
	case *ast.UnaryLenOpExpr:
		fs.expr(x.Expr, e)
		return Value{Types: TNumber}
	case *ast.FunctionExpr:
		fs.function(x, e)
		return Value{Types: TFunction}
	}
	return AnyValue
}

func concatParts(v Value) []Value {
	if v.Origin == Concat {
		return v.Parts
	}
	return []Value{v}
}

// paramValue is what a parameter or an upvalue holds when nothing on the path
// says otherwise: a registered function's keys and args are KEYS and ARGV.
func (fs *flowState) paramValue(v *Variable) Value {
	if v.Kind == Param && v.Func != nil && v.Func.Registration != nil {
		for i, p := range v.Func.Params {
			if p == v {
				switch i {
				case 0:
					return Value{Types: TTable, Origin: KeysTable}
				case 1:
					return Value{Types: TTable, Origin: ArgvTable}
				}
			}
		}
	}
	if v.Kind == Param && v.Func != nil {
		if fs.callerArgs == nil {
			fs.callerArgs = fs.m.singleCallArgs()
		}
		if a, ok := fs.callerArgs[v]; ok {
			return a
		}
	}
	return AnyValue
}

// singleCallArgs gives the parameters of a local function called from one
// place only, and used nowhere else (singleCall), the value of a KEYS or
// ARGV element (or the table) that the call passes: alexanderscott's
// samples wrap each script in `local function SETCLAMP(key, min, max)`
// called once as SETCLAMP(KEYS[1], ARGV[1], ARGV[2]), and min and max are
// strings there.
func (m *Model) singleCallArgs() map[*Variable]Value {
	out := map[*Variable]Value{}
	for fn := range m.localCalls() {
		c := m.singleCall(fn)
		if c == nil {
			continue
		}
		for i, p := range fn.Params {
			if i >= len(c.Args) {
				break
			}
			if v, ok := m.callerElement(c.Args[i]); ok {
				out[p] = v
			}
		}
	}
	return out
}

// callerElement is the value of KEYS[n] or ARGV[n] (a literal n), or of the
// KEYS or ARGV table itself, written as an argument.
func (m *Model) callerElement(e ast.Expr) (Value, bool) {
	table := func(x ast.Expr) (Value, bool) {
		if id, ok := x.(*ast.IdentExpr); ok && m.VarOf(id) == nil {
			if v := m.globalValue(id.Value); v.Origin == KeysTable || v.Origin == ArgvTable {
				return v, true
			}
		}
		return Value{}, false
	}
	if v, ok := table(e); ok {
		return v, true
	}
	a, ok := e.(*ast.AttrGetExpr)
	if !ok {
		return Value{}, false
	}
	t, ok := table(a.Object)
	num, isNum := a.Key.(*ast.NumberExpr)
	if !ok || !isNum {
		return Value{}, false
	}
	v := m.index(t, Value{Origin: Literal, Lit: num.Value})
	return v, v.Index > 0
}

func (fs *flowState) function(fe *ast.FunctionExpr, e env) {
	if fs.depth > 50 {
		// The depth is the function's lexical nesting, so its body is
		// never evaluated.
		fs.skipped = append(fs.skipped, fe)
		return
	}
	fs.depth++
	outer := fs.breaks
	fs.breaks = nil
	inner := fs.copy(e)
	fn := fs.m.FunctionFor(fe)
	if fn != nil {
		for _, p := range fn.Params {
			fs.assign(inner, p, fs.paramValue(p))
		}
		if fn.Vararg != nil {
			arg := Value{Types: TTable}
			if fs.m.usesVararg(fe) {
				arg = Value{Types: TNil, Origin: Literal, Lit: "nil"}
			}
			fs.assign(inner, fn.Vararg, arg)
		}
	}
	outerFn := fs.fn
	fs.fn = fn
	fs.block(fe.Stmts, inner)
	fs.fn = outerFn
	fs.breaks = outer
	fs.depth--
}

// usesVararg reports whether a function's own body (not a nested
// function's) uses `...`: Lua 5.1 then leaves its implicit `arg` nil.
func (m *Model) usesVararg(fe *ast.FunctionExpr) bool {
	uses := false
	m.InspectKinds(fe.Stmts, KComma3Expr|KFunctionExpr, func(n any) bool {
		switch n.(type) {
		case *ast.FunctionExpr:
			return false
		case *ast.Comma3Expr:
			uses = true
		}
		return !uses
	})
	return uses
}

// globalValue is what a global name holds in Redis's sandbox.
func (m *Model) globalValue(name string) Value {
	switch name {
	case "KEYS":
		if m.Context == Script {
			return Value{Types: TTable, Origin: KeysTable}
		}
	case "ARGV":
		if m.Context == Script {
			return Value{Types: TTable, Origin: ArgvTable}
		}
	case "redis", "string", "table", "math", "cjson", "cmsgpack", "struct", "bit", "coroutine", "_G":
		return Value{Types: TTable, Origin: Builtin, Lit: name}
	case "server":
		if m.opts.ServerAlias {
			return Value{Types: TTable, Origin: Builtin, Lit: "redis"}
		}
	case "tonumber", "tostring", "type", "unpack", "pcall", "error", "assert", "select", "ipairs", "pairs", "next", "rawget", "rawset", "rawequal", "setmetatable", "getmetatable", "loadstring", "load", "xpcall", "gcinfo", "collectgarbage":
		return Value{Types: TFunction, Origin: Builtin, Lit: name}
	}
	return AnyValue
}

// stringFuncs are the functions of the string library that the model knows,
// by field name.
var stringFuncs = map[string]string{"format": "string.format", "rep": "string.rep", "sub": "string.sub", "lower": "string.lower", "upper": "string.upper", "gsub": "string.gsub", "match": "string.match"}

// index is the value of obj[key].
func (m *Model) index(obj, key Value) Value {
	switch obj.Origin {
	case KeysTable, ArgvTable:
		out := Value{Types: TString, Origin: Keys}
		if obj.Origin == ArgvTable {
			out.Origin = Argv
		}
		if key.Origin == Literal && !key.IsString {
			if n, err := strconv.ParseInt(key.Lit, 10, 32); err == nil {
				out.Index = int32(n)
			}
		}
		return out
	case Builtin:
		if key.Origin == Literal && key.IsString {
			// Matched part by part: joining the names would allocate
			// at every field access of a library table.
			switch obj.Lit {
			case "redis":
				if key.Lit == "call" || key.Lit == "pcall" {
					return Value{Types: TFunction, Origin: RedisCall, Lit: key.Lit}
				}
			case "string":
				if full, ok := stringFuncs[key.Lit]; ok {
					return Value{Types: TFunction, Origin: Builtin, Lit: full}
				}
			case "table":
				if key.Lit == "concat" {
					return Value{Types: TFunction, Origin: Builtin, Lit: "table.concat"}
				}
			}
		}
		return AnyValue
	case Reply, ReplyElement:
		if n, ok := elementIndex(obj, key); ok {
			return m.element(obj, n)
		}
		if n, ok := arrayIndex(obj, key); ok {
			return arrayElement(obj, n)
		}
		return Value{Types: TAny, Origin: ReplyElement, Call: obj.Call}
	}
	return AnyValue
}

// elementIndex is the literal index n of obj[n] when obj is the reply of
// a command whose elements may each be null (ElementReads).
func elementIndex(obj, key Value) (int32, bool) {
	c := obj.Call
	if obj.Origin != Reply || c == nil || c.Protected || key.Origin != Literal || key.IsString {
		return 0, false
	}
	if _, ok := elementReads[c.Name]; !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(key.Lit, 10, 32)
	if err != nil || n < 1 {
		return 0, false
	}
	return int32(n), true
}

// element is element n of reply obj of an ElementReads command: a string,
// or null (false, or nil under RESP3) unless the path tested it.
func (m *Model) element(obj Value, n int32) Value {
	t := TString | TFalse
	if m.SetResp3 {
		t = TString | TNil
	}
	if n <= 64 && obj.Present&(1<<(n-1)) != 0 {
		t = TString
	}
	return Value{Types: t, Origin: ReplyElement, Call: obj.Call, Index: n}
}

func (fs *flowState) call(x *ast.FuncCallExpr, e env) Value {
	var callee Value
	if x.Func != nil {
		callee = fs.expr(x.Func, e)
	}
	var receiver Value
	if x.Func == nil {
		receiver = fs.expr(x.Receiver, e)
	}
	mark := len(fs.stack)
	for _, a := range x.Args {
		v := fs.expr(a, e)
		fs.stack = append(fs.stack, v)
	}
	args := fs.stack[mark:len(fs.stack):len(fs.stack)]
	var v Value
	if x.Func == nil && x.Method == "match" && len(args) > 0 {
		// s:match(p) is string.match(s, p): a string has the string
		// library as its methods.
		v = capture(receiver, args[0])
	} else {
		v = fs.callValue(x, callee, args)
	}
	fs.pop(mark)
	if callee.Origin == Builtin && callee.Lit == "assert" && len(x.Args) > 0 {
		// assert(cond, msg) raises unless cond holds: past it, cond did.
		fs.refine(x.Args[0], e, true)
	}
	// A string library function raises on a nil or false string, and a
	// method call on a nil or false receiver (`v:upper()` indexes v): past
	// them, neither was.
	if x.Func == nil {
		fs.pastRaising(e, x.Receiver)
	} else if name, ok := strings.CutPrefix(fs.m.BuiltinName(x), "string."); ok && name != "format" && len(x.Args) > 0 {
		fs.pastRaising(e, x.Args[0])
	}
	return v
}

// callValue is the value of a call whose callee and arguments are known.
func (fs *flowState) callValue(x *ast.FuncCallExpr, callee Value, args []Value) Value {
	switch callee.Origin {
	case RedisCall:
		return fs.redisCall(x, callee.Lit == "pcall", args)
	case Builtin:
		switch callee.Lit {
		case "tonumber":
			if len(args) == 0 {
				return Value{Types: TNil}
			}
			of := args[0]
			t := TNumber
			if of.Types&^TNumber != 0 {
				// tonumber(false) and tonumber(nil) are nil, and so is a
				// string that is not a number.
				t |= TNil
			}
			return bounded(Value{Types: t, Origin: Tonumber, Of: &of})
		case "tostring", "string.rep", "string.sub", "string.lower", "string.upper", "table.concat", "type":
			return Value{Types: TString}
		case "string.format":
			return bounded(Value{Types: TString, Origin: Concat, Parts: slices.Clone(args)})
		case "string.match":
			if len(args) > 1 {
				return capture(args[0], args[1])
			}
		case "assert":
			// assert returns its arguments, the first one truthy.
			if len(args) > 0 {
				return narrow(args[0], true)
			}
		case "unpack":
			// The first element; exprList adds the others.
			if len(args) == 1 {
				if _, ok := elementIndex(args[0], Value{Origin: Literal, Lit: "1"}); ok {
					return fs.m.element(args[0], 1)
				}
			}
		}
	}
	return AnyValue
}

// redisCall records a redis.call/pcall site and returns its reply's value.
func (fs *flowState) redisCall(x *ast.FuncCallExpr, protected bool, args []Value) Value {
	m := fs.m
	c := m.CallAt(x)
	if c == nil {
		c = &Call{Expr: x, Protected: protected, Func: fs.fn}
		c.Args = make([]Arg, len(x.Args))
		for i, a := range x.Args {
			c.Args[i] = Arg{Expr: a, Value: args[i]}
		}
		c.Variadic = len(x.Args) > 0 && m.Expands(x.Args[len(x.Args)-1])
		// A name with a space ('CONFIG GET') is no command for Redis, though
		// redisdb.Lookup reads it as a subcommand.
		if name, ok := c.Literal(0); ok && len(x.Args) > 0 && !hasSpace(name) {
			// A command's Name is the upper-case name it was found by,
			// and a subcommand's its container's, a space and its own
			// (TestCommandNames): taking them saves upper-casing the
			// name again, and a string made per call.
			c.Command = m.lookup(name)
			if c.Command != nil {
				c.Name = c.Command.Name
			} else {
				c.Name = strings.ToUpper(name)
			}
			if c.Command != nil && c.Command.Subcommands != nil {
				if sub, ok := c.Literal(1); ok {
					if sc := m.lookupSub(c.Command, sub); sc != nil {
						c.Command = sc
						c.Name = sc.Name
					}
				}
			}
		}
		m.callIdx.Put(nodemap.KeyOf(x), int32(len(m.Calls)))
		m.Calls = append(m.Calls, c)
	} else {
		for i := range c.Args {
			c.Args[i].Value = Join(c.Args[i].Value, args[i])
		}
	}
	return Value{Types: m.replyTypes(c), Origin: Reply, Call: c}
}

// lookupSub finds a container's subcommand as the target runs it: through
// Options.Lookup, which may take it from another table than the
// container's (a Valkey 7.2 target takes XGROUP CREATE from Redis's).
func (m *Model) lookupSub(container *redisdb.Command, sub string) *redisdb.Command {
	if m.opts.Lookup == nil || hasSpace(sub) {
		return container.Sub(sub)
	}
	return m.opts.Lookup(container.Name + " " + sub)
}

// hasSpace reports whether s holds a space, tab, CR or LF: what
// strings.ContainsAny(s, " \t\r\n") says (no byte of a multi-byte UTF-8
// sequence is ASCII), without building a set of the four for every call.
func hasSpace(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\r', '\n':
			return true
		}
	}
	return false
}

// replyTypes converts the command's reply kinds as Redis hands them to Lua
// (RESP2 unless the script chose RESP3): a null reply is false, a status
// reply is a table {ok=...}, an integer a number, a bulk string a string.
func (m *Model) replyTypes(c *Call) TypeSet {
	k := c.ReplyKind()
	if k == 0 {
		return TAny
	}
	var t TypeSet
	if k&redisdb.ReplyNull != 0 {
		if m.SetResp3 {
			t |= TNil
		} else {
			t |= TFalse
		}
	}
	if k&redisdb.ReplyBulk != 0 {
		t |= TString
	}
	// A double is a bulk string in RESP2 and a table {double=...} once the
	// script chose RESP3 (observed on 7.0.15 with ZSCORE).
	if k&redisdb.ReplyDouble != 0 {
		if m.SetResp3 {
			t |= TTable
		} else {
			t |= TString
		}
	}
	if k&(redisdb.ReplyStatus|redisdb.ReplyArray|redisdb.ReplyMap) != 0 {
		t |= TTable
	}
	if k&redisdb.ReplyInteger != 0 {
		t |= TNumber
	}
	if c.Protected {
		t |= TTable // an error reply is a table {err=...}
	}
	return t
}

// refine returns what holds when cond evaluated to truth.
func (fs *flowState) refine(cond ast.Expr, e env, truth bool) env {
	if e == nil {
		return nil
	}
	m := fs.m
	switch c := cond.(type) {
	case *ast.IdentExpr:
		if v := m.VarOf(c); v != nil {
			val, ok := e.get(v)
			if !ok {
				val = fs.paramValue(v)
			}
			if n := narrow(val, truth); !ok || n.Types != val.Types {
				fs.set(e, v, n)
			}
			if truth {
				fs.correlated(e, v, val)
				fs.coNarrow(e, v)
			}
			// `local ok = x ~= nil and y ~= nil ... if ok then`: what
			// the condition ok holds shows.
			return fs.refineHeld(c, v, e, truth)
		}
	case *ast.AttrGetExpr:
		if truth {
			fs.elementPresent(c, e)
		}
	case *ast.UnaryNotOpExpr:
		return fs.refine(c.Expr, e, !truth)
	case *ast.LogicalOpExpr:
		if c.Operator == "and" {
			if truth {
				return fs.refine(c.Rhs, fs.refine(c.Lhs, e, true), true)
			}
			a := fs.refine(c.Lhs, fs.copy(e), false)
			b := fs.refine(c.Rhs, fs.refine(c.Lhs, fs.copy(e), true), false)
			return fs.joinEnv(a, b)
		}
		if truth {
			a := fs.refine(c.Lhs, fs.copy(e), true)
			b := fs.refine(c.Rhs, fs.refine(c.Lhs, fs.copy(e), false), true)
			return fs.joinEnv(a, b)
		}
		return fs.refine(c.Rhs, fs.refine(c.Lhs, e, false), false)
	case *ast.RelationalOpExpr:
		if id, held := fs.boolTest(c, e, truth); id != nil {
			// ok == true, ok ~= false... of a boolean local.
			e = fs.refine(id, e, held)
			if e == nil {
				return nil
			}
		}
		if t := fs.lenTruth(c, e); t != 0 && (t == 1) != truth {
			// The comparison cannot come out this way here.
			return nil
		}
		fs.refineRemoved(c, e, truth)
		fs.refineLength(c, e, truth)
		switch c.Operator {
		case "==", "~=":
			eq := truth == (c.Operator == "==")
			if !eq {
				// t[n] ~= nil, next(t) ~= nil: an array reply holds it.
				fs.refineNotNil(c.Lhs, c.Rhs, e)
				fs.refineNotNil(c.Rhs, c.Lhs, e)
			}
			fs.refineEquality(c.Lhs, c.Rhs, e, eq)
			fs.refineEquality(c.Rhs, c.Lhs, e, eq)
		default:
			// An ordering comparison that did not raise means both sides
			// were numbers (or both strings): neither is nil or false.
			for _, side := range []ast.Expr{c.Lhs, c.Rhs} {
				fs.refineNotFalsy(side, e)
			}
		}
	case *ast.FuncCallExpr:
		if truth {
			fs.refineNext(c, e)
		}
		// `if tonumber(x) then`: x was not nil or false.
		if c.Func != nil && len(c.Args) == 1 {
			if id, ok := c.Func.(*ast.IdentExpr); ok && m.VarOf(id) == nil && id.Value == "tonumber" && truth {
				fs.refineNotFalsy(c.Args[0], e)
			}
		}
	}
	return e
}

// pastRaising narrows the operands of an arithmetic operation or ordering
// comparison once it has been evaluated: Lua raises when an operand is nil
// or false, so on the path that goes on neither was.
func (fs *flowState) pastRaising(e env, operands ...ast.Expr) {
	if e == nil {
		return
	}
	for _, x := range operands {
		fs.refineNotFalsy(x, e)
	}
}

// refineRemoved narrows, once a count of what ZREM, HDEL, SREM or DEL
// removed is known not to be 0 (`if ZREM(z, m) == 0 then return end`), the
// locals holding a read of the same member, field or key made before: it
// was there to be removed, so the read was not null.
func (fs *flowState) refineRemoved(x *ast.RelationalOpExpr, e env, truth bool) {
	m := fs.m
	for _, side := range [2]struct {
		count, other ast.Expr
		op           string
	}{{x.Lhs, x.Rhs, x.Operator}, {x.Rhs, x.Lhs, FlipRelation(x.Operator)}} {
		rv, ok := m.recorded(side.count)
		if ok && rv.Origin == Tonumber && rv.Of != nil {
			rv = *rv.Of
		}
		ov, ok2 := m.recorded(side.other)
		if !ok || !ok2 || rv.Origin != Reply || ov.Origin != Literal || ov.Types != TNumber {
			continue
		}
		n, err := strconv.ParseFloat(ov.Lit, 64)
		slot := m.removedSlot(rv.Call)
		if err != nil || slot == "" || !nonZero(side.op, n, truth) {
			continue
		}
		for _, b := range e.slots {
			if b == nil {
				continue
			}
			inner := b.val
			if inner.Origin == Tonumber && inner.Of != nil {
				inner = *inner.Of
			}
			if inner.Origin != Reply || inner.Call == nil || !inner.Types.MayBeFalsy() || m.ReadSlot(inner.Call) != slot {
				continue
			}
			val := b.val
			if val.Origin == Tonumber {
				of := narrow(*val.Of, true)
				val.Of = &of
			} else {
				val = narrow(val, true)
			}
			fs.set(e, b.v, val)
		}
		return
	}
}

// removedSlot is the slot that a write whose reply counts what it removed
// (removals) removes when it names exactly one: ZREM, HDEL or SREM of one
// member, DEL of one key, EXPIRE of one key at once; or "".
func (m *Model) removedSlot(c *Call) string {
	if c == nil || c.Command == nil || c.Protected || c.Variadic || !removals[c.Command.Name].counts {
		return ""
	}
	if gone, all := m.removedBy(c); all && len(gone) == 1 {
		return gone[0].slot
	}
	return ""
}

// elementPresent notes that t[n] is not null, where t is a local holding
// the reply of an ElementReads command: later reads of t[n] on the path see
// a string.
func (fs *flowState) elementPresent(x *ast.AttrGetExpr, e env) {
	id, ok := x.Object.(*ast.IdentExpr)
	if !ok {
		return
	}
	v := fs.m.VarOf(id)
	if v == nil {
		return
	}
	val, ok := e.get(v)
	if !ok {
		return
	}
	key, _ := literalValue(x.Key)
	if n, ok := arrayIndex(val, key); ok {
		fs.arrayHolds(x.Object, int64(n), e)
		return
	}
	n, ok := elementIndex(val, key)
	if !ok || n > 64 || val.Present&(1<<(n-1)) != 0 {
		return
	}
	val.Present |= 1 << (n - 1)
	fs.set(e, v, val)
}

func (fs *flowState) refineNotFalsy(x ast.Expr, e env) {
	switch x := x.(type) {
	case *ast.AttrGetExpr:
		fs.elementPresent(x, e)
	case *ast.IdentExpr:
		if v := fs.m.VarOf(x); v != nil {
			val, ok := e.get(v)
			if ok && narrow(val, true).Types != val.Types {
				fs.set(e, v, narrow(val, true))
			}
			if ok {
				fs.correlated(e, v, val)
				fs.coNarrow(e, v)
			}
		}
	case *ast.FuncCallExpr:
		if x.Func != nil && len(x.Args) == 1 {
			if id, ok := x.Func.(*ast.IdentExpr); ok && fs.m.VarOf(id) == nil && id.Value == "tonumber" {
				fs.refineNotFalsy(x.Args[0], e)
			}
		}
	}
}

// correlated narrows the locals whose value was computed from local v once
// v is known to be truthy (val is what v held before): n = tonumber(v)
// cannot be nil because v was a null reply any more; and, the other way,
// once n = tonumber(v) is truthy, v was a string or a number. Without it,
// `local n = tonumber(v); if v then return n + 1 end` would still see n as
// the tonumber of a null reply.
func (fs *flowState) correlated(e env, v *Variable, val Value) {
	if val.Origin == Tonumber && val.Of != nil && val.Of.Var != nil && val.Of.Var != v {
		// v = tonumber(w) is truthy: w was a string or a number.
		w := val.Of.Var
		if wv, ok := e.get(w); ok && sameOrigin(&wv, val.Of) && narrow(wv, true).Types != wv.Types {
			fs.set(e, w, narrow(wv, true))
		}
	}
	for _, b := range e.slots {
		if b == nil || b.v == v {
			continue
		}
		bv := b.val
		// Only while v still holds what n was computed from.
		if bv.Origin != Tonumber || bv.Of == nil || bv.Of.Var != v || !bv.Of.Types.MayBeFalsy() || !sameOrigin(&val, bv.Of) {
			continue
		}
		of := narrow(*bv.Of, true)
		bv.Of = &of
		fs.set(e, b.v, bv)
	}
}

// coNarrow drops the nil their declaration gave to the locals that hold a
// value wherever v does (Model.coAssigned), once v is known not to be nil.
func (fs *flowState) coNarrow(e env, v *Variable) {
	co := fs.m.coAssigned()
	for _, b := range co.partners[v] {
		bv, ok := e.get(b)
		if !ok || !bv.NilAssigned || bv.Types&TNil == 0 {
			continue
		}
		// What the other assignments give it, without the declared nil.
		var t TypeSet
		for _, x := range co.values[b] {
			if x == nil {
				t = TAny
				continue
			}
			if d, ok := fs.m.recorded(x); ok {
				t |= d.Types
			} else {
				t = TAny
			}
		}
		if t&TNil != 0 || t == 0 {
			continue
		}
		bv.Types &^= TNil
		bv.NilAssigned = false
		if bv.Types == 0 {
			bv.Types = t
		}
		fs.set(e, b, bv)
	}
}

// refineEquality narrows x after `x == other` (eq) or `x ~= other` (!eq)
// when other is nil or false.
func (fs *flowState) refineEquality(x, other ast.Expr, e env, eq bool) {
	if a, ok := x.(*ast.AttrGetExpr); ok {
		// t[n] ~= false, t[n] ~= nil, t[n] == 'x': the element is there.
		if ov, ok := fs.m.recorded(other); ok && ov.Types != 0 {
			if eq && !ov.Types.MayBeFalsy() || !eq && ov.Types&^Falsy == 0 {
				fs.elementPresent(a, e)
			}
		}
		return
	}
	id, ok := x.(*ast.IdentExpr)
	if !ok {
		return
	}
	v := fs.m.VarOf(id)
	if v == nil {
		return
	}
	val, ok := e.get(v)
	if !ok {
		return
	}
	var t TypeSet
	switch other.(type) {
	case *ast.NilExpr:
		t = TNil
	case *ast.FalseExpr:
		t = TFalse
	default:
		// x == <something that is neither nil nor false>: x is not falsy.
		if eq {
			if ov, ok := fs.m.recorded(other); ok && !ov.Types.MayBeFalsy() && ov.Types != 0 {
				if n := narrow(val, true); n.Types != val.Types {
					fs.set(e, v, n)
				}
			}
		}
		return
	}
	// Only the types change: an unchanged value needs no write (which
	// would copy a shared environment).
	types := val.Types
	if eq {
		if val.Types&t != 0 {
			val.Types &= t
		}
	} else {
		if val.Types&^t != 0 {
			val.Types &^= t
		}
	}
	if val.Types != types {
		fs.set(e, v, val)
	}
}

// assigned is what a local holds once given val: not the local val was read
// through, and NilAssigned when val is the nil literal (written, or given
// for a name with no expression).
func assigned(val Value) Value {
	val.Var = nil
	if val.Origin == Literal && val.Types == TNil {
		val.NilAssigned = true
	}
	return val
}

// lenTruth is the truth (1 true, -1 false, 0 unknown) of comparing the
// length of tostring(x) with 0 (`string.len(tostring(x)) ~= 0`,
// `#tostring(x) > 0`) where e knows x is no string: tostring of nil, a
// boolean, a number or a table is never empty. Seata guards a missing
// field with `not x and string.len(tostring(x)) ~= 0`.
func (fs *flowState) lenTruth(c *ast.RelationalOpExpr, e env) int {
	m := fs.m
	side, zero, op := c.Lhs, c.Rhs, c.Operator
	if k, ok := NumberLit(side); ok && k == 0 {
		side, zero, op = c.Rhs, c.Lhs, FlipRelation(op)
	}
	if k, ok := NumberLit(zero); !ok || k != 0 {
		return 0
	}
	var arg ast.Expr
	switch x := side.(type) {
	case *ast.UnaryLenOpExpr:
		arg = x.Expr
	case *ast.FuncCallExpr:
		if m.BuiltinName(x) == "string.len" && len(x.Args) == 1 {
			arg = x.Args[0]
		}
	}
	ts, ok := arg.(*ast.FuncCallExpr)
	if !ok || m.BuiltinName(ts) != "tostring" || len(ts.Args) != 1 {
		return 0
	}
	id, ok := ts.Args[0].(*ast.IdentExpr)
	if !ok {
		return 0
	}
	v := m.VarOf(id)
	if v == nil {
		return 0
	}
	val, ok := e.get(v)
	if !ok || val.Types == 0 || val.Types&TString != 0 || !val.Types.Known() {
		return 0
	}
	switch op {
	case "~=", ">", ">=":
		return 1
	case "==", "<", "<=":
		return -1
	}
	return 0
}

// narrow keeps the truthy (or falsy) part of a value's types. A value
// with no such part gives none (Types 0): the branch cannot run with it,
// and joins take the other paths' values (a local that a loop round
// assigns reaches `if x then` only from the rounds that assigned it).
func narrow(v Value, truth bool) Value {
	if truth {
		v.Types &^= Falsy
	} else {
		v.Types &= Falsy
	}
	if v.Types == 0 {
		return Value{}
	}
	return v
}

// keyBufs are the buffers computeKeys hands KeyPositions.
type keyBufs struct {
	lits []string
	argv []*string
}

// computeKeys finds the key positions of every call from its literal
// arguments, with b's buffers, which it leaves cleared.
func (m *Model) computeKeys(b *keyBufs) {
	lits, argv := b.lits, b.argv
	defer func() {
		clear(lits[:cap(lits)])
		clear(argv[:cap(argv)])
		b.lits, b.argv = lits[:0], argv[:0]
	}()
	for _, c := range m.Calls {
		if c.Command == nil {
			continue
		}
		// KeyPositions keeps neither argv nor the strings, so one pair
		// of buffers serves every call.
		lits = slices.Grow(lits[:0], len(c.Args))[:len(c.Args)]
		argv = slices.Grow(argv[:0], len(c.Args))[:len(c.Args)]
		for i := range c.Args {
			argv[i] = nil
			if s, ok := c.Literal(i); ok {
				lits[i] = s
				argv[i] = &lits[i]
			}
		}
		c.Keys, c.KeysComplete = c.Command.KeyPositions(argv)
		if c.Variadic {
			c.KeysComplete = false
		}
	}
}

// capture is the value of string.match(s, p): a Capture (a string, or nil
// when p does not match) when p is a literal pattern that can fail, else
// nothing known. A pattern that matches every string (`(.*)`,
// `^%s*(.-)%s*$`: every item may repeat 0 times) never gives nil.
func capture(s, p Value) Value {
	if p.Origin != Literal || !p.IsString || PatternAlwaysMatches(p.Lit) {
		return AnyValue
	}
	return bounded(Value{Types: TString | TNil, Origin: Capture, Lit: p.Lit, Of: &s})
}

// PatternAlwaysMatches reports whether the Lua pattern p matches every
// string: apart from anchors and captures, every item is a single
// character class followed by `*` or `-` (zero or more), so the empty
// string at the start matches. %b and %f items, back-references and any
// item that must occur make it false.
func PatternAlwaysMatches(p string) bool {
	p = strings.TrimPrefix(p, "^")
	if strings.HasSuffix(p, "$") && !strings.HasSuffix(p, "%$") {
		p = p[:len(p)-1]
	}
	for i := 0; i < len(p); {
		switch p[i] {
		case '(', ')':
			i++
			continue
		case '%':
			if i+1 >= len(p) || p[i+1] == 'b' || p[i+1] == 'f' || p[i+1] >= '0' && p[i+1] <= '9' {
				return false
			}
			i += 2
		case '[':
			j := i + 1
			if j < len(p) && p[j] == '^' {
				j++
			}
			if j < len(p) && p[j] == ']' {
				j++
			}
			for j < len(p) && p[j] != ']' {
				if p[j] == '%' {
					j++
				}
				j++
			}
			if j >= len(p) {
				return false
			}
			i = j + 1
		default:
			i++
		}
		if i >= len(p) || p[i] != '*' && p[i] != '-' {
			return false
		}
		i++
	}
	return true
}
