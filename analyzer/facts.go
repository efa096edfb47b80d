package analyzer

// A project's own script APIs, found as printf finds its wrappers: a
// function or method whose parameter reaches a client's script API (or
// another such function, of this package or one it imports) exports a
// scriptParam fact, and its callers' arguments are then scripts, linted at
// their own positions, as if they called the client themselves:
//
//	func callLua(ctx context.Context, keys []string, script string) {
//		rdb.Eval(ctx, script, keys) // callLua's script is a script source
//	}
//	callLua(ctx, []string{"k"}, `return redis.call('GET', KEYS[1])`) // linted here
//
// Generic command wrappers are the same: a function whose variadic
// parameter (or a command parameter followed by it) reaches Do or Send is
// a Do, and its callers' Do("EVAL", src, n, ...) are script calls.

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/lint-lua/lint-lua/internal/config"
	"golang.org/x/tools/go/analysis"
)

// scriptParam is the fact that a function hands a parameter to a script
// API. Parameter indexes count every parameter, a context included; -1 is
// none.
type scriptParam struct {
	// Kind is what the API reached does with the source (useCreate,
	// useEval, useLoad, useFunctionLoad); RO is set for a read-only one.
	Kind useKind
	RO   bool
	// Src is the parameter that holds the source; Cmd, for a generic
	// command wrapper, the parameter where the command's words begin
	// (the variadic one, or a string just before it).
	Src, Cmd int
	// Obj, for a function that runs a script object it is passed
	// (Kind useRun: asynq's runScript(ctx, op, script, keys, args...)),
	// is that parameter.
	Obj int
	// Keys is the parameter that holds the keys slice, when the API's
	// keys come from it unchanged; VarArgs is set when the API's
	// arguments are the function's variadic parameter right after it,
	// Args is the parameter that holds them as a slice (rueidis Exec).
	// With Pass passOriginCount, Keys is the variadic parameter that
	// holds the keys and the arguments (redigo Script.Do).
	Keys    int
	VarArgs bool
	Args    int
	Pass    passForm
	// Via is the client API finally reached ("Eval", "NewScript", "Do").
	Via string
}

func (*scriptParam) AFact() {}

func (f *scriptParam) String() string {
	if f.Kind == useRun {
		return fmt.Sprintf("script object parameter %d is run by %s", f.Obj, f.Via)
	}
	if f.Cmd >= 0 {
		return fmt.Sprintf("command words from parameter %d reach %s", f.Cmd, f.Via)
	}
	return fmt.Sprintf("script source parameter %d reaches %s", f.Src, f.Via)
}

// projectAPIs holds the scriptParam facts of the package's functions and
// reads those of imported ones.
type projectAPIs struct {
	pass *analysis.Pass
	eval *evaluator
	// configured are the script APIs .lint-lua.yaml names for Go
	// (script_apis:), by name.
	configured map[string]config.ScriptAPI
	local      map[*types.Func]*scriptParam
	// forwarded are the script calls that pass on a parameter of the
	// function they are in: its callers' arguments are the scripts.
	forwarded map[*ast.CallExpr]bool
}

// fact returns fn's scriptParam, or nil.
func (p *projectAPIs) fact(fn *types.Func) *scriptParam {
	if p == nil {
		return nil
	}
	if fn.Pkg() == p.pass.Pkg {
		return p.local[fn]
	}
	var f scriptParam
	if p.pass.ImportObjectFact != nil && p.pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

// maxFactRounds bounds the rounds of finding the package's script
// functions: a chain of helpers within one package is found one link a
// round.
const maxFactRounds = 8

// findProjectAPIs finds the package's functions that hand a parameter to
// a script API and exports their facts.
func findProjectAPIs(pass *analysis.Pass, e *evaluator, configured []config.ScriptAPI) *projectAPIs {
	p := &projectAPIs{pass: pass, eval: e, configured: map[string]config.ScriptAPI{}, local: map[*types.Func]*scriptParam{}, forwarded: map[*ast.CallExpr]bool{}}
	for _, a := range configured {
		if _, ok := p.configured[a.Name]; !ok { // the first entry of a name wins
			p.configured[a.Name] = a
		}
	}
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Type.Params.NumFields() > 0 {
				decls = append(decls, fd)
			}
		}
	}
	for range maxFactRounds {
		changed := false
		for _, fd := range decls {
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || p.local[fn] != nil {
				continue
			}
			if f := p.paramReaches(fd, fn); f != nil {
				p.local[fn] = f
				changed = true
			}
		}
		if p.interfaceFacts() {
			changed = true
		}
		if !changed {
			break
		}
	}
	for fn, f := range p.local {
		pass.ExportObjectFact(fn, f)
	}
	return p
}

// paramReaches returns the fact of fd when one of its parameters, never
// assigned in its body, is the source (or the command words) of a script
// call in it.
func (p *projectAPIs) paramReaches(fd *ast.FuncDecl, fn *types.Func) *scriptParam {
	info := p.pass.TypesInfo
	sig := fn.Type().(*types.Signature)
	params := map[*types.Var]int{}
	for i := range sig.Params().Len() {
		params[sig.Params().At(i)] = i
	}
	// param returns the parameter x is (through conversions to string or
	// []byte), never assigned in the body, or -1.
	param := func(x ast.Expr) int {
		for range maxEvalDepth {
			switch y := ast.Unparen(x).(type) {
			case *ast.Ident:
				v, ok := info.Uses[y].(*types.Var)
				if !ok || !p.eval.unassigned(v) {
					return -1
				}
				if i, ok := params[v]; ok {
					return i
				}
				return -1
			case *ast.CallExpr:
				if tv, ok := info.Types[y.Fun]; ok && tv.IsType() && len(y.Args) == 1 && isStringish(tv.Type) {
					x = y.Args[0]
					continue
				}
			}
			return -1
		}
		return -1
	}
	var found *scriptParam
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if _, ok := call.Fun.(*ast.FuncLit); ok {
			return true
		}
		callee := calleeFunc(info, call)
		if callee == nil || callee == fn {
			return true
		}
		if f := p.commandWrapper(call, callee, param, sig); f != nil {
			p.forwarded[call] = true
			if found == nil {
				found = f
			}
			return true
		}
		u := classifyWith(info, p, call)
		if u == nil {
			return true
		}
		f := &scriptParam{Kind: u.Kind, RO: u.ReadOnly, Src: -1, Cmd: -1, Obj: -1, Keys: -1, Args: -1, Via: u.Name}
		switch {
		case u.Kind == useRun:
			// A script object the function is passed, run here.
			obj := u.object()
			if obj == nil || found != nil {
				return true
			}
			if f.Obj = param(obj); f.Obj < 0 {
				return true
			}
		case u.SrcArg >= 0:
			if f.Src = param(call.Args[u.SrcArg]); f.Src < 0 {
				return true
			}
			p.forwarded[call] = true
			if found != nil {
				return true
			}
		default:
			return true
		}
		if u.Command != "" {
			f.Via = useVia(u)
		}
		last := sig.Params().Len() - 1
		spreads := func(i, k int) bool { // call.Args[i] is the variadic parameter k, spread, and the last
			return sig.Variadic() && call.Ellipsis.IsValid() && len(call.Args) == i+1 && k == last && param(call.Args[i]) == last
		}
		switch {
		case u.Pass == passSlice && u.KeysArg >= 0 && u.KeysArg < len(call.Args):
			// Not the variadic parameter: its callers spread the keys.
			if k := param(call.Args[u.KeysArg]); k >= 0 && !(sig.Variadic() && k == last) {
				f.Keys, f.Pass = k, passSlice
				switch {
				case u.ArgsArg >= 0 && u.ArgsArg < len(call.Args):
					f.Args = param(call.Args[u.ArgsArg])
				case u.ArgsArg < 0 && k == last-1 && spreads(u.KeysArg+1, last):
					// The arguments: exactly the function's variadic
					// parameter, spread, right after the keys in both.
					f.VarArgs = true
				case u.ArgsArg < 0 && call.Ellipsis.IsValid() && len(call.Args) == u.KeysArg+2:
					// The arguments: a slice parameter of the function
					// (not its variadic one), spread right after the keys
					// (Eval(script, keys, args []any) over go-redis).
					if a := param(call.Args[u.KeysArg+1]); a >= 0 && !(sig.Variadic() && a == last) {
						f.Args = a
					}
				}
			}
		case u.Pass == passOriginCount && u.KeysArg >= 0 && spreads(u.KeysArg, last):
			f.Keys, f.Pass = last, passOriginCount
		}
		found = f
		return true
	})
	return found
}

// commandWrapper returns the fact of a function whose command words reach
// a generic command call (Do, Send): the call spreads the function's
// variadic parameter where the words begin, or passes a string parameter
// there and spreads the variadic parameter right after it, as the
// function takes them.
func (p *projectAPIs) commandWrapper(call *ast.CallExpr, callee *types.Func, param func(ast.Expr) int, sig *types.Signature) *scriptParam {
	at, via := -1, callee.Name()
	if a, _, ok := apiOf(callee); ok && a.cmdAt >= 0 {
		at = a.cmdAt + ctxOffset(callee)
	} else if f := p.fact(callee); f != nil && f.Cmd >= 0 {
		at, via = f.Cmd, f.Via
	}
	if at < 0 || !sig.Variadic() || !call.Ellipsis.IsValid() || at >= len(call.Args) {
		return nil
	}
	last := sig.Params().Len() - 1
	switch {
	case len(call.Args) == at+1 && param(call.Args[at]) == last:
		return &scriptParam{Src: -1, Cmd: last, Obj: -1, Keys: -1, Args: -1, Via: via}
	case len(call.Args) == at+2 && param(call.Args[at+1]) == last && param(call.Args[at]) == last-1:
		return &scriptParam{Src: -1, Cmd: last - 1, Obj: -1, Keys: -1, Args: -1, Via: via}
	}
	return nil
}

// projectUse makes the scriptUse of a call of a function with a fact.
func projectUse(info *types.Info, fn *types.Func, f *scriptParam, call *ast.CallExpr) *scriptUse {
	u := &scriptUse{Call: call, Client: clientProject, Name: fn.Name(), Kind: f.Kind, ReadOnly: f.RO,
		SrcArg: -1, CmdArg: -1, KeysArg: -1, ArgsArg: -1, FuncArg: -1, ObjArg: -1}
	if f.Cmd >= 0 {
		if !commandCall(info, u, f.Cmd) {
			return nil
		}
		return u
	}
	// The parameter that holds the source or the object, not in a spread.
	at := f.Src
	if f.Kind == useRun {
		at = f.Obj
	}
	if at < 0 || at >= len(call.Args) || (call.Ellipsis.IsValid() && at >= len(call.Args)-1) {
		return nil
	}
	if f.Kind == useRun {
		u.ObjArg = at
	} else {
		u.SrcArg = at
	}
	switch {
	case f.Pass == passOriginCount:
		// The keys and arguments from the variadic parameter on.
		u.Pass, u.KeysArg = passOriginCount, f.Keys
	case f.Keys >= 0 && f.Keys < len(call.Args):
		u.Pass, u.KeysArg = passSlice, f.Keys
		switch {
		case f.Args >= 0:
			u.ArgsArg = f.Args
		case !f.VarArgs:
			// The arguments are not the client's variadic ones: their
			// number is unknown (an index past the arguments says so).
			u.ArgsArg = len(call.Args)
		}
	}
	return u
}

// configuredUse makes the scriptUse of a call of a function or method
// that .lint-lua.yaml names (script_apis:), or nil when the call does not
// fit the entry: the source is its script argument (a string or []byte),
// the number of keys its numkeys argument, or the keys its keys argument,
// a slice. The indexes count the arguments as the call writes them.
func (p *projectAPIs) configuredUse(info *types.Info, fn *types.Func, call *ast.CallExpr) *scriptUse {
	if p == nil || len(p.configured) == 0 {
		return nil
	}
	a, ok := p.configured[fn.Name()]
	if !ok {
		return nil
	}
	n := len(call.Args)
	in := func(i int) bool { return i >= 0 && i < n && !(call.Ellipsis.IsValid() && i == n-1) }
	if !in(a.Script) || !isStringish(info.TypeOf(call.Args[a.Script])) {
		return nil
	}
	u := &scriptUse{Call: call, Client: clientProject, Name: fn.Name(), Kind: useEval,
		SrcArg: a.Script, CmdArg: -1, KeysArg: -1, ArgsArg: -1, FuncArg: -1, ObjArg: -1}
	switch {
	case in(a.NumKeys):
		u.Pass, u.KeysArg = passKeyCount, a.NumKeys
	case in(a.Keys):
		// The arguments' number is not known (an index past them).
		u.Pass, u.KeysArg, u.ArgsArg = passSlice, a.Keys, n
	}
	return u
}
