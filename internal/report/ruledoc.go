package report

import (
	"fmt"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
)

// Explain renders a rule's documentation as text for `lint-lua explain`,
// with the headings every rule uses.
func Explain(r *diag.RuleInfo) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n\n", r.ID, r.Doc.Title)
	fmt.Fprintf(&b, "Category: %s\nDefault severity: %s\nRedis versions: %s\n\n", r.Category, r.Severity, r.Doc.Redis)
	fmt.Fprintf(&b, "Why this is bad\n%s\n", indent(r.Doc.Why, "    "))
	if r.Doc.Lower != "" {
		fmt.Fprintf(&b, "\nLower severity\n%s\n", indent(r.Doc.Lower, "    "))
	}
	if r.Doc.Bad != "" {
		fmt.Fprintf(&b, "\nBad\n%s\n", indent(r.Doc.Bad, "    "))
	}
	if r.Doc.Good != "" {
		fmt.Fprintf(&b, "\nGood\n%s\n", indent(r.Doc.Good, "    "))
	}
	if len(r.Options) > 0 {
		b.WriteString("\nOptions\n")
		for _, o := range r.Options {
			fmt.Fprintf(&b, "    %s (default %v): %s\n", o.Name, o.Default, o.Doc)
		}
	}
	return b.String()
}

// Markdown renders every rule's documentation for docs/rules.md.
func Markdown(rules []*diag.RuleInfo) string {
	var b strings.Builder
	b.WriteString("# lint-lua rules\n\n<!-- Generated from the rule declarations by `go test ./rules -update-docs`; do not edit. -->\n\n")
	b.WriteString("| ID | Category | Severity | Title |\n|---|---|---|---|\n")
	for _, r := range rules {
		fmt.Fprintf(&b, "| [%s](#%s) | %s | %s | %s |\n", r.ID, r.ID, r.Category, r.Severity, r.Doc.Title)
	}
	for _, r := range rules {
		fmt.Fprintf(&b, "\n## %s\n\n%s.\n\n", r.ID, capitalize(r.Doc.Title))
		fmt.Fprintf(&b, "Category: %s. Default severity: %s. Redis versions: %s.\n\n", r.Category, r.Severity, r.Doc.Redis)
		fmt.Fprintf(&b, "### What it does and why this is bad\n\n%s\n\n", r.Doc.Why)
		if r.Doc.Lower != "" {
			fmt.Fprintf(&b, "### Lower severity\n\n%s\n\n", r.Doc.Lower)
		}
		if r.Doc.Bad != "" {
			fmt.Fprintf(&b, "### Bad\n\n```%s\n%s\n```\n\n", docLang(r.Doc), r.Doc.Bad)
		}
		if r.Doc.Good != "" {
			fmt.Fprintf(&b, "### Good\n\n```%s\n%s\n```\n\n", docLang(r.Doc), r.Doc.Good)
		}
		b.WriteString("### Configuration\n\n")
		if len(r.Options) == 0 {
			b.WriteString("No options; enable, disable or change its severity in `.lint-lua.yaml`.\n")
		}
		for _, o := range r.Options {
			fmt.Fprintf(&b, "- `%s` (default `%v`): %s\n", o.Name, o.Default, o.Doc)
		}
	}
	return b.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// docLang is the language of a rule's examples, for code fences.
func docLang(d diag.Doc) string {
	if d.Lang == "" {
		return "lua"
	}
	return d.Lang
}
