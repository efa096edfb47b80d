package analyzer

// The call-site rules about scripts: keys-count-mismatch, missing-hash-tag,
// write-in-readonly-script (a writing script run read-only) and
// dynamic-script. They read what scripts.go found (st.uses, st.scripts:
// each call that creates, runs or loads a script, classified, with the
// script's text when it is known) and work out themselves what the call
// passes: how many keys and arguments, and the keys' names when they are
// constants.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/slot"
	"github.com/lint-lua/lint-lua/rules/ruleid"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	luaast "github.com/yuin/gopher-lua/ast"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// passed is what one script call passes, as far as the Go code shows it.
type passed struct {
	// nkeys is the number of keys (numkeys), -1 when unknown.
	nkeys int
	// keys are the key expressions when nkeys is known (fewer when some
	// are hidden in a spread argument).
	keys []ast.Expr
	// nargs is the number of ARGV values, -1 when unknown.
	nargs int
	// total is the number of values after an explicit numkeys (redigo
	// Do("EVAL", src, n, ...), Script.Do, rueidis Numkeys), -1 when
	// unknown or when the client counts the keys itself.
	total int
	// countAt is the expression that fixes the number of keys: the keys
	// slice literal, the numkeys argument, redigo's keyCount.
	countAt ast.Expr
}

func unknownPassed() passed { return passed{nkeys: -1, nargs: -1, total: -1} }

// checkScriptCalls runs the script call-site rules over every use.
func checkScriptCalls(pass *analysis.Pass, st *state) {
	in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	reported := map[string]bool{}
	once := func(pos token.Pos, what string) bool {
		k := fmt.Sprint(pos, what)
		if reported[k] {
			return false
		}
		reported[k] = true
		return true
	}
	for _, u := range st.uses {
		p := passedBy(pass, in, u)
		checkNumkeys(st.rep, u, p)
		checkKeysCount(pass, st, u, p, once)
		if !inTestFile(pass, u.Call) {
			checkCallSlots(pass, st.rep, u, p)
		}
		checkReadOnlyUse(pass, u, st)
	}
	for _, s := range st.scripts {
		if !s.Dynamic || inTestFile(pass, s.Src) {
			continue
		}
		if varies(st.eval, s.Src, 0) {
			reportDynamic(pass, st.rep, s)
		}
	}
}

// useVia names the call for messages: "EvalRO", `Do("EVAL")`, "Run".
func useVia(u *scriptUse) string {
	if u.Command != "" && u.Client == clientProject {
		return u.Name + `("` + u.Command + `")`
	}
	if u.Command != "" && u.Client != clientRueidis {
		return `Do("` + u.Command + `")`
	}
	return u.Name
}

// passedBy works out what a use passes, by the form its API passes keys
// and arguments in (clientapi.go).
func passedBy(pass *analysis.Pass, in *inspector.Inspector, u *scriptUse) passed {
	info := pass.TypesInfo
	call := u.Call
	p := unknownPassed()
	switch u.Pass {
	case passSlice:
		if u.KeysArg < 0 {
			return p
		}
		p = sliceCall(info, call, u.KeysArg)
		if u.ArgsArg >= 0 {
			p.nargs = -1
			if u.ArgsArg < len(call.Args) {
				if a, ok := sliceLen(info, call.Args[u.ArgsArg]); ok {
					p.nargs = len(a)
				}
			}
		}
		return p
	case passNumkeys:
		return numkeysCall(info, call, u.KeysArg)
	case passKeyCount:
		if u.KeysArg >= 0 && u.KeysArg < len(call.Args) {
			if n, ok := csConstInt(info, call.Args[u.KeysArg]); ok && n >= 0 {
				p.nkeys, p.countAt = int(n), call.Args[u.KeysArg]
			}
		}
	case passOriginCount:
		o := u.Origin
		if o == nil || o.Pass != passKeyCount || o.KeysArg < 0 || o.KeysArg >= len(o.Call.Args) {
			return p
		}
		n, ok := csConstInt(info, o.Call.Args[o.KeysArg])
		if !ok || n < 0 {
			return p
		}
		p.nkeys, p.countAt = int(n), o.Call.Args[o.KeysArg]
		if call.Ellipsis.IsValid() || u.KeysArg > len(call.Args) {
			return p
		}
		rest := call.Args[u.KeysArg:]
		p.total = len(rest)
		if p.nkeys <= len(rest) {
			p.keys = rest[:p.nkeys]
			p.nargs = len(rest) - p.nkeys
		}
	case passBuilder:
		return rueidisPassed(info, in, call)
	}
	return p
}

// sliceCall reads a keys slice at Args[at] and the variadic arguments
// after it.
func sliceCall(info *types.Info, call *ast.CallExpr, at int) passed {
	p := unknownPassed()
	if at >= len(call.Args) {
		return p
	}
	if keys, ok := sliceLen(info, call.Args[at]); ok {
		p.nkeys, p.keys, p.countAt = len(keys), keys, call.Args[at]
	}
	if !call.Ellipsis.IsValid() {
		p.nargs = len(call.Args) - at - 1
		// go-redis spreads a lone argument that is a slice or a map
		// (appendArgs: Run(ctx, c, keys, []string{a, b}) passes two).
		if p.nargs == 1 && spreadByClient(info.TypeOf(call.Args[at+1])) {
			p.nargs = -1
			if elts, ok := sliceLen(info, call.Args[at+1]); ok {
				p.nargs = len(elts)
			}
		}
	}
	return p
}

// spreadByClient reports whether go-redis sends a lone argument of type t
// as its elements: a slice other than []byte, or a map.
func spreadByClient(t types.Type) bool {
	if t == nil {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Slice:
		return !isStringish(t)
	case *types.Map:
		return true
	}
	return false
}

// sliceLen reads a slice whose elements the code shows: a composite
// literal without `...`, or nil.
func sliceLen(info *types.Info, e ast.Expr) ([]ast.Expr, bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		if _, ok := info.TypeOf(x).Underlying().(*types.Slice); !ok {
			return nil, false
		}
		for _, el := range x.Elts {
			if _, ok := el.(*ast.KeyValueExpr); ok {
				return nil, false // indexed elements: the length is not the count
			}
		}
		return x.Elts, true
	case *ast.Ident:
		if info.Uses[x] == types.Universe.Lookup("nil") {
			return nil, true
		}
	}
	return nil, false
}

// numkeysCall reads Do(..., src, numkeys, keys and args...) with numkeys
// at Args[at].
func numkeysCall(info *types.Info, call *ast.CallExpr, at int) passed {
	p := unknownPassed()
	if at >= len(call.Args) || (call.Ellipsis.IsValid() && at == len(call.Args)-1) {
		return p
	}
	n, ok := csConstInt(info, call.Args[at])
	if !ok || n < 0 {
		return p
	}
	p.nkeys, p.countAt = int(n), call.Args[at]
	if call.Ellipsis.IsValid() {
		return p
	}
	rest := call.Args[at+1:]
	p.total = len(rest)
	if p.nkeys <= len(rest) {
		p.keys = rest[:p.nkeys]
		p.nargs = len(rest) - p.nkeys
	}
	return p
}

// rueidisPassed reads the builder chain that continues after
// Eval().Script(src): .Numkeys(n).Key(k...).Arg(a...).
func rueidisPassed(info *types.Info, in *inspector.Inspector, call *ast.CallExpr) passed {
	p := unknownPassed()
	cur, ok := in.Root().FindNode(call)
	if !ok {
		return p
	}
	var keys []ast.Expr
	nargs, spread := 0, false
	for {
		sel, ok := cur.Parent().Node().(*ast.SelectorExpr)
		if !ok {
			break
		}
		outer, ok := cur.Parent().Parent().Node().(*ast.CallExpr)
		if !ok || outer.Fun != sel {
			break
		}
		switch sel.Sel.Name {
		case "Numkeys":
			if len(outer.Args) == 1 {
				if n, ok := csConstInt(info, outer.Args[0]); ok && n >= 0 {
					p.nkeys, p.countAt = int(n), outer.Args[0]
				}
			}
		case "Key":
			keys = append(keys, outer.Args...)
			spread = spread || outer.Ellipsis.IsValid()
		case "Arg":
			nargs += len(outer.Args)
			spread = spread || outer.Ellipsis.IsValid()
		}
		cur = cur.Parent().Parent()
	}
	if p.nkeys < 0 || spread {
		return p
	}
	p.total = len(keys) + nargs
	if p.nkeys <= p.total {
		all := append(keys, make([]ast.Expr, nargs)...)
		p.keys = all[:p.nkeys]
		p.nargs = p.total - p.nkeys
	}
	return p
}

// checkNumkeys reports a numkeys larger than the values that follow it.
func checkNumkeys(rep *reporter, u *scriptUse, p passed) {
	if p.nkeys < 0 || p.total < 0 || p.nkeys <= p.total {
		return
	}
	rep.rule(u.Call.Pos(), u.Call.End(), ruleid.KeysCountMismatch,
		fmt.Sprintf("%s passes numkeys %d but only %d values after it", useVia(u), p.nkeys, p.total),
		fmt.Sprintf("Redis refuses the call with 'ERR Number of keys can't be greater than number of args'; pass %d keys or lower numkeys", p.nkeys))
}

// checkKeysCount reports a script that reads KEYS[i] or ARGV[i] beyond
// what the call passes.
func checkKeysCount(pass *analysis.Pass, st *state, u *scriptUse, p passed, once func(token.Pos, string) bool) {
	rep := st.rep
	s := u.Script
	if s == nil || !s.Known || s.Library || (p.nkeys < 0 && p.nargs < 0) {
		return
	}
	m := s.Model()
	if m == nil || m.Context != model.Script {
		return
	}
	nkeys := p.nkeys
	if p.total >= 0 && p.nkeys > p.total {
		nkeys = -1 // checkNumkeys reports the call Redis refuses
	}
	where := func(r model.IndexRead) string { return scriptLine(pass, s, m, r.Expr) }
	for _, f := range ruleutil.CallSiteCounts(st.settings.target, model.ReadIndexes(m), nkeys, p.nargs, where, useVia(u)) {
		// KEYS on the expression that sets the count, ARGV on the call.
		var at ast.Node = u.Call
		if f.Table == "KEYS" {
			at = p.countAt
		}
		if once(at.Pos(), f.Table) {
			rep.rule(at.Pos(), at.End(), ruleid.KeysCountMismatch, f.Headline, f.Help)
		}
	}
}

// scriptLine says where a Lua expression is: its line in the Go file when
// the script text maps there, else its line in the script.
func scriptLine(pass *analysis.Pass, s *luaScript, m *model.Model, e luaast.Expr) string {
	r := m.Range(e)
	if pos, _, exact := s.GoRange(r); exact && pos.IsValid() {
		return fmt.Sprintf("on line %d", pass.Fset.Position(pos).Line)
	}
	return fmt.Sprintf("on script line %d", r.Start.Line)
}

// checkCallSlots reports keys passed at one call whose constant names hash
// to different cluster slots.
func checkCallSlots(pass *analysis.Pass, rep *reporter, u *scriptUse, p passed) {
	type named struct {
		name string
		slot int
	}
	var first *named
	for _, k := range p.keys {
		if k == nil {
			continue
		}
		name, ok := csConstString(pass.TypesInfo, k)
		if !ok {
			continue
		}
		n := named{name, slot.Of(name)}
		if first == nil {
			first = &n
			continue
		}
		if n.slot == first.slot {
			continue
		}
		// On the keys literal when the call holds it, else on the call
		// (redigo's keyCount is on NewScript, shared by every call).
		var at ast.Node = u.Call
		if p.countAt != nil && u.Call.Pos() <= p.countAt.Pos() && p.countAt.End() <= u.Call.End() {
			at = p.countAt
		}
		rep.rule(at.Pos(), at.End(), ruleid.MissingHashTag,
			fmt.Sprintf("keys %q and %q passed to %s hash to different cluster slots", first.name, n.name, useVia(u)),
			fmt.Sprintf("they hash to slots %d and %d: on Redis Cluster the call fails with 'CROSSSLOT Keys in request don't hash to the same slot'; give keys used together a common hash tag, such as {%s}", first.slot, n.slot, hashTagHint(first.name)))
		return
	}
}

// hashTagHint suggests a tag: the key's existing tag, or its first
// segment.
func hashTagHint(key string) string {
	if t := slot.Tag(key); t != key {
		return t
	}
	if i := strings.IndexAny(key, ":."); i > 0 {
		return key[:i]
	}
	return key
}

// checkReadOnlyUse reports a read-only call (EVAL_RO, EvalRO, RunRO,
// NewLuaScriptReadOnly, FCALL_RO) of a script that Redis refuses to run
// read-only: one that writes, or one with a shebang that does not say
// no-writes.
func checkReadOnlyUse(pass *analysis.Pass, u *scriptUse, st *state) {
	if !u.ReadOnly {
		return
	}
	if u.Kind == useFCall {
		checkReadOnlyFCall(pass, u, st)
		return
	}
	s := u.Script
	if s == nil || !s.Known || s.Library {
		return
	}
	m := s.Model()
	if m == nil {
		return
	}
	if sb := m.File.Shebang; sb != nil {
		if sb.HasFlag("no-writes") {
			return // the script's own writes are the Lua rule's finding
		}
		st.rep.rule(u.Call.Pos(), u.Call.End(), ruleid.WriteInReadonlyScript,
			fmt.Sprintf("%s runs the script read-only, but its #!lua shebang does not declare flags=no-writes", useVia(u)),
			fmt.Sprintf("Redis refuses it before it runs with 'ERR Can not execute a script with write flag using *_ro command'; add flags=no-writes to the shebang, or use %s", writableVariant(u)))
		return
	}
	for _, c := range m.Calls {
		if c.Command == nil || !(c.Command.IsWrite() || c.Command.HasFlag("MAY_REPLICATE")) {
			continue
		}
		st.rep.rule(u.Call.Pos(), u.Call.End(), ruleid.WriteInReadonlyScript,
			fmt.Sprintf("%s runs the script read-only, but it runs %s %s", useVia(u), c.Name, scriptLine(pass, s, m, c.Args[0].Expr)),
			fmt.Sprintf("Redis answers 'ERR Write commands are not allowed from read-only scripts'; use %s, or remove the write", writableVariant(u)))
		return
	}
}

// writableVariant names the call to use instead of a read-only one.
func writableVariant(u *scriptUse) string {
	if u.Command != "" {
		v := strings.TrimSuffix(u.Command, "_RO")
		if u.Client == clientRueidis {
			return v
		}
		return `Do("` + v + `")`
	}
	switch u.Name {
	case "NewLuaScriptReadOnly":
		return "NewLuaScript"
	}
	return strings.TrimSuffix(strings.TrimSuffix(u.Name, "RO"), "Ro")
}

// checkReadOnlyFCall reports FCALL_RO of a function that a library of the
// package registers without the no-writes flag: Redis refuses it.
func checkReadOnlyFCall(pass *analysis.Pass, u *scriptUse, st *state) {
	name, ok := fcallName(pass, u)
	if !ok {
		return
	}
	for _, s := range st.scripts {
		if !s.Known || !s.Library {
			continue
		}
		m := s.Model()
		if m == nil {
			continue
		}
		for _, reg := range m.Registrations {
			if !reg.NameKnown || reg.Name != name {
				continue
			}
			for _, f := range reg.Flags {
				if f == "no-writes" {
					return
				}
			}
			st.rep.rule(u.Call.Pos(), u.Call.End(), ruleid.WriteInReadonlyScript,
				fmt.Sprintf("%s calls function %q, which the library registers without flags={'no-writes'}", useVia(u), name),
				fmt.Sprintf("Redis refuses it with 'ERR Can not execute a script with write flag using *_ro command'; register it with flags={'no-writes'} if it only reads, or use %s", writableVariant(u)))
			return
		}
	}
}

// fcallName returns the constant function name an FCALL_RO passes.
func fcallName(pass *analysis.Pass, u *scriptUse) (string, bool) {
	info := pass.TypesInfo
	at := u.FuncArg
	if at < 0 || at >= len(u.Call.Args) {
		return "", false
	}
	return csConstString(info, u.Call.Args[at])
}

// reportDynamic reports a script whose text is assembled at run time.
func reportDynamic(pass *analysis.Pass, rep *reporter, s *luaScript) {
	via := "the call"
	if len(s.Uses) > 0 {
		via = useVia(s.Uses[0])
	}
	rep.rule(s.Src.Pos(), s.Src.End(), ruleid.DynamicScript,
		fmt.Sprintf("the script passed to %s is built at run time%s", via, howBuilt(pass, s.Src)),
		"Redis keeps every distinct script text in its script cache until SCRIPT FLUSH, and lint-lua cannot check it; keep the script text constant and pass the values in ARGV (keys in KEYS)")
}

// varies reports whether a string expression that scripts.go found to be
// assembled at run time takes different values from one run to the next:
// some part of it is a parameter, a field, a variable written more than
// once, or the result of a function that is not a pure string function.
// A text assembled only from constants (strings.TrimSpace of a constant)
// gives one cache entry and is not reported.
func varies(e *evaluator, x ast.Expr, depth int) bool {
	if depth > maxEvalDepth {
		return true
	}
	info := e.pass.TypesInfo
	x = ast.Unparen(x)
	if tv, ok := info.Types[x]; ok && tv.Value != nil {
		return false
	}
	if e.eval(x) != nil {
		return false
	}
	switch y := x.(type) {
	case *ast.BasicLit:
		return false
	case *ast.BinaryExpr:
		return varies(e, y.X, depth+1) || varies(e, y.Y, depth+1)
	case *ast.CallExpr:
		if tv, ok := info.Types[y.Fun]; ok && tv.IsType() && len(y.Args) == 1 {
			return varies(e, y.Args[0], depth+1)
		}
		fn := calleeFunc(info, y)
		if fn == nil || fn.Pkg() == nil || fn.Type().(*types.Signature).Recv() != nil {
			return true
		}
		switch fn.Pkg().Path() {
		case "fmt", "strings", "bytes", "strconv":
			for _, a := range y.Args {
				if varies(e, a, depth+1) {
					return true
				}
			}
			return false
		}
		return true
	case *ast.Ident:
		v, ok := info.Uses[y].(*types.Var)
		if !ok {
			return false
		}
		val, ok := e.once(v)
		if !ok {
			return true
		}
		return varies(e, val, depth+1)
	case *ast.CompositeLit:
		for _, el := range y.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if varies(e, el, depth+1) {
				return true
			}
		}
		return false
	}
	return true
}

// howBuilt says how a dynamic source is assembled, when it is written at
// the call.
func howBuilt(pass *analysis.Pass, e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		return " by concatenation"
	case *ast.CallExpr:
		if fn := calleeFunc(pass.TypesInfo, x); fn != nil && fn.Pkg() != nil {
			return " with " + fn.Pkg().Name() + "." + fn.Name()
		}
	case *ast.Ident:
		return " (" + x.Name + " is assembled from values known only when the program runs)"
	}
	return ""
}
