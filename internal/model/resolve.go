package model

import (
	"fmt"
	"slices"
	"sync"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/nodemap"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/yuin/gopher-lua/ast"
)

// Build makes the model of a parsed file for Redis: BuildWith with no
// options. A file that did not parse gives a model with no functions,
// calls or variables.
func Build(f *luasrc.File) *Model { return BuildWith(f, Options{}) }

// Options says what the server a script runs on changes in its model.
// The zero value is Redis with its own command table.
type Options struct {
	// ServerAlias makes the global `server` the `redis` table under a
	// second name, as on Valkey (redis-facts.md H1, H3; target's
	// ServerAlias): server.call and server.pcall sites are Calls,
	// server.register_function a Registration, and a field access
	// server.x is recorded as the global access "redis.x" (a bare
	// `server` stays "server").
	ServerAlias bool
	// Lookup resolves a command name, "GET" or "CONFIG GET", to the
	// command as the target runs it, nil when the target lacks it (a
	// target's Lookup). Nil means redisdb.Lookup, Redis's table.
	Lookup func(name string) *redisdb.Command
}

// BuildWith makes the model of a parsed file for the server o describes.
func BuildWith(f *luasrc.File, o Options) *Model {
	n := len(f.Tokens)
	m := &Model{
		File: f,
		opts: o,
		// Typical shares of the tokens, for a start.
		Vars: make([]*Variable, 0, n/16),
	}
	if f.Shebang != nil {
		if _, ok := f.Shebang.Option("name"); ok {
			m.Context = Library
		}
	}
	m.Main = &Function{}
	if f.Chunk == nil {
		return m
	}
	r := newResolver(m, n)
	defer r.release()
	// The walk records every node (but those deeper than it goes): one
	// allocation of the right size, rather than a guess from the tokens
	// (two nodes for three tokens) that left a fifth of the arrays unused
	// on real scripts, or a dozen as the arrays grow.
	nodes := f.NodeCount()
	if nodes == 0 {
		nodes = n*3/4 + 8
	}
	// The arrays come from a released model when it left them large
	// enough (WithModel).
	m.pool = takeArrays()
	a := *m.pool
	// FuncOf's table is made after Build, if a rule asks: its arrays
	// wait in the pool's place until then.
	*m.pool = arrays{funcOf: a.funcOf}
	r.w.nodes = zeroed(a.nodes, nodes)[:0]
	r.w.events = zeroed(a.events, nodes)[:0]
	// On real scripts identifiers and the other non-literal expressions
	// are 53% to 60% of the nodes.
	m.ids.Init(nodes*5/8, a.ids)
	// About one declaring statement per 25 tokens.
	m.decls.Init(n/32, a.decls)
	m.funcIdx.Init(n/64, a.funcIdx)
	m.callIdx.Init(n/32, a.callIdx)
	m.declLists = a.declLists[:0]
	if cap(a.vars) >= n/16 {
		m.Vars = a.vars[:0]
	}
	m.Calls = a.calls[:0]
	if g := n / 8; cap(a.globals) >= g {
		m.Globals = a.globals[:0]
	} else {
		m.Globals = make([]GlobalAccess, 0, g)
	}
	// Locals and scopes, for a start: about one of each per 20 to 25
	// tokens on real scripts, fewer on many.
	r.varSlab.expect(n/32 + 4)
	r.scopeSlab.expect(n/32 + 4)
	// Function expressions: a few per script (most have none or one
	// helper per 30 lines), and 8 at a time was half unused.
	r.funcSlab.expect(n/256 + 1)
	r.fn = m.Main
	r.scope = r.scopeSlab.alloc()
	*r.scope = Scope{Func: m.Main}
	r.block(f.Chunk)
	m.vals = zeroed(a.vals, int(r.nids))
	m.evaluated = zeroed(a.evaluated, int(r.nids+63)/64)
	m.refs = zeroed(a.refs, int(r.nids))
	fillUses(m.Vars, r.uses, m.refs)
	m.walkIdx = r.w.index(a.blocks)
	// A function with more than 200 active locals does not compile; its
	// flow would also cost time quadratic in the locals (every function
	// value keeps a copy of the environment), so values stay unknown and
	// the syntax error is the finding.
	if !r.tooManyLocals {
		m.flow(len(m.Vars), r.scopeSlab.total-len(r.scopeSlab.free))
	}
	m.computeKeys(&r.keyBufs)
	return m
}

// resolver binds every identifier to its declaration, lexically.
type resolver struct {
	// tooManyLocals is set when some function passes Lua's 200 locals.
	tooManyLocals bool
	m             *Model
	fn            *Function
	scope         *Scope
	// upvalues holds, per function, the outer locals it captures, itself
	// or for a function nested in it, for Lua's limit.
	upvalues map[*Function]map[*Variable]bool
	// live counts the locals in scope, those of enclosing functions
	// included: the next declaration's slot.
	live int
	// nids counts the expressions given an index in Model.ids.
	nids int32
	// w records the model's flattened walk (inspect.go) as the resolver
	// goes.
	w walkRec
	// names maps each name to the innermost local of that name in scope;
	// decls lists the locals in scope, innermost last, and declNames
	// their names' indexes in names, so that leaving a scope can give
	// each name back the local it had shadowed.
	names     scopeNames
	decls     []*Variable
	declNames []int32
	// declsMax is the most decls held.
	declsMax int
	// uses are the identifiers that name locals, for fillUses.
	uses []use
	// Where variables, scopes and declaration lists are allocated.
	varSlab   slab[Variable]
	scopeSlab slab[Scope]
	funcSlab  slab[Function]
	varLists  varList
	// keyBufs is computeKeys' scratch space, kept from file to file.
	keyBufs keyBufs
}

// resolvers keeps the scratch space of finished resolvers for the next
// file's: the list of uses, the names in scope, the walk's list of blocks,
// which the model does not keep.
var resolvers sync.Pool

// newResolver returns a resolver for m, a file of n tokens.
func newResolver(m *Model, n int) *resolver {
	r, _ := resolvers.Get().(*resolver)
	if r == nil {
		r = &resolver{}
	}
	// About one local reference per seven tokens.
	*r = resolver{m: m, names: r.names, decls: r.decls, declNames: r.declNames, uses: slices.Grow(r.uses, n/7), keyBufs: r.keyBufs,
		w: walkRec{blockList: r.w.blockList, tmpNodes: r.w.tmpNodes, tmpEvents: r.w.tmpEvents}}
	return r
}

// release zeroes the resolver, keeping its scratch space (emptied) for the
// next.
func (r *resolver) release() {
	// Only what this file used: uses and blocks were only appended to,
	// rotate clears tmpNodes after each use, and the declarations are
	// the most that were in scope together.
	r.names.reset()
	clear(r.decls[:r.declsMax])
	clear(r.uses)
	clear(r.w.blockList)
	*r = resolver{names: r.names, decls: r.decls[:0], declNames: r.declNames[:0], uses: r.uses[:0], keyBufs: r.keyBufs,
		w: walkRec{blockList: r.w.blockList[:0], tmpNodes: r.w.tmpNodes[:0], tmpEvents: r.w.tmpEvents[:0]}}
	resolvers.Put(r)
}

// maxUpvalues is Lua 5.1's LUAI_MAXUPVALUES: a function may capture at most
// 60 outer locals, or the script does not compile.
const maxUpvalues = 60

// maxRegisters is Lua 5.1's MAXSTACK: a function uses at most 250
// registers, its locals first, then the values of the expression being
// built.
const maxRegisters = 250

// registers reports a call or return list that needs n registers above the
// locals in scope, when that passes Lua's limit. The count leaves out what
// an enclosing expression holds, so it can only fall short: what it
// reports, Lua refuses ("function or expression too complex"; checked
// against Redis 7.0.15 for f(249 arguments), a:b(248) and return of 250).
func (r *resolver) registers(n int, at ast.Expr) {
	if r.fn.active+n < maxRegisters {
		return
	}
	r.overLimit(r.fn, luasrc.SyntaxError{Range: r.m.File.Range(at), Message: fmt.Sprintf("function or expression too complex: %d values with %d locals in scope pass Lua 5.1's %d registers", n, r.fn.active, maxRegisters), Help: "pass a table, or unpack one"})
}

// overLimit reports e, a limit of Lua's that fn passes, unless one was
// reported for fn already: the compiler stops at the first, and the same
// limit passed again on every later line would bury it.
func (r *resolver) overLimit(fn *Function, e luasrc.SyntaxError) {
	if fn.overLimit {
		return
	}
	fn.overLimit = true
	r.m.Problems = append(r.m.Problems, e)
}

// capture records that the current function reads or writes v, a local of
// an enclosing function: v is an upvalue of every function in between.
func (r *resolver) capture(v *Variable, at *ast.IdentExpr) {
	if r.upvalues == nil {
		r.upvalues = map[*Function]map[*Variable]bool{}
	}
	for fn := r.fn; fn != nil && fn != v.Func; fn = fn.Parent {
		set := r.upvalues[fn]
		if set == nil {
			set = map[*Variable]bool{}
			r.upvalues[fn] = set
		}
		if set[v] {
			return // and so for every enclosing function too
		}
		set[v] = true
		if len(set) == maxUpvalues+1 && fn.Expr != nil {
			r.overLimit(fn, luasrc.SyntaxError{Range: r.m.File.Range(at), Message: fmt.Sprintf("function at line %d has more than %d upvalues (Lua 5.1's limit)", fn.Expr.Line(), maxUpvalues), Help: "group the outer locals in a table"})
		}
	}
}

func (r *resolver) push() {
	s := r.scopeSlab.alloc()
	*s = Scope{Parent: r.scope, Func: r.fn, start: len(r.decls)}
	r.scope = s
}
func (r *resolver) pop() {
	r.fn.active -= r.scope.declared
	r.live -= r.scope.declared
	for i := len(r.decls) - 1; i >= r.scope.start; i-- {
		r.names.cur[r.declNames[i]] = r.decls[i].Shadows
	}
	r.decls = r.decls[:r.scope.start]
	r.declNames = r.declNames[:r.scope.start]
	r.scope = r.scope.Parent
}

// maxLocals is Lua 5.1's LUAI_MAXVARS: a function may have at most 200
// active local variables, or the script does not compile.
const maxLocals = 200

func (r *resolver) lookup(name string) *Variable { return r.names.lookup(name) }

func (r *resolver) declare(name string, kind VarKind, decl any, i int, init ast.Expr) *Variable {
	v := r.varSlab.alloc()
	*v = Variable{Name: name, Kind: kind, Scope: r.scope, Func: r.fn, Init: init, slot: int32(r.live), index: int32(len(r.m.Vars))}
	r.live++
	if rg, ok := r.m.File.NameRange(decl, i); ok {
		v.Decl = rg
	} else if n, ok := decl.(ast.PositionHolder); ok {
		v.Decl = r.m.File.Range(n)
	}
	ni := r.names.intern(name)
	v.Shadows = r.names.cur[ni]
	r.names.cur[ni] = v
	r.decls = append(r.decls, v)
	r.declNames = append(r.declNames, ni)
	r.declsMax = max(r.declsMax, len(r.decls))
	r.scope.declared++
	r.fn.active++
	if r.fn.active == maxLocals+1 {
		r.tooManyLocals = true
		where := "main function"
		if r.fn.Expr != nil {
			where = fmt.Sprintf("function at line %d", r.fn.Expr.Line())
		}
		r.overLimit(r.fn, luasrc.SyntaxError{Range: v.Decl, Message: fmt.Sprintf("%s has more than %d local variables (Lua 5.1's limit)", where, maxLocals), Help: "group them in a table"})
	}
	r.m.Vars = append(r.m.Vars, v)
	return v
}

// setFunc notes that n belongs to the current function. FuncOf answers the
// main chunk for a node it does not know, so only nodes inside functions
// count; FuncOf finds those the walk recorded (inWalk) in the walk, and
// only the others (deeper than the walks go) are listed.
func (r *resolver) setFunc(n any, inWalk bool) {
	// Small enough to be inlined at every node; the rest is apart.
	if r.fn != r.m.Main {
		r.inFunc(n, inWalk)
	}
}

func (r *resolver) inFunc(n any, inWalk bool) {
	r.m.funcNodeCount++
	if !inWalk {
		r.m.funcNodes.add(funcNode{n, r.fn})
	}
}

func (r *resolver) block(stmts []ast.Stmt) {
	r.w.block(stmts)
	for _, s := range stmts {
		r.stmt(s)
	}
}

func (r *resolver) stmt(s ast.Stmt) {
	if s == nil {
		r.setFunc(s, false)
		return
	}
	k := KindOf(s)
	i := r.w.open(s, k)
	r.setFunc(s, i >= 0)
	r.stmtIn(s, k)
	r.w.close(i)
}

// stmtIn resolves s, of kind k (see exprIn).
func (r *resolver) stmtIn(s ast.Stmt, k Kinds) {
	switch k {
	case KAssignStmt:
		s := s.(*ast.AssignStmt)
		a, bl0 := int32(len(r.w.events)), len(r.w.blockList)
		for _, e := range s.Rhs {
			r.expr(e)
		}
		b, bl1 := int32(len(r.w.events)), len(r.w.blockList)
		for _, e := range s.Lhs {
			r.target(e)
		}
		// The walk visits the targets first.
		r.w.rotate(a, b, int32(len(r.w.events)), bl0, bl1)
	case KLocalAssignStmt:
		s := s.(*ast.LocalAssignStmt)
		if r.m.File.IsLocalFunction(s) {
			v := r.declare(s.Names[0], LocalFunction, s, 0, s.Exprs[0])
			r.setDeclared(s, append(r.varLists.take(1), v))
			r.expr(s.Exprs[0])
			return
		}
		for _, e := range s.Exprs {
			r.expr(e)
		}
		vs := r.varLists.take(len(s.Names))
		for i, n := range s.Names {
			var init ast.Expr
			if i < len(s.Exprs) {
				init = s.Exprs[i]
			}
			vs = append(vs, r.declare(n, LocalVar, s, i, init))
		}
		r.setDeclared(s, vs)
	case KFuncCallStmt:
		s := s.(*ast.FuncCallStmt)
		r.expr(s.Expr)
	case KDoBlockStmt:
		s := s.(*ast.DoBlockStmt)
		r.push()
		r.block(s.Stmts)
		r.pop()
	case KWhileStmt:
		s := s.(*ast.WhileStmt)
		r.expr(s.Condition)
		r.push()
		r.block(s.Stmts)
		r.pop()
	case KRepeatStmt:
		s := s.(*ast.RepeatStmt)
		r.push()
		r.block(s.Stmts)
		r.expr(s.Condition) // the body's locals are visible in `until`
		r.pop()
	case KIfStmt:
		s := s.(*ast.IfStmt)
		r.expr(s.Condition)
		r.push()
		r.block(s.Then)
		r.pop()
		r.push()
		r.block(s.Else)
		r.pop()
	case KNumberForStmt:
		s := s.(*ast.NumberForStmt)
		r.expr(s.Init)
		r.expr(s.Limit)
		if s.Step != nil {
			r.expr(s.Step)
		}
		r.push()
		r.setDeclared(s, append(r.varLists.take(1), r.declare(s.Name, ForVar, s, 0, nil)))
		r.block(s.Stmts)
		r.pop()
	case KGenericForStmt:
		s := s.(*ast.GenericForStmt)
		for _, e := range s.Exprs {
			r.expr(e)
		}
		r.push()
		vs := r.varLists.take(len(s.Names))
		for i, n := range s.Names {
			vs = append(vs, r.declare(n, ForVar, s, i, nil))
		}
		r.setDeclared(s, vs)
		r.block(s.Stmts)
		r.pop()
	case KFuncDefStmt:
		s := s.(*ast.FuncDefStmt)
		if s.Name.Func != nil {
			r.target(s.Name.Func)
		} else {
			r.expr(s.Name.Receiver)
		}
		// The walk visits s.Func as an expression.
		i := r.w.open(s.Func, KFunctionExpr)
		r.function(s.Func, s.Name.Func == nil, s)
		r.w.close(i)
	case KReturnStmt:
		s := s.(*ast.ReturnStmt)
		for _, e := range s.Exprs {
			r.expr(e)
		}
		if len(s.Exprs) > 0 {
			r.registers(len(s.Exprs), s.Exprs[len(s.Exprs)-1])
		}
	}
}

// target resolves an assignment target.
func (r *resolver) target(e ast.Expr) {
	switch e := e.(type) {
	case *ast.IdentExpr:
		i := r.w.open(e, KIdentExpr)
		r.w.close(i)
		idx := r.number(e)
		if v := r.lookup(e.Value); v != nil {
			r.uses = append(r.uses, use{v: v, id: e, idx: idx, write: true})
			if v.Func != r.fn {
				v.Captured = true
				r.capture(v, e)
			}
			return
		}
		r.m.Globals = append(r.m.Globals, GlobalAccess{Name: e.Value, Ident: e, Write: true, Func: r.fn, at: e, file: r.m.File})
	case *ast.AttrGetExpr:
		r.number(e)
		i := r.w.open(e, KAttrGetExpr)
		r.expr(e.Object)
		r.expr(e.Key)
		r.w.close(i)
		if id, ok := e.Object.(*ast.IdentExpr); ok && r.lookup(id.Value) == nil {
			if k, ok := e.Key.(*ast.StringExpr); ok {
				r.m.Globals = append(r.m.Globals, GlobalAccess{Name: r.fieldName(id.Value, k.Value), Ident: id, Write: true, Func: r.fn, Field: true, at: e, file: r.m.File})
			}
		}
	default:
		r.expr(e)
	}
}

func (r *resolver) function(fe *ast.FunctionExpr, method bool, decl any) {
	fn := r.funcSlab.alloc()
	*fn = Function{Expr: fe, Parent: r.fn, index: int32(len(r.m.funcList))}
	r.m.funcIdx.Put(nodemap.KeyOf(fe), int32(len(r.m.funcList)))
	r.m.funcList = append(r.m.funcList, fn)
	outerFn := r.fn
	r.fn = fn
	r.push()
	if method {
		v := r.declare("self", SelfParam, decl, 0, nil)
		r.setDeclared(decl, append(r.varLists.take(1), v))
		fn.Params = append(fn.Params, v)
	}
	if len(fe.ParList.Names) > 0 {
		vs := r.varLists.take(len(fe.ParList.Names))
		for i, n := range fe.ParList.Names {
			v := r.declare(n, Param, fe, i, nil)
			vs = append(vs, v)
			fn.Params = append(fn.Params, v)
		}
		r.setDeclared(fe, vs)
	}
	if fe.ParList.HasVargs {
		// Lua 5.1 declares `arg` after the named parameters, and counts
		// it among the function's locals.
		fn.Vararg = r.declare("arg", VarargArg, fe, -1, nil)
	}
	r.block(fe.Stmts)
	r.pop()
	r.fn = outerFn
}

func (r *resolver) expr(e ast.Expr) {
	if e == nil {
		return
	}
	k := KindOf(e)
	i := r.w.open(e, k)
	r.setFunc(e, i >= 0)
	r.exprIn(e, k)
	r.w.close(i)
}

// exprIn resolves e, of kind k: the one type switch of KindOf decides, and
// the cases assert e's type, which costs a comparison where another type
// switch went through the type's hash.
func (r *resolver) exprIn(e ast.Expr, k Kinds) {
	if k&(KNilExpr|KFalseExpr|KTrueExpr|KNumberExpr|KStringExpr) != 0 {
		// Not numbered: the flow does not record literals (see expr).
		return
	}
	idx := r.number(e)
	switch k {
	case KIdentExpr:
		e := e.(*ast.IdentExpr)
		if v := r.lookup(e.Value); v != nil {
			r.uses = append(r.uses, use{v: v, id: e, idx: idx})
			if v.Func != r.fn {
				v.Captured = true
				r.capture(v, e)
			}
			return
		}
		r.m.Globals = append(r.m.Globals, GlobalAccess{Name: e.Value, Ident: e, Func: r.fn, at: e, file: r.m.File})
	case KAttrGetExpr:
		e := e.(*ast.AttrGetExpr)
		r.expr(e.Object)
		r.expr(e.Key)
		if id, ok := e.Object.(*ast.IdentExpr); ok && r.lookup(id.Value) == nil {
			if k, ok := e.Key.(*ast.StringExpr); ok {
				r.m.Globals = append(r.m.Globals, GlobalAccess{Name: r.fieldName(id.Value, k.Value), Ident: id, Func: r.fn, Field: true, at: e, file: r.m.File})
			}
		}
	case KTableExpr:
		e := e.(*ast.TableExpr)
		for _, f := range e.Fields {
			r.expr(f.Key)
			r.expr(f.Value)
		}
	case KFuncCallExpr:
		e := e.(*ast.FuncCallExpr)
		r.expr(e.Func)
		r.expr(e.Receiver)
		for _, a := range e.Args {
			r.expr(a)
		}
		regs := 1 + len(e.Args) // the function, then one register per argument
		if e.Receiver != nil {
			regs++ // self
		}
		r.registers(regs, e)
		r.registration(e)
	case KLogicalOpExpr:
		e := e.(*ast.LogicalOpExpr)
		r.expr(e.Lhs)
		r.expr(e.Rhs)
	case KRelationalOpExpr:
		e := e.(*ast.RelationalOpExpr)
		r.expr(e.Lhs)
		r.expr(e.Rhs)
	case KStringConcatOpExpr:
		e := e.(*ast.StringConcatOpExpr)
		r.expr(e.Lhs)
		r.expr(e.Rhs)
	case KArithmeticOpExpr:
		e := e.(*ast.ArithmeticOpExpr)
		r.expr(e.Lhs)
		r.expr(e.Rhs)
	case KUnaryMinusOpExpr:
		e := e.(*ast.UnaryMinusOpExpr)
		r.expr(e.Expr)
	case KUnaryNotOpExpr:
		e := e.(*ast.UnaryNotOpExpr)
		r.expr(e.Expr)
	case KUnaryLenOpExpr:
		e := e.(*ast.UnaryLenOpExpr)
		r.expr(e.Expr)
	case KFunctionExpr:
		e := e.(*ast.FunctionExpr)
		r.function(e, false, e)
	}
}

// fieldName is fieldName with `server` read as `redis` where the server
// aliases them (Options.ServerAlias).
func (r *resolver) fieldName(obj, key string) string {
	if obj == "server" && r.m.opts.ServerAlias {
		obj = "redis"
	}
	return fieldName(obj, key)
}

// fieldName is obj + "." + key, the name of a global access like
// redis.call: the fields real scripts use most are constants, so that
// their accesses make no string (there is one per redis.call).
func fieldName(obj, key string) string {
	switch obj {
	case "redis":
		switch key {
		case "call":
			return "redis.call"
		case "pcall":
			return "redis.pcall"
		case "error_reply":
			return "redis.error_reply"
		case "status_reply":
			return "redis.status_reply"
		}
	case "table":
		switch key {
		case "insert":
			return "table.insert"
		case "concat":
			return "table.concat"
		case "remove":
			return "table.remove"
		}
	case "cjson":
		switch key {
		case "encode":
			return "cjson.encode"
		case "decode":
			return "cjson.decode"
		}
	case "cmsgpack":
		switch key {
		case "pack":
			return "cmsgpack.pack"
		case "unpack":
			return "cmsgpack.unpack"
		}
	}
	return obj + "." + key
}

// setDeclared records the variables that node decl declares.
func (r *resolver) setDeclared(decl any, vs []*Variable) {
	m := r.m
	m.decls.Put(nodemap.Key(decl), int32(len(m.declLists)))
	m.declLists = append(m.declLists, vs)
}

// number gives expression n the next index in Model.ids.
func (r *resolver) number(n ast.Expr) int32 {
	i := r.nids
	r.nids++
	r.m.ids.Put(nodemap.Key(n), i)
	return i
}

// isGlobalField reports whether e is `obj.key` with obj the global name,
// while resolving: obj is a global when no local of its name is in scope
// (Model.ids does not say yet).
func (r *resolver) isGlobalField(e ast.Expr, obj, key string) bool {
	a, ok := e.(*ast.AttrGetExpr)
	if !ok {
		return false
	}
	id, ok := a.Object.(*ast.IdentExpr)
	if !ok || r.lookup(id.Value) != nil {
		return false
	}
	if id.Value != obj && !(obj == "redis" && id.Value == "server" && r.m.opts.ServerAlias) {
		return false
	}
	k, ok := a.Key.(*ast.StringExpr)
	return ok && k.Value == key
}

// registration records redis.register_function('name', fn) and
// redis.register_function{function_name=..., callback=..., flags={...}}, and
// notes redis.setresp(3).
func (r *resolver) registration(e *ast.FuncCallExpr) {
	m := r.m
	if r.isGlobalField(e.Func, "redis", "setresp") && len(e.Args) == 1 {
		if n, ok := e.Args[0].(*ast.NumberExpr); ok && n.Value == "3" {
			m.SetResp3 = true
		}
		return
	}
	if !r.isGlobalField(e.Func, "redis", "register_function") {
		return
	}
	reg := &Registration{Call: e}
	var cb ast.Expr
	if len(e.Args) >= 2 {
		if s, ok := e.Args[0].(*ast.StringExpr); ok {
			reg.Name, reg.NameKnown = s.Value, true
		}
		reg.NameRange = m.File.Range(e.Args[0])
		cb = e.Args[1]
	} else if len(e.Args) == 1 {
		if t, ok := e.Args[0].(*ast.TableExpr); ok {
			for _, f := range t.Fields {
				k, ok := f.Key.(*ast.StringExpr)
				if !ok {
					continue
				}
				switch k.Value {
				case "function_name":
					if s, ok := f.Value.(*ast.StringExpr); ok {
						reg.Name, reg.NameKnown = s.Value, true
					}
					reg.NameRange = m.File.Range(f.Value)
				case "callback":
					cb = f.Value
				case "flags":
					reg.FlagsRange = m.File.Range(f.Value)
					if ft, ok := f.Value.(*ast.TableExpr); ok {
						for _, x := range ft.Fields {
							if s, ok := x.Value.(*ast.StringExpr); ok && x.Key == nil {
								reg.Flags = append(reg.Flags, s.Value)
							}
						}
					}
				}
			}
		}
	}
	switch c := cb.(type) {
	case *ast.FunctionExpr:
		reg.Callback = c
	case *ast.IdentExpr:
		if v := r.lookup(c.Value); v != nil {
			if fe, ok := v.Init.(*ast.FunctionExpr); ok {
				reg.Callback = fe
			}
		}
	}
	if reg.Callback != nil {
		if fn := m.FunctionFor(reg.Callback); fn != nil {
			fn.Registration = reg
		}
	}
	m.Registrations = append(m.Registrations, reg)
}
