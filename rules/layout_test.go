package rules_test

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/rulegen"
	"github.com/lint-lua/lint-lua/rules/ruletest"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRuleDirectories fails when a rule is not a directory of its own,
// rules/<id>/, holding its code (a package that declares that one rule),
// its documentation (doc.md) and, but for the rules only the Go analyzer
// reports, its fixtures (testdata/*.lua): the layout a contributor copies.
// What a rule's package keeps unexported is its own; the compiler sees to
// that, and what several rules share is in rules/ruleutil.
func TestRuleDirectories(t *testing.T) {
	found, err := rulegen.Find("..")
	if err != nil {
		t.Fatal(err)
	}
	perDir := map[string]int{}
	for _, r := range found {
		dir := filepath.ToSlash(filepath.Dir(r.File))
		perDir[dir]++
		if dir != "rules/"+r.ID {
			t.Errorf("%s: rule %s is declared outside rules/%s", r.File, r.ID, r.ID)
			continue
		}
		if r.Var != "Rule" {
			t.Errorf("%s: the rule's variable is %s, want Rule", r.File, r.Var)
		}
		if _, err := os.Stat(filepath.Join(r.ID, "doc.md")); err != nil {
			t.Errorf("rule %s: %v", r.ID, err)
		}
	}
	for dir, n := range perDir {
		if n > 1 {
			t.Errorf("%s declares %d rules, want one", dir, n)
		}
	}
	if len(found) != len(ruletest.Cat.All()) {
		t.Errorf("rulegen finds %d rules, the catalogue has %d", len(found), len(ruletest.Cat.All()))
	}
}

// TestLowerDocumented fails when a rule file reports a finding below the
// rule's severity (.Lower() or .Info()) and its rule's Doc.Lower does not
// say when, or when Doc.Lower describes a rule that never lowers: the
// severity printed is a promise, and its exceptions are documented.
func TestLowerDocumented(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*/*.go")
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
	for _, r := range ruletest.Cat.All() {
		// The engine lowers the cluster rules' findings on a script
		// that nothing suggests will run on a cluster (lint.Config.Cluster).
		if r.Category == diag.Cluster {
			lowers[r.ID] = true
		}
	}
	for _, r := range ruletest.Cat.All() {
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
	if len(found) != len(ruletest.Cat.All()) {
		t.Errorf("rulegen finds %d rules, the catalogue has %d", len(found), len(ruletest.Cat.All()))
	}
}
