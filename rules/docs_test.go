package rules_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/rules/ruletest"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite docs/rules.md from the rule declarations")

// TestDocsUpToDate fails when docs/rules.md is stale: it is generated from
// the rule declarations (`go test ./rules -update-docs`).
func TestDocsUpToDate(t *testing.T) {
	want := report.Markdown(ruletest.Cat.Infos())
	const path = "../docs/rules.md"
	if *updateDocs {
		if err := os.MkdirAll("../docs", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run: go test ./rules -update-docs)", err)
	}
	if string(got) != want {
		t.Errorf("docs/rules.md is stale: run go test ./rules -update-docs")
	}
}

// TestRuleDeclarations checks what every rule must carry.
func TestRuleDeclarations(t *testing.T) {
	ids := map[string]bool{}
	for _, r := range ruletest.Cat.All() {
		if ids[r.ID] {
			t.Errorf("%s: declared twice", r.ID)
		}
		ids[r.ID] = true
		if r.ID != strings.ToLower(r.ID) || strings.ContainsAny(r.ID, " _") {
			t.Errorf("%s: IDs are kebab-case", r.ID)
		}
		switch r.Category {
		case diag.Correctness, diag.Cluster, diag.Atomicity, diag.Performance, diag.Style:
		default:
			t.Errorf("%s: unknown category %q", r.ID, r.Category)
		}
		if r.Severity < diag.SeverityInfo || r.Severity > diag.SeverityError {
			t.Errorf("%s: no default severity", r.ID)
		}
		d := r.Doc
		if d.Title == "" || len(d.Title) >= 60 || unicode.IsUpper(rune(d.Title[0])) || strings.HasSuffix(d.Title, ".") {
			t.Errorf("%s: title %q must be lower-case, under 60 characters, without a final period", r.ID, d.Title)
		}
		if d.Why == "" || d.Bad == "" || d.Good == "" || d.Redis == "" {
			t.Errorf("%s: the doc needs why, bad, good and redis versions", r.ID)
		}
		if !strings.Contains(report.Explain(&r.RuleInfo), d.Title) {
			t.Errorf("%s: explain does not show the title", r.ID)
		}
	}
}

// TestDocFilesAreRules fails on a rules/<id>/doc.md whose directory is no
// rule's (a rule renamed or removed without its documentation), on a rule
// without one, and on a shared text that no documentation names.
func TestDocFilesAreRules(t *testing.T) {
	docs, err := filepath.Glob("*/doc.md")
	if err != nil {
		t.Fatal(err)
	}
	all := ""
	seen := map[string]bool{}
	for _, path := range docs {
		id := filepath.Dir(path)
		seen[id] = true
		if ruletest.Cat.ByID(id) == nil {
			t.Errorf("rules/%s: no rule %s", path, id)
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		all += string(src)
	}
	for _, id := range ruletest.Cat.IDs() {
		if !seen[id] {
			t.Errorf("rule %s has no rules/%s/doc.md", id, id)
		}
	}
	for name := range ruleutil.SharedTexts() {
		if !strings.Contains(all, "{{"+name+"}}") {
			t.Errorf("rules/ruleutil/shared_docs.md: no rule names {{%s}}", name)
		}
	}
}
