// Package model builds the semantic model of one Redis Lua script that every
// rule reads: scopes and variables, global accesses, every redis.call and
// redis.pcall site with its command and classified arguments, and what each
// expression may hold on the paths that reach it (reply types as Lua sees
// them, tonumber results, and the guards that narrow them).
package model

import (
	"strings"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/nodemap"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/ast"
)

// Context is how Redis runs the file.
type Context int

const (
	// Script is an EVAL/EVALSHA script: KEYS and ARGV exist.
	Script Context = iota
	// Library is a Functions library (`#!lua name=...`): at top level only
	// redis.register_function, redis.log, redis.LOG_* and
	// redis.REDIS_VERSION(_NUM) exist; inside registered functions the keys
	// and args are the function's parameters.
	Library
)

func (c Context) String() string {
	if c == Library {
		return "library"
	}
	return "script"
}

// VarKind says how a variable was declared.
type VarKind int

const (
	LocalVar VarKind = iota
	LocalFunction
	Param
	ForVar
	SelfParam
	// VarargArg is the local `arg` that Lua 5.1 (LUA_COMPAT_VARARG, as
	// Redis builds it) gives every vararg function: a table of the extra
	// arguments when the body does not use `...`, else nil (observed on
	// 7.0.15: `local function f(...) return arg.n end` returns the count).
	VarargArg
)

// Variable is one local declaration.
type Variable struct {
	Name  string
	Kind  VarKind
	Decl  span.Range
	Scope *Scope
	Func  *Function
	// Reads and Writes are the identifier expressions that use it.
	Reads  []*ast.IdentExpr
	Writes []*ast.IdentExpr
	// Shadows is the variable of an enclosing scope with the same name that
	// this declaration hides, if any.
	Shadows *Variable
	// Captured is true when a nested function uses it (an upvalue).
	Captured bool
	// Init is the expression it was declared with, if any.
	Init ast.Expr
	// slot is how many locals were in scope where it was declared, those
	// of enclosing functions included: locals in scope together have
	// different slots (see env in flow.go).
	slot int32
	// index is its place in Model.Vars.
	index int32
	// identity is Identity's name for it, made on first use.
	identity string
}

// Scope is a block's set of declarations.
type Scope struct {
	Parent *Scope
	Func   *Function
	// start is where the scope's locals begin in the resolver's list.
	start int
	// declared counts declarations in this scope (a name declared twice
	// counts twice, as Lua's compiler does).
	declared int
}

// Function is the main chunk (Expr nil) or one function expression.
type Function struct {
	Expr   *ast.FunctionExpr
	Parent *Function
	// Registration is set for a Functions library callback.
	Registration *Registration
	Params       []*Variable
	// Vararg is the implicit `arg` of a vararg function (VarargArg).
	Vararg *Variable
	// active counts the locals in scope while resolving, for Lua's limit.
	active int
	// overLimit is set once a limit of Lua's (locals, registers,
	// upvalues) is reported for the function: Lua stops at the first, and
	// every later statement of a function past its 200 locals would
	// otherwise repeat the register one (740 KB of `local x = ...` gave
	// 19,753 errors, issue 19 item 12).
	overLimit bool
	// index is the function's place in Model.funcList (the main chunk
	// has none).
	index int32
}

// Registration is one redis.register_function call.
type Registration struct {
	Call      *ast.FuncCallExpr
	Name      string
	NameKnown bool
	NameRange span.Range
	Callback  *ast.FunctionExpr
	Flags     []string
	// FlagsRange is where the flags table stands, if given.
	FlagsRange span.Range
}

// GlobalAccess is one use of a name that is not a local.
type GlobalAccess struct {
	Name  string
	Ident *ast.IdentExpr
	Func  *Function
	Write bool
	// Field is set for `redis.x` style accesses recorded as globals of
	// library tables (Name is then "redis.x").
	Field bool
	// at is the node Range gives the range of: Ident, or the `redis.x`
	// expression of a Field.
	at   ast.Expr
	file *luasrc.File
}

// Range is where the access stands. It is looked up when asked (rules
// ask only for the accesses they report): a script reads many globals,
// and looking each one's range up as the model is built was a tenth of
// the time the resolver took.
func (g GlobalAccess) Range() span.Range { return g.file.Range(g.at) }

// Model is the semantic model of one file.
type Model struct {
	File    *luasrc.File
	Context Context
	Main    *Function
	Vars    []*Variable
	Globals []GlobalAccess
	// Calls are the redis.call sites in the order the flow met them
	// (CallAt finds a call by its place here: never reorder it).
	Calls []*Call
	// Registrations are the register_function calls of a library.
	Registrations []*Registration
	// Problems are what Lua 5.1's compiler refuses beyond the grammar (too
	// many local variables in one function); the engine reports them as
	// syntax errors.
	Problems []luasrc.SyntaxError
	// SetResp3 is true when the script calls redis.setresp(3): nil replies
	// then arrive as nil rather than false.
	SetResp3 bool

	// ids numbers the identifiers and the other non-literal expressions
	// the resolver met, keyed by node address (nodemap.Key). vals[i] is what
	// expression i may hold where it is evaluated, once the flow has (bit
	// i of evaluated); refs[i] is the local that identifier i names, if
	// any (VarOf).
	ids       nodemap.Map[int32]
	vals      []Value
	evaluated []uint64
	refs      []*Variable
	// unevaluated holds the literals the flow never reached; the others
	// are not recorded in values (see recorded).
	unevaluated map[ast.Expr]bool
	// heldConds maps a test of a local that holds a condition to that
	// condition, nil when it did not hold one on every path (conds.go).
	heldConds map[*ast.IdentExpr]ast.Expr
	// callIdx maps a redis.call expression to its place in Calls, and
	// funcIdx a function expression to its Function in funcList.
	callIdx  nodemap.Map[int32]
	funcIdx  nodemap.Map[int32]
	funcList []*Function
	// funcOf maps the nodes inside function bodies to their function's
	// place in funcList, made on the first FuncOf (funcOfBuilt) from the
	// walk and from funcNodes, the nodes deeper than the walk that the
	// resolver lists.
	funcOf      nodemap.Map[int32]
	funcOfBuilt bool
	funcNodes   chunks[funcNode]
	// funcNodeCount counts the nodes inside function bodies.
	funcNodeCount int
	// declLists[decls.get(node)] lists the variables a declaring node
	// declares, in order (declVars).
	decls     nodemap.Map[int32]
	declLists [][]*Variable

	// Computed on first use: several rules ask for each. A model is read
	// by one goroutine (the rules of a file run in turn).
	loops      *[]*Loop
	functions  *[]*Function
	present    *presence
	operations *[]Operation
	// cache holds what rules compute from the model and share (Get).
	cache []cachedFact
	// walkIdx is the flattened tree the model's walks use (inspect.go),
	// recorded by the resolver.
	walkIdx *walkIndex
	// pool receives the model's arrays on release (WithModel).
	pool *arrays
	// opts says what the target server changes (BuildWith).
	opts Options
}

// lookup resolves a command name as Options.Lookup says.
func (m *Model) lookup(name string) *redisdb.Command {
	if m.opts.Lookup != nil {
		return m.opts.Lookup(name)
	}
	return redisdb.Lookup(name)
}

// Fact names one fact of type T that rules and the model compute from a
// model and share (Get). Declare each as a package-level variable with
// NewFact; its address is the fact's identity, so two facts never collide
// whatever their names.
type Fact[T any] struct {
	name string
}

// NewFact returns a new fact of type T; name says what it holds, for
// reading in a debugger.
func NewFact[T any](name string) *Fact[T] { return &Fact[T]{name: name} }

// String returns the fact's name.
func (f *Fact[T]) String() string { return f.name }

// cachedFact is one computed fact: key is a *Fact[T] and val a T, which
// Get alone stores and reads, so the assertion there cannot fail.
type cachedFact struct{ key, val any }

// Get returns what compute returns for fact f of m, calling it only on the
// first call with f for the model: rules that need the same facts of a file
// share them. Whoever shares the result must not change it.
func Get[T any](m *Model, f *Fact[T], compute func() T) T {
	for _, c := range m.cache {
		if c.key == any(f) {
			return c.val.(T)
		}
	}
	v := compute()
	m.cache = append(m.cache, cachedFact{f, v})
	return v
}

// Call is one redis.call or redis.pcall site.
type Call struct {
	Expr      *ast.FuncCallExpr
	Protected bool
	Func      *Function
	// Name is the upper-case command ("CONFIG GET" for a subcommand), empty
	// when the command is not a literal.
	Name string
	// NameRange is where the command name argument stands.
	Command *redisdb.Command
	// Args are the call's arguments; Args[0] is the command name, so Args[i]
	// is argv[i] as Redis sees it.
	Args []Arg
	// Variadic is true when the last argument may expand to several values
	// (a call or `...`), so the argument count is not known.
	Variadic bool
	// Keys are the indexes into Args that are key positions;
	// KeysComplete is false when some could not be determined.
	Keys         []int
	KeysComplete bool
}

// Arg is one call argument and what it may hold.
type Arg struct {
	Expr  ast.Expr
	Value Value
}

// Literal returns argument i's text when it is a literal.
func (c *Call) Literal(i int) (string, bool) {
	if i < 0 || i >= len(c.Args) || c.Args[i].Value.Origin != Literal {
		return "", false
	}
	return c.Args[i].Value.Lit, true
}

// HasToken reports whether a literal argument after the command name equals
// tok, ignoring case (e.g. "NX", "EX", "LIMIT").
func (c *Call) HasToken(tok string) bool {
	return c.TokenIndex(tok) >= 0
}

// TokenIndex returns the index of the first literal argument equal to tok
// (ignoring case) after the command name, or -1.
func (c *Call) TokenIndex(tok string) int {
	for i := 1; i < len(c.Args); i++ {
		if s, ok := c.Literal(i); ok && strings.EqualFold(s, tok) {
			return i
		}
	}
	return -1
}

// IsKey reports whether argument i is in a key position.
func (c *Call) IsKey(i int) bool {
	for _, k := range c.Keys {
		if k == i {
			return true
		}
	}
	return false
}

// Is reports whether the call's command is one of names (upper case).
func (c *Call) Is(names ...string) bool {
	for _, n := range names {
		if c.Name == n {
			return true
		}
	}
	return false
}

// Value returns what an expression may hold where it is evaluated. Unknown
// expressions (never evaluated, e.g. dead code) give AnyValue.
func (m *Model) Value(e ast.Expr) Value {
	if v, ok := m.recorded(e); ok {
		return v
	}
	return AnyValue
}

// VarOf returns the local an identifier refers to, or nil for a global.
func (m *Model) VarOf(id *ast.IdentExpr) *Variable {
	if i, ok := m.ids.Get(nodemap.KeyOf(id)); ok {
		return m.refs[i]
	}
	return nil
}

// CallAt returns the redis.call site of a call expression, or nil.
func (m *Model) CallAt(e *ast.FuncCallExpr) *Call {
	if i, ok := m.callIdx.Get(nodemap.KeyOf(e)); ok {
		return m.Calls[i]
	}
	return nil
}

// FuncOf returns the function a statement or expression belongs to.
func (m *Model) FuncOf(n any) *Function {
	if m.funcNodeCount == 0 {
		return m.Main
	}
	if !m.funcOfBuilt {
		m.fillFuncOf()
		m.funcOfBuilt = true
	}
	// A nil node, or a typed nil, has key 0 and no function.
	if i, ok := m.funcOf.Get(nodemap.Key(n)); ok {
		return m.funcList[i]
	}
	return m.Main
}

// fillFuncOf maps each node the resolver met inside a function body to
// that function: those of the walk from the walk (a node inside a function
// expression's subtree, but not the targets of an assignment or a function
// statement, which the resolver does not count as met, nor a function
// statement's function), then those listed apart (deeper than the walk).
// Only functions other than the main chunk are put, all in funcList.
func (m *Model) fillFuncOf() {
	out := &m.funcOf
	out.Init(m.funcNodeCount, m.pool.funcOf)
	m.pool.funcOf = nodemap.Arrays[int32]{}
	w := m.walk()
	ev, nodes := w.events, w.nodes
	type scope struct {
		end int32
		fn  *Function
	}
	var stack []scope
	var skip []bool
	cur := m.Main
	for i := int32(0); i < int32(len(ev)); i++ {
		for len(stack) > 0 && i >= stack[len(stack)-1].end {
			stack = stack[:len(stack)-1]
			cur = m.Main
			if len(stack) > 0 {
				cur = stack[len(stack)-1].fn
			}
		}
		n := nodes[i]
		if cur != m.Main && (skip == nil || !skip[i]) {
			out.Put(nodemap.Key(n), cur.index)
		}
		switch n := n.(type) {
		case *ast.FunctionExpr:
			if fn := m.FunctionFor(n); fn != nil {
				stack = append(stack, scope{ev[i].end, fn})
				cur = fn
			}
		case *ast.AssignStmt:
			// The targets come first among its children.
			j := i + 1
			for _, e := range n.Lhs {
				if e == nil || j >= ev[i].end {
					continue
				}
				switch e.(type) {
				case *ast.IdentExpr, *ast.AttrGetExpr:
					if skip == nil {
						skip = make([]bool, len(ev))
					}
					skip[j] = true
				}
				j = ev[j].end
			}
		case *ast.FuncDefStmt:
			if skip == nil {
				skip = make([]bool, len(ev))
			}
			j := i + 1
			if n.Name.Func != nil && j < ev[i].end {
				switch n.Name.Func.(type) {
				case *ast.IdentExpr, *ast.AttrGetExpr:
					skip[j] = true
				}
				j = ev[j].end
			}
			if n.Name.Receiver != nil && j < ev[i].end {
				j = ev[j].end
			}
			if j < ev[i].end {
				skip[j] = true // n.Func
			}
		}
	}
	for _, c := range m.funcNodes.chunks {
		for _, fn := range c {
			out.Put(nodemap.Key(fn.n), fn.fn.index)
		}
	}
}

// funcNode is a statement or expression inside a function body.
type funcNode struct {
	n  any
	fn *Function
}

// FunctionFor returns the Function of a function expression.
func (m *Model) FunctionFor(e *ast.FunctionExpr) *Function {
	if i, ok := m.funcIdx.Get(nodemap.KeyOf(e)); ok {
		return m.funcList[i]
	}
	return nil
}

// Range is the range of a node.
func (m *Model) Range(n ast.PositionHolder) span.Range { return m.File.Range(n) }

// Text returns the source text of a node, shortened for messages.
func (m *Model) Text(n ast.PositionHolder) string {
	r := m.File.Range(n)
	s := string(m.File.Src[m.File.Offset(r.Start):m.File.Offset(r.End)])
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}
