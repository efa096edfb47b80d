package rulegen

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/ruledoc"
)

// tree writes files (path -> text) under a new module root.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	files["go.mod"] = "module github.com/lint-lua/lint-lua\n"
	files["internal/lint/engine.go"] = "package lint\n\nconst (\n\tSyntaxErrorID = \"syntax-error\"\n\tOther = 3\n)\n"
	for path, text := range files {
		full := filepath.Join(root, path)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const ruleFile = `package zetarule

var Rule = &lint.Rule{RuleInfo: diag.RuleInfo{ID: "zeta-rule"}, Run: nil}

var notARule = &other.Rule{}
`

const engineFile = `package syntaxerror

var Rule = &lint.Rule{RuleInfo: diag.RuleInfo{ID: lint.SyntaxErrorID}}
`

func TestFindAndWrite(t *testing.T) {
	root := tree(t, map[string]string{
		"rules/zeta-rule/zeta.go":      ruleFile,
		"rules/syntax-error/syntax.go": engineFile,
		"rules/zeta-rule/zeta_test.go": "package zetarule\n\nvar Ignored = &lint.Rule{RuleInfo: diag.RuleInfo{ID: \"in-a-test\"}}\n",
	})
	got, err := Find(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []Rule{
		{ID: "syntax-error", Var: "Rule", File: "rules/syntax-error/syntax.go", Pkg: "syntaxerror", Import: "github.com/lint-lua/lint-lua/rules/syntax-error"},
		{ID: "zeta-rule", Var: "Rule", File: "rules/zeta-rule/zeta.go", Pkg: "zetarule", Import: "github.com/lint-lua/lint-lua/rules/zeta-rule"},
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("Find: %+v, want %+v", got, want)
	}
	if stale, err := Stale(root); err != nil || len(stale) != 2 {
		t.Fatalf("before Write: stale %v, %v", stale, err)
	}
	if err := Write(root); err != nil {
		t.Fatal(err)
	}
	if stale, err := Stale(root); err != nil || len(stale) != 0 {
		t.Fatalf("after Write: stale %v, %v", stale, err)
	}
	cat, _ := os.ReadFile(filepath.Join(root, CatalogueFile))
	if !strings.Contains(string(cat), "lint.NewCatalogue(\n\t\tsyntaxerror.Rule,\n\t\tzetarule.Rule,\n\t)") ||
		!strings.Contains(string(cat), `"github.com/lint-lua/lint-lua/rules/zeta-rule"`) {
		t.Errorf("catalogue:\n%s", cat)
	}
	ids, _ := os.ReadFile(filepath.Join(root, IDsFile))
	if !strings.Contains(string(ids), `ZetaRule    = "zeta-rule"`) || !strings.Contains(string(ids), `SyntaxError = "syntax-error"`) {
		t.Errorf("ids:\n%s", ids)
	}
	// A rule added after is stale until written again.
	if err := os.MkdirAll(filepath.Join(root, "rules/b"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "rules/b/b.go"), []byte("package b\n\nvar Rule = &lint.Rule{RuleInfo: diag.RuleInfo{ID: \"b\"}}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if stale, _ := Stale(root); len(stale) != 2 {
		t.Errorf("a new rule leaves %v stale, want both files", stale)
	}
}

func TestFindErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"package rules\n\nvar lower = &lint.Rule{RuleInfo: diag.RuleInfo{ID: \"x\"}}\n", "rules/a.go:3: rule variable lower is not exported"},
		{"package rules\n\nvar X = &lint.Rule{RuleInfo: diag.RuleInfo{ID: name}}\n", "neither a string literal"},
		{"package rules\n\nvar X = &lint.Rule{RuleInfo: diag.RuleInfo{ID: lint.Other}}\n", "neither a string literal"},
		{"package rules\n\nvar X = &lint.Rule{Run: nil}\n", "no RuleInfo"},
		{"package rules\n\nvar X = &lint.Rule{RuleInfo: diag.RuleInfo{ID: \"x\"}}\nvar Y = &lint.Rule{RuleInfo: diag.RuleInfo{ID: \"x\"}}\n", "rules/a.go:4: rule x is declared at rules/a.go:3 too"},
	} {
		_, err := Find(tree(t, map[string]string{"rules/a.go": c.src}))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.want)
		}
	}
}

func TestScaffold(t *testing.T) {
	root := tree(t, map[string]string{"rules/zeta-rule/zeta.go": ruleFile})
	files, err := Scaffold(root, "unbounded-scan")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"unbounded_scan.go", "doc.md", "testdata/bad.lua", "testdata/good.lua", "proof_test.go"}
	if len(files) != len(want) {
		t.Fatalf("created %v", files)
	}
	for i, f := range files {
		if f != "rules/unbounded-scan/"+want[i] {
			t.Errorf("created %s, want rules/unbounded-scan/%s", f, want[i])
		}
	}
	read := func(path string) string {
		b, err := os.ReadFile(filepath.Join(root, "rules/unbounded-scan", path))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, name := range []string{"unbounded_scan.go", "proof_test.go"} {
		if _, err := parser.ParseFile(token.NewFileSet(), name, read(name), 0); err != nil {
			t.Errorf("%s does not parse: %v", name, err)
		}
	}
	if !strings.Contains(read("unbounded_scan.go"), "package unboundedscan\n") || !strings.Contains(read("unbounded_scan.go"), `ID:       "unbounded-scan",`) {
		t.Errorf("rule file:\n%s", read("unbounded_scan.go"))
	}
	if d, err := ruledoc.Parse(read("doc.md"), nil); err != nil || d.Title == "" || d.Bad == "" || d.Good == "" {
		t.Errorf("doc.md: %v %#v", err, d)
	}
	if !strings.Contains(read("testdata/bad.lua"), `-- want "`) || strings.Contains(read("testdata/good.lua"), "want") {
		t.Errorf("fixtures: the bad one wants a finding, the good one none")
	}
	if proof := read("proof_test.go"); !strings.Contains(proof, "package unboundedscan_test") || !strings.Contains(proof, "t.Fatal(") {
		t.Errorf("the proof stub must fail until written:\n%s", proof)
	}
	if stale, err := Stale(root); err != nil || len(stale) != 0 {
		t.Errorf("the catalogue is not written: %v %v", stale, err)
	}
	cat, _ := os.ReadFile(filepath.Join(root, CatalogueFile))
	if !strings.Contains(string(cat), "unboundedscan.Rule,") {
		t.Errorf("catalogue:\n%s", cat)
	}
	for _, bad := range []string{"unbounded-scan", "zeta-rule", "Unbounded", "one", "two--dashes", "x_y"} {
		if _, err := Scaffold(root, bad); err == nil {
			t.Errorf("Scaffold(%q) took it", bad)
		}
	}
}
