package pkgrun

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/lint-lua/lint-lua/internal/slowtest"
)

// marked is the toy analyzer's fact: the function calls, directly or
// through other marked functions, one named mark.
type marked struct{ depth int }

func (*marked) AFact()           {}
func (m *marked) String() string { return fmt.Sprintf("marked(%d)", m.depth) }

// toy exports marked on each function whose body calls mark or a marked
// function (of this package or an imported one), and reports each call to
// a marked function with the callee's depth: a fact made in one package
// reaches the packages that import it only when they run after it.
var toy = &analysis.Analyzer{
	Name:      "toy",
	Doc:       "toy analyzer with facts",
	FactTypes: []analysis.Fact{new(marked)},
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				depth := 0
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					var id *ast.Ident
					switch fn := call.Fun.(type) {
					case *ast.Ident:
						id = fn
					case *ast.SelectorExpr:
						id = fn.Sel
					}
					obj, _ := pass.TypesInfo.Uses[id].(*types.Func)
					if obj == nil {
						return true
					}
					var m marked
					switch {
					case obj.Name() == "mark":
						depth = max(depth, 1)
					case pass.ImportObjectFact(obj, &m):
						pass.Reportf(call.Pos(), "calls %s, %s", obj.Name(), &m)
						depth = max(depth, m.depth+1)
					}
					return true
				})
				if depth > 0 {
					pass.ExportObjectFact(pass.TypesInfo.Defs[fd.Name], &marked{depth})
				}
			}
		}
		return len(pass.AllObjectFacts()), nil
	},
}

// TestFactsAcrossPackages runs the toy analyzer over a chain of three
// packages, listed dependents first so that the order of the list is not
// the order of the run.
func TestFactsAcrossPackages(t *testing.T) {
	slowtest.Gate(t, "loads packages with the go command")
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":   "module example.com/m\n\ngo 1.22\n",
		"a/a.go":   "package a\n\nfunc mark() {}\n\nfunc A() { mark() }\n",
		"b/b.go":   "package b\n\nimport \"example.com/m/a\"\n\nfunc B() { a.A() }\n\nfunc C() { B() }\n",
		"c/c.go":   "package c\n\nimport \"example.com/m/b\"\n\nfunc D() { b.C() }\n\nfunc E() {}\n",
		"bad/x.go": "package bad\n\nfunc F() { undefined() }\n",
	}
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")}
	pkgs, err := packages.Load(cfg, "./c", "./b", "./a", "./bad")
	if err != nil {
		t.Fatal(err)
	}
	acts := Run(toy, pkgs)
	if len(acts) != len(pkgs) {
		t.Fatalf("got %d actions for %d packages", len(acts), len(pkgs))
	}
	got := map[string][]string{}
	for i, act := range acts {
		if act.Package != pkgs[i] {
			t.Errorf("action %d is for %s, want %s", i, act.Package.PkgPath, pkgs[i].PkgPath)
		}
		if act.Err != nil {
			got[act.Package.PkgPath] = append(got[act.Package.PkgPath], "error")
			continue
		}
		for _, d := range act.Diagnostics {
			got[act.Package.PkgPath] = append(got[act.Package.PkgPath], d.Message)
		}
		sort.Strings(got[act.Package.PkgPath])
		got[act.Package.PkgPath] = append(got[act.Package.PkgPath], fmt.Sprintf("%d facts", act.Result))
	}
	want := map[string][]string{
		"example.com/m/a":   {"1 facts"},
		"example.com/m/b":   {"calls A, marked(1)", "calls B, marked(2)", "2 facts"},
		"example.com/m/c":   {"calls C, marked(3)", "1 facts"},
		"example.com/m/bad": {"error"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
}
