package analyzer

// A project's own client interface is a script API when what implements it
// sends the script: the method of an interface declared here whose
// implementation (a type of this package or of one it imports) hands its
// parameter to a script API has that implementation's fact, so a call on
// the interface is a script call site with its keys and arguments:
//
//	type RedisCli interface {
//		Eval(script string, keys []string, args []interface{}) (interface{}, error)
//	}
//	func (r *wrapper) Eval(script string, keys []string, args []interface{}) (interface{}, error) {
//		return r.inner.Eval(ctx, script, keys, args...).Result() // go-redis
//	}
//	q.cli.Eval(src, []string{k}, nil) // src is a script
//
// A library's interface that only its users implement (no type here
// implements it) is a script API by its shape alone: a method Eval or
// EvalRO whose parameters are a script's text, a []string of keys and the
// arguments, named so. An interface that a type here implements without
// sending the script is not one.

import (
	"go/types"
	"strings"
)

// interfaceFacts gives the package's interface methods the facts their
// implementations have, or their shape gives; it reports whether it gave
// a new one.
func (p *projectAPIs) interfaceFacts() bool {
	pkg := p.pass.Pkg
	impls := candidateTypes(pkg)
	changed := false
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok || iface.NumMethods() == 0 {
			continue
		}
		var implemented []types.Type
		for _, t := range impls {
			if types.Implements(t, iface) {
				implemented = append(implemented, t)
			}
		}
		for i := range iface.NumExplicitMethods() {
			m := iface.ExplicitMethod(i)
			if m.Pkg() != pkg || p.local[m] != nil {
				continue
			}
			var f *scriptParam
			for _, t := range implemented {
				obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, m.Name())
				if fn, ok := obj.(*types.Func); ok && fn != m {
					if g := p.fact(fn); g != nil {
						c := *g
						f = &c
						break
					}
				}
			}
			if f == nil && len(implemented) == 0 {
				f = evalShape(m)
			}
			if f != nil {
				p.local[m] = f
				changed = true
			}
		}
	}
	return changed
}

// candidateTypes returns the types that may implement an interface of
// pkg: each named type (and its pointer) declared in pkg or in a package
// it imports, not an interface.
func candidateTypes(pkg *types.Package) []types.Type {
	var out []types.Type
	add := func(s *types.Scope) {
		for _, name := range s.Names() {
			tn, ok := s.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			n, ok := tn.Type().(*types.Named)
			if !ok || types.IsInterface(n) || n.TypeParams().Len() > 0 {
				continue
			}
			out = append(out, types.NewPointer(n))
		}
	}
	add(pkg.Scope())
	for _, imp := range pkg.Imports() {
		add(imp.Scope())
	}
	return out
}

// evalShape returns the fact of an interface method that looks like a
// client's Eval: named Eval or EvalRO, taking (after a context) a string
// named as a script, a []string named as keys, and optionally the
// arguments, a slice or variadic; nil otherwise.
func evalShape(m *types.Func) *scriptParam {
	ro := false
	switch m.Name() {
	case "Eval":
	case "EvalRO", "EvalRo", "EvalReadOnly":
		ro = true
	default:
		return nil
	}
	sig := m.Type().(*types.Signature)
	params := sig.Params()
	at := 0
	if params.Len() > 0 && isContext(params.At(0).Type()) {
		at = 1
	}
	if params.Len() < at+2 || params.Len() > at+3 {
		return nil
	}
	src, keys := params.At(at), params.At(at+1)
	if !isStringType(src.Type()) || !scriptName(src.Name()) {
		return nil
	}
	if sl, ok := keys.Type().Underlying().(*types.Slice); !ok || !isStringType(sl.Elem()) || !strings.Contains(strings.ToLower(keys.Name()), "key") {
		return nil
	}
	f := &scriptParam{Kind: useEval, RO: ro, Src: at, Cmd: -1, Obj: -1, Keys: at + 1, Args: -1, Pass: passSlice, Via: m.Name()}
	if params.Len() == at+3 {
		a := params.At(at + 2)
		if _, ok := a.Type().Underlying().(*types.Slice); !ok {
			return nil
		}
		if sig.Variadic() {
			f.VarArgs = true
		} else {
			f.Args = at + 2
		}
	}
	return f
}

// scriptName says whether a parameter's name says it holds a script's
// text.
func scriptName(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"script", "src", "source", "lua"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}
