// Package pkgrun runs a go/analysis analyzer over packages that
// golang.org/x/tools/go/packages loaded, for lint-lua go: each package
// after the ones it imports among them, with the facts the analyzer
// exports kept in memory for the packages that import them.
//
// golang.org/x/tools/go/analysis/checker does the same, but links
// encoding/gob (to serialize facts, which only unitchecker, under go vet,
// needs): its initialization costs every lint-lua process, which mostly
// lints .lua files, 0.15 ms on a quiet machine (GODEBUG=inittrace=1),
// three times that under load. This package keeps facts as the values the
// analyzer made, keyed by the object's package path and object path
// (golang.org/x/tools/go/types/objectpath): a package loaded from source
// and the same package seen through another's export data have different
// types.Object values for one declaration.
//
// Facts reach only the packages analyzed in the same run: a package outside
// the patterns (a dependency) is not analyzed, and exports none. go vet
// runs the analyzer over every dependency and has them all.
package pkgrun

import (
	"fmt"
	"go/types"
	"reflect"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"
)

// Action is one analyzer's run on one package.
type Action struct {
	Package     *packages.Package
	Diagnostics []analysis.Diagnostic
	// Result is what the analyzer returned.
	Result any
	Err    error
}

// Run runs a, after the analyzers it requires, on each of pkgs, a package
// after those of pkgs it imports (as many at once as GOMAXPROCS), and
// returns a's actions in the order of pkgs.
func Run(a *analysis.Analyzer, pkgs []*packages.Package) []*Action {
	facts := &factStore{m: map[factKey]analysis.Fact{}}
	byID := map[string]int{}
	for i, p := range pkgs {
		byID[p.ID] = i
	}
	done := make([]chan struct{}, len(pkgs))
	for i := range done {
		done[i] = make(chan struct{})
	}
	out := make([]*Action, len(pkgs))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, pkg := range pkgs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(done[i])
			for _, imp := range pkg.Imports {
				if j, ok := byID[imp.ID]; ok && j != i {
					<-done[j]
				}
			}
			sem <- struct{}{}
			defer func() { <-sem }()
			out[i] = run(a, pkg, facts, map[*analysis.Analyzer]*Action{})
		}()
	}
	wg.Wait()
	return out
}

// run runs a on pkg once its requirements (done, by analyzer) have run.
func run(a *analysis.Analyzer, pkg *packages.Package, facts *factStore, done map[*analysis.Analyzer]*Action) *Action {
	if act, ok := done[a]; ok {
		return act
	}
	act := &Action{Package: pkg}
	done[a] = act
	inputs := map[*analysis.Analyzer]any{}
	var failed []string
	for _, req := range a.Requires {
		r := run(req, pkg, facts, done)
		if r.Err != nil {
			failed = append(failed, req.String())
			continue
		}
		inputs[req] = r.Result
	}
	if len(failed) > 0 {
		act.Err = fmt.Errorf("failed prerequisites: %s", strings.Join(failed, ", "))
		return act
	}
	if pkg.IllTyped && !a.RunDespiteErrors {
		act.Err = fmt.Errorf("analysis skipped due to errors in package")
		return act
	}
	module := &analysis.Module{}
	if m := pkg.Module; m != nil {
		module.Path, module.Version, module.GoVersion = m.Path, m.Version, m.GoVersion
	}
	enc := new(objectpath.Encoder)
	var exported []analysis.ObjectFact
	var pkgFacts []analysis.PackageFact
	pass := &analysis.Pass{
		Analyzer:     a,
		Fset:         pkg.Fset,
		Files:        pkg.Syntax,
		OtherFiles:   pkg.OtherFiles,
		IgnoredFiles: pkg.IgnoredFiles,
		Pkg:          pkg.Types,
		TypesInfo:    pkg.TypesInfo,
		TypesSizes:   pkg.TypesSizes,
		TypeErrors:   pkg.TypeErrors,
		Module:       module,
		ResultOf:     inputs,
		Report:       func(d analysis.Diagnostic) { act.Diagnostics = append(act.Diagnostics, d) },
		ImportObjectFact: func(obj types.Object, f analysis.Fact) bool {
			k, ok := objectKey(enc, obj, f)
			return ok && facts.get(k, f)
		},
		ExportObjectFact: func(obj types.Object, f analysis.Fact) {
			if obj.Pkg() != pkg.Types {
				return // a fact about another package's object: go/analysis forbids it
			}
			if k, ok := objectKey(enc, obj, f); ok {
				facts.set(k, f)
				exported = append(exported, analysis.ObjectFact{Object: obj, Fact: f})
			}
		},
		ImportPackageFact: func(p *types.Package, f analysis.Fact) bool {
			return facts.get(factKey{pkg: p.Path(), t: reflect.TypeOf(f)}, f)
		},
		ExportPackageFact: func(f analysis.Fact) {
			facts.set(factKey{pkg: pkg.Types.Path(), t: reflect.TypeOf(f)}, f)
			pkgFacts = append(pkgFacts, analysis.PackageFact{Package: pkg.Types, Fact: f})
		},
		AllObjectFacts:  func() []analysis.ObjectFact { return exported },
		AllPackageFacts: func() []analysis.PackageFact { return pkgFacts },
	}
	act.Result, act.Err = a.Run(pass)
	return act
}

// factKey names a fact of an object (by its package path and object path)
// or of a package (obj empty).
type factKey struct {
	pkg string
	obj objectpath.Path
	t   reflect.Type
}

func objectKey(enc *objectpath.Encoder, obj types.Object, f analysis.Fact) (factKey, bool) {
	if obj.Pkg() == nil {
		return factKey{}, false
	}
	p, err := enc.For(obj)
	if err != nil {
		return factKey{}, false // a local object: no other package sees it
	}
	return factKey{pkg: obj.Pkg().Path(), obj: p, t: reflect.TypeOf(f)}, true
}

// factStore holds the facts of a run. Packages that run at the same time
// never import one another, so a fact is always set before it is read;
// the lock is for the map.
type factStore struct {
	mu sync.Mutex
	m  map[factKey]analysis.Fact
}

func (s *factStore) set(k factKey, f analysis.Fact) {
	s.mu.Lock()
	s.m[k] = f
	s.mu.Unlock()
}

// get copies the fact for k into f, as the go/analysis drivers do.
func (s *factStore) get(k factKey, f analysis.Fact) bool {
	s.mu.Lock()
	got, ok := s.m[k]
	s.mu.Unlock()
	if ok {
		reflect.ValueOf(f).Elem().Set(reflect.ValueOf(got).Elem())
	}
	return ok
}
