package rules_test

import (
	"fmt"
	"github.com/lint-lua/lint-lua/rules/ruletest"
	"os"
	"strings"
	"testing"
)

const (
	readmePath  = "../README.md"
	tableBegin  = "<!-- rules table: generated from the rule declarations by go test ./rules -update-docs -->\n"
	tableEnd    = "<!-- end of rules table -->"
	tableHeader = "| ID | Category | Severity | What it finds |\n|---|---|---|---|\n"
)

// readmeTable is the README's rule table, a row per rule from its
// declaration: ID, category, default severity and Doc.Summary (the title
// when it has none).
func readmeTable() string {
	var b strings.Builder
	b.WriteString(tableHeader)
	for _, r := range ruletest.Cat.All() {
		what := r.Doc.Summary
		if what == "" {
			what = r.Doc.Title
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", r.ID, r.Category, r.Severity, what)
	}
	return b.String()
}

// TestReadmeRuleTable fails when the README's rule table is not the one
// the rule declarations give; go test ./rules -update-docs rewrites it.
func TestReadmeRuleTable(t *testing.T) {
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	i := strings.Index(readme, tableBegin)
	j := strings.Index(readme, tableEnd)
	if i < 0 || j < i {
		t.Fatalf("README.md lacks the rule table's markers %q and %q", tableBegin, tableEnd)
	}
	got, want := readme[i+len(tableBegin):j], readmeTable()
	if got == want {
		return
	}
	if *updateDocs {
		readme = readme[:i+len(tableBegin)] + want + readme[j:]
		if err := os.WriteFile(readmePath, []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's rule table is stale: run go test ./rules -update-docs")
	for _, r := range ruletest.Cat.All() {
		if !strings.Contains(got, "| `"+r.ID+"` |") {
			t.Errorf("README.md does not list rule %s", r.ID)
		}
	}
}
