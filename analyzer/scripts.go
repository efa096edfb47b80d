package analyzer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/span"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// useKind says what a call does with a script.
type useKind int

const (
	// useCreate makes a script object from source: go-redis and redigo
	// NewScript, rueidis NewLuaScript*.
	useCreate useKind = iota + 1
	// useEval sends the source to run: Eval, EvalRO, Do("EVAL"),
	// rueidis Eval().Script(src).
	useEval
	// useLoad loads the source into the script cache: ScriptLoad,
	// Do("SCRIPT", "LOAD", src), ScriptLoad().Script(src).
	useLoad
	// useFunctionLoad loads a Functions library: FunctionLoad,
	// FunctionLoadReplace, Do("FUNCTION", "LOAD", src), FunctionCode(src).
	useFunctionLoad
	// useEvalSha runs a cached script by its SHA: EvalSha, EvalShaRO,
	// Do("EVALSHA").
	useEvalSha
	// useFCall calls a library function by name: FCall, FCallRO.
	useFCall
	// useRun runs or loads a script object: (*Script).Run, RunRO, Eval,
	// EvalRO, EvalSha, EvalShaRO, Load (go-redis); (*Script).Do,
	// DoContext, Send, SendHash, Load (redigo); (*Lua).Exec, ExecMulti
	// (rueidis).
	useRun
)

// scriptUse is one call that creates, runs or loads a script.
type scriptUse struct {
	Call   *ast.CallExpr
	Client string
	// Name is the function or method called ("NewScript", "EvalRO", "Do",
	// "Script", "NewLuaScriptReadOnly", ...).
	Name string
	// Command is the Redis command a redigo Do/Send (or go-redis Do)
	// sends, or a rueidis builder builds: "EVAL", "EVAL_RO", "EVALSHA",
	// "SCRIPT LOAD", "FUNCTION LOAD", "FCALL"...; empty for the typed
	// methods.
	Command string
	Kind    useKind
	// SrcArg is the index in Call.Args of the script's source, or -1 when
	// the call passes none (a SHA, a function name, a script object).
	SrcArg int
	// CmdArg is the index in Call.Args of the command name of a
	// Do/Send, or -1.
	CmdArg int
	// Pass says how the call passes keys and arguments, KeysArg and
	// ArgsArg where (indexes in Call.Args, or -1; clientapi.go).
	Pass             passForm
	KeysArg, ArgsArg int
	// FuncArg is the index in Call.Args of an FCall's function name, or
	// -1.
	FuncArg int
	// ObjArg is, for a project's helper that runs a script object it is
	// passed (facts.go), the index in Call.Args of that object; -1 for a
	// client's method, whose receiver it is.
	ObjArg int
	// Script is the script the call creates, runs or loads; nil when it
	// passes a SHA or function name, or runs a script object whose
	// creation was not found.
	Script *luaScript
	// Origin is, for useRun, the call that created the script object
	// (NewScript...), when it is found: through a variable assigned once,
	// or directly (`redis.NewScript(src).Run(...)`).
	Origin *scriptUse
	// ReadOnly is set for the read-only variants: EvalRO, EvalShaRO,
	// RunRO, FCallRO, EVAL_RO, EVALSHA_RO, FCALL_RO,
	// NewLuaScriptReadOnly, rueidis EvalRo.
	ReadOnly bool
}

// luaScript is one Lua source the package hands to Redis. Sources that
// evaluate to the same text from the same literal (a constant used at
// several call sites) are one luaScript.
type luaScript struct {
	// Src is the Go expression that gives the source at its first use.
	Src ast.Expr
	// Known is true when the text is known at compile time; Text is then
	// the Lua source.
	Known bool
	Text  string
	// Dynamic is true when the source is not known and is assembled at
	// run time (fmt.Sprintf with variables, concatenation of variables,
	// the strings package), possibly through a variable.
	Dynamic bool
	// Embed is the file a //go:embed variable took the source from.
	Embed string
	// Library is true when a use loads it as a Functions library.
	Library bool
	// TooLarge is set for a known text past the size limit: it is not
	// linted.
	TooLarge bool
	// FromFS is set for a .lua file of an embed.FS that the package reads
	// its scripts from (embedfs.go): no call names it, and Src is the
	// variable's declaration.
	FromFS bool
	// Uses are the calls that create, run or load it, in source order.
	Uses []*scriptUse

	text  *text
	file  *luasrc.File
	model *model.Model
	// opts are the target's model options (resolved.modelOptions).
	opts model.Options
}

// Lua returns the parsed script (nil when the text is not known).
func (s *luaScript) Lua() *luasrc.File {
	if !s.Known {
		return nil
	}
	if s.file == nil {
		name := "script.lua"
		if s.Embed != "" {
			name = s.Embed
		}
		s.file = luasrc.Parse(name, []byte(s.Text))
	}
	return s.file
}

// Model returns the script's semantic model (nil when the text is not
// known or does not parse).
func (s *luaScript) Model() *model.Model {
	if s.model == nil {
		if f := s.Lua(); f != nil && f.Chunk != nil {
			s.model = model.BuildWith(f, s.opts)
		}
	}
	return s.model
}

// GoRange maps a range of the Lua text to Go positions: the exact place
// inside the Go literal (or embedded file) that holds it; exact is false
// when the bytes come from a place that cannot be followed (a constant of
// another package, a formatted number), and pos is then the expression
// that produced them.
func (s *luaScript) GoRange(r span.Range) (pos, end token.Pos, exact bool) {
	f := s.Lua()
	if f == nil || s.text == nil {
		return s.Src.Pos(), s.Src.End(), false
	}
	return s.text.rangeOf(f.Offset(r.Start), f.Offset(r.End))
}

// findScripts fills st.uses and st.scripts.
func findScripts(pass *analysis.Pass, st *state) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	e := st.eval
	creators := map[*ast.CallExpr]*scriptUse{}
	insp.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
		call := n.(*ast.CallExpr)
		u := classifyWith(pass.TypesInfo, st.apis, call)
		if u == nil {
			return
		}
		st.uses = append(st.uses, u)
		if u.Kind == useCreate {
			creators[call] = u
		}
	})

	byKey := map[scriptKey]*luaScript{}
	for _, u := range st.uses {
		if u.SrcArg < 0 || st.apis.forwarded[u.Call] {
			// A helper's call with its parameter: the scripts are its
			// callers' arguments (facts.go).
			continue
		}
		src := u.Call.Args[u.SrcArg]
		known := func(t *text) *luaScript {
			k := scriptKey{text: t.s}
			if len(t.s) > 0 {
				k.pos = t.start[0]
			} else {
				k.pos = src.Pos()
			}
			s := byKey[k]
			if s == nil {
				s = &luaScript{Src: src, Known: true, Text: t.s, text: t, opts: st.settings.modelOptions}
				if len(t.s) > 0 {
					if tf := pass.Fset.File(t.start[0]); tf != nil && fileOf(pass, t.start[0]) == nil {
						s.Embed = tf.Name()
					}
				}
				byKey[k] = s
				st.scripts = append(st.scripts, s)
			}
			return s
		}
		var s *luaScript
		var others []*luaScript // the use's other scripts, its alternatives
		if t := e.eval(src); t != nil && t.big {
			s = &luaScript{Src: src, TooLarge: true}
			st.scripts = append(st.scripts, s)
			reportTooLarge(st.rep, src, t, st.settings.maxFileSize)
		} else if t != nil {
			s = known(t)
		} else if elems := e.elementTexts(src); elems != nil {
			// An element of a container of scripts (elements.go):
			// each value is a script of this use, and which one the
			// keys go with is not known, so u.Script stays nil.
			for _, t := range elems {
				o := known(t)
				if !slices.Contains(o.Uses, u) {
					o.Uses = append(o.Uses, u)
				}
			}
			continue
		} else if alts := e.alternatives(src); alts != nil {
			// One of a few known texts (alternatives.go): each is a
			// script of this use; the call-site checks read the first.
			for _, t := range alts[1:] {
				o := known(t)
				if !slices.Contains(o.Uses, u) {
					o.Uses = append(o.Uses, u)
				}
				others = append(others, o)
			}
			s = known(alts[0])
		} else {
			s = &luaScript{Src: src, Dynamic: e.builtAtRunTime(src), opts: st.settings.modelOptions}
			st.scripts = append(st.scripts, s)
		}
		u.Script = s
		s.Uses = append(s.Uses, u)
		if u.Kind == useFunctionLoad {
			s.Library = true
			for _, o := range others {
				o.Library = true
			}
		}
	}

	if slices.ContainsFunc(st.uses, unseenSource) {
		fsScripts, used := e.embedFSScripts()
		st.fsLinted = used
		for _, fsc := range fsScripts {
			t := fsc.text
			switch {
			case t.big:
				st.scripts = append(st.scripts, &luaScript{Src: &ast.Ident{NamePos: fsc.decl}, TooLarge: true, FromFS: true})
				st.rep.rule(fsc.decl, fsc.decl, TooLarge,
					fmt.Sprintf("%s is %d bytes, more than the max-file-size limit of %d: not linted", filepath.Base(fsc.name), t.size, st.settings.maxFileSize),
					"a Redis script is a few kilobytes; raise the limit (-max-file-size) if this one is a script")
			case len(t.s) > 0:
				k := scriptKey{text: t.s, pos: t.start[0]}
				if byKey[k] == nil {
					s := &luaScript{Src: &ast.BasicLit{ValuePos: fsc.decl}, Known: true, Text: t.s, text: t, opts: st.settings.modelOptions, Embed: fsc.name, FromFS: true}
					byKey[k] = s
					st.scripts = append(st.scripts, s)
				}
			}
		}
	}

	// Calls on script objects: find the NewScript that made the object
	// (the receiver, or the argument a helper runs). An object that is one
	// of a few makes the call one use of each.
	var more []*scriptUse
	for _, u := range st.uses {
		if u.Kind != useRun {
			continue
		}
		obj := u.object()
		if obj == nil {
			continue
		}
		for i, o := range e.creators(obj, creators) {
			v := u
			if i > 0 {
				c := *u
				v = &c
				more = append(more, v)
			}
			v.Origin = o
			if o.Script != nil {
				v.Script = o.Script
				o.Script.Uses = append(o.Script.Uses, v)
			}
		}
	}
	st.uses = append(st.uses, more...)
}

// object is the script object a useRun runs: the receiver of a client's
// method, or the argument a project's helper runs; nil when not known.
func (u *scriptUse) object() ast.Expr {
	if u.ObjArg >= 0 {
		if u.ObjArg < len(u.Call.Args) {
			return u.Call.Args[u.ObjArg]
		}
		return nil
	}
	if sel, ok := ast.Unparen(u.Call.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}

// TooLarge is the category of the finding that a script is past the
// size limit (Settings.MaxFileSize) and was not linted: not a rule, but
// what lint-lua reports as an error for a .lua file that large.
const TooLarge = "max-file-size"

// reportTooLarge reports a script past the size limit.
func reportTooLarge(rep *reporter, src ast.Expr, t *text, limit int) {
	size := t.length()
	rep.rule(src.Pos(), src.End(), TooLarge,
		fmt.Sprintf("the script is %d bytes, more than the max-file-size limit of %d: not linted", size, limit),
		"a Redis script is a few kilobytes; raise the limit (-max-file-size) if this one is a script")
}

type scriptKey struct {
	pos  token.Pos
	text string
}

// creators finds the calls that may have created the script object x:
// the call itself, or the value of a variable or unexported struct field
// assigned only once (a constructor's `&S{script: redis.NewScript(src)}`),
// or each of a few values a variable is assigned (one of two fields an if
// chooses). Nil when one of them is not a creating call.
func (e *evaluator) creators(x ast.Expr, made map[*ast.CallExpr]*scriptUse) []*scriptUse {
	var out []*scriptUse
	var follow func(x ast.Expr, depth int) bool
	follow = func(x ast.Expr, depth int) bool {
		if depth > maxEvalDepth || len(out) > maxAlternatives {
			return false
		}
		var v *types.Var
		switch y := ast.Unparen(x).(type) {
		case *ast.CallExpr:
			u := made[y]
			if u == nil {
				return false
			}
			if !slices.Contains(out, u) {
				out = append(out, u)
			}
			return true
		case *ast.Ident:
			v, _ = e.pass.TypesInfo.Uses[y].(*types.Var)
		case *ast.SelectorExpr:
			if sel := e.pass.TypesInfo.Selections[y]; sel != nil && sel.Kind() == types.FieldVal {
				v, _ = sel.Obj().(*types.Var)
			} else {
				v, _ = e.pass.TypesInfo.Uses[y.Sel].(*types.Var) // a package's variable
			}
		}
		if v == nil {
			return false
		}
		if val, ok := e.once(v); ok {
			return follow(val, depth+1)
		}
		vals := e.choices(v)
		if vals == nil {
			return false
		}
		for _, val := range vals {
			if !follow(val, depth+1) {
				return false
			}
		}
		return true
	}
	if !follow(x, 0) {
		return nil
	}
	return out
}

// calleeFunc returns the function or method a call calls (an interface
// method included), or nil.
func calleeFunc(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

// pkgPath returns fn's package path, without a vendor directory prefix.
func pkgPath(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	return pkgPathOf(fn.Pkg())
}

// recvName returns the name of a method's receiver type (pointer or not),
// "" for a function.
func recvName(fn *types.Func) string {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return ""
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		return t.Obj().Name()
	}
	return ""
}

// classify says what call does with a script, or nil if it is no script
// call of a known client or of the project's own script functions.
func classify(info *types.Info, call *ast.CallExpr) *scriptUse {
	return classifyWith(info, nil, call)
}

// classifyWith is classify with the project's script functions (p may be
// nil).
func classifyWith(info *types.Info, p *projectAPIs, call *ast.CallExpr) *scriptUse {
	fn := calleeFunc(info, call)
	if fn == nil {
		return nil
	}
	if a, client, ok := apiOf(fn); ok {
		return a.use(info, client, fn, call)
	}
	if f := p.fact(fn); f != nil {
		return projectUse(info, fn, f, call)
	}
	return p.configuredUse(info, fn, call)
}

// apiOf returns the client API fn is: a function or method of a client
// library, or a method of a project's interface that a client's type
// implements by name and signature (an interface method whose results
// are the client's, such as Eval(...) *redis.Cmd), and the name of its
// client library.
func apiOf(fn *types.Func) (clientAPI, string, bool) {
	lib := libByPath[pkgPath(fn)]
	if lib == nil {
		lib = interfaceLib(fn)
	}
	if lib == nil {
		return clientAPI{}, "", false
	}
	a, ok := lib.lookup(recvName(fn), fn.Name(), fn.Type().(*types.Signature).Recv() != nil)
	return a, lib.client, ok
}

// interfaceLib returns the client library of an interface method of
// another package whose results include a type of that library, or nil.
func interfaceLib(fn *types.Func) *clientLib {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return nil
	}
	res := fn.Type().(*types.Signature).Results()
	for i := range res.Len() {
		t := res.At(i).Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
			if lib := libByPath[pkgPathOf(n.Obj().Pkg())]; lib != nil {
				return lib
			}
		}
	}
	return nil
}

// pkgPathOf is a package's path without a vendor directory prefix.
func pkgPathOf(p *types.Package) string {
	path := p.Path()
	if i := strings.LastIndex(path, "/vendor/"); i >= 0 {
		return path[i+len("/vendor/"):]
	} else if strings.HasPrefix(path, "vendor/") {
		return path[len("vendor/"):]
	}
	return path
}

// ctxOffset is 1 if fn's first parameter is a context.Context, else 0.
func ctxOffset(fn *types.Func) int {
	params := fn.Type().(*types.Signature).Params()
	if params.Len() > 0 {
		if n, ok := types.Unalias(params.At(0).Type()).(*types.Named); ok &&
			n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context" {
			return 1
		}
	}
	return 0
}

// stringParam returns the index of fn's parameter i (not counting a
// leading context) if it is a string, or -1: the source of NewScript,
// Eval, ScriptLoad... is a string parameter at a known place, and a
// method of the same name with another signature is not a source-taking
// method.
func stringParam(fn *types.Func, i int) int {
	params := fn.Type().(*types.Signature).Params()
	i += ctxOffset(fn)
	if i < params.Len() {
		if b, ok := params.At(i).Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return i
		}
	}
	return -1
}

// commandCall classifies a generic command call (redigo Do/Send, go-redis
// Do) whose command name is the argument at index at: EVAL and EVAL_RO
// (source next), EVALSHA, SCRIPT LOAD, FUNCTION LOAD [REPLACE], FCALL. It
// returns false for any other or unknown command.
func commandCall(info *types.Info, u *scriptUse, at int) bool {
	args := u.Call.Args
	word := func(i int) string {
		if i >= len(args) || (u.Call.Ellipsis.IsValid() && i == len(args)-1) {
			return ""
		}
		tv, ok := info.Types[args[i]]
		if !ok || tv.Value == nil {
			return ""
		}
		s, ok := constString(tv)
		if !ok {
			return ""
		}
		return strings.ToUpper(s)
	}
	src := func(i int) int {
		if i >= len(args) || (u.Call.Ellipsis.IsValid() && i == len(args)-1) {
			return -1
		}
		return i
	}
	u.CmdArg = at
	switch cmd := word(at); cmd {
	case "EVAL", "EVAL_RO":
		u.Kind, u.Command, u.SrcArg, u.ReadOnly = useEval, cmd, src(at+1), cmd == "EVAL_RO"
		u.Pass, u.KeysArg = passNumkeys, at+2
	case "EVALSHA", "EVALSHA_RO":
		u.Kind, u.Command, u.ReadOnly = useEvalSha, cmd, cmd == "EVALSHA_RO"
		u.Pass, u.KeysArg = passNumkeys, at+2
	case "FCALL", "FCALL_RO":
		u.Kind, u.Command, u.ReadOnly = useFCall, cmd, cmd == "FCALL_RO"
		u.Pass, u.KeysArg, u.FuncArg = passNumkeys, at+2, at+1
	case "SCRIPT":
		if word(at+1) != "LOAD" {
			return false
		}
		u.Kind, u.Command, u.SrcArg = useLoad, "SCRIPT LOAD", src(at+2)
	case "FUNCTION":
		if word(at+1) != "LOAD" {
			return false
		}
		i := at + 2
		if word(i) == "REPLACE" {
			i++
		}
		u.Kind, u.Command, u.SrcArg = useFunctionLoad, "FUNCTION LOAD", src(i)
	default:
		return false
	}
	return true
}

// constString returns the value of a string constant.
func constString(tv types.TypeAndValue) (string, bool) {
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}
