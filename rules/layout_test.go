package rules

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/rulegen"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestRuleFilesKeepTheirHelpers fails when an unexported function, type,
// variable or constant declared in a rule file (a file that declares a
// rule) is used from another file of the package: what several rules
// share lives in a file that registers no rule (shared_*.go, sandbox.go) or
// in the model, where a reader of one rule's file can find it.
func TestRuleFilesKeepTheirHelpers(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]*ast.File{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	// owner maps each unexported package-level name of a rule file to
	// that file.
	owner := map[string]string{}
	for name, f := range files {
		if !rulegen.DeclaresRule(f) {
			continue
		}
		for _, d := range f.Decls {
			for _, id := range declared(d) {
				if !ast.IsExported(id.Name) && id.Name != "_" {
					owner[id.Name] = name
				}
			}
		}
	}
	if len(owner) == 0 {
		t.Fatal("no rule file declares anything: is var Name = &lint.Rule{...} still the way rules are declared?")
	}
	var bad []string
	for name, f := range files {
		for _, id := range uses(f) {
			if o, ok := owner[id.Name]; ok && o != name {
				bad = append(bad, fset.Position(id.Pos()).String()+": "+id.Name+" is declared in the rule file "+o)
			}
		}
	}
	sort.Strings(bad)
	bad = slices.Compact(bad)
	for _, b := range bad {
		t.Error(b)
	}
	if len(bad) > 0 {
		t.Log("move what several rules use into a file that declares no rule (rules/shared_*.go) or into internal/model")
	}
}

// declared returns the package-level names d declares (not methods: they
// are reached through their type).
func declared(d ast.Decl) []*ast.Ident {
	var out []*ast.Ident
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil {
			out = append(out, d.Name)
		}
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				out = append(out, s.Name)
			case *ast.ValueSpec:
				out = append(out, s.Names...)
			}
		}
	}
	return out
}

// uses returns the identifiers of f that may name a package-level
// declaration of another file: not resolved inside f, and neither a
// field or method selected from a value nor a struct field's name.
func uses(f *ast.File) []*ast.Ident {
	skip := map[*ast.Ident]bool{}
	var out []*ast.Ident
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			skip[n.Sel] = true
		case *ast.Field:
			for _, id := range n.Names {
				skip[id] = true
			}
		case *ast.KeyValueExpr:
			// A struct literal's field name; a map literal keyed by
			// another file's constant would be missed, which is rare.
			if id, ok := n.Key.(*ast.Ident); ok {
				skip[id] = true
			}
		case *ast.Ident:
			if n.Obj == nil && !skip[n] {
				out = append(out, n)
			}
		}
		return true
	})
	return out
}

// TestLowerDocumented fails when a rule file reports a finding below the
// rule's severity (.Lower() or .Info()) and its rule's Doc.Lower does not
// say when, or when Doc.Lower describes a rule that never lowers: the
// severity printed is a promise, and its exceptions are documented.
func TestLowerDocumented(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	lowers := map[string]bool{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !rulegen.DeclaresRule(f) {
			continue
		}
		lower := false
		var ids []string
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && len(n.Args) == 0 && (sel.Sel.Name == "Lower" || sel.Sel.Name == "Info" || sel.Sel.Name == "Raise") {
					lower = true
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "ID" {
					if lit, ok := n.Value.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						ids = append(ids, strings.Trim(lit.Value, `"`))
					}
				}
			}
			return true
		})
		if lower && len(ids) != 1 {
			t.Errorf("%s lowers a finding's severity but declares %d rules: the check cannot tell whose", name, len(ids))
			continue
		}
		for _, id := range ids {
			lowers[id] = lower
		}
	}
	// The engine lowers syntax-error itself, for a byte order mark
	// (luasrc.SyntaxError.Lower).
	lowers[lint.SyntaxErrorID] = true
	for _, r := range cat.All() {
		// The engine lowers the cluster rules' findings on a script
		// that nothing suggests will run on a cluster (lint.Config.Cluster).
		if r.Category == diag.Cluster {
			lowers[r.ID] = true
		}
	}
	for _, r := range cat.All() {
		switch {
		case lowers[r.ID] && r.Doc.Lower == "":
			t.Errorf("%s reports findings below its severity (.Lower() or .Info()): say when and why in Doc.Lower", r.ID)
		case !lowers[r.ID] && r.Doc.Lower != "":
			t.Errorf("%s has a Doc.Lower but never lowers a finding's severity", r.ID)
		}
	}
}

// TestCatalogueUpToDate fails when the generated catalogue
// (catalogue_gen.go) or rule IDs (ruleid/ruleid_gen.go) do not list the
// rules declared here: run go generate ./rules/...
func TestCatalogueUpToDate(t *testing.T) {
	stale, err := rulegen.Stale("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range stale {
		t.Errorf("%s is stale: run go generate ./rules/...", path)
	}
	found, err := rulegen.Find("..")
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != len(cat.All()) {
		t.Errorf("rulegen finds %d rules, the catalogue has %d", len(found), len(cat.All()))
	}
}
