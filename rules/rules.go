// Package rules holds lint-lua's rules, one file per rule, each an exported
// variable `var Name = &lint.Rule{...}` with its documentation in
// docs/<id>.md, and Catalogue, generated from those declarations
// (catalogue_gen.go, by go generate: internal/rulegen), which makes the
// catalogue value every command is given. A rule file keeps its unexported
// helpers to itself; what several rules use lives in a file that declares
// no rule (shared_*.go, sandbox.go) or in internal/model, and
// TestRuleFilesKeepTheirHelpers keeps it so.
package rules

//go:generate go run ../internal/tools/gencatalogue

import (
	"embed"
	"fmt"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/ruledoc"
)

// Each rule's documentation is docs/<id>.md (internal/ruledoc says the
// format); shared_docs.md holds the texts several of them name.
var (
	//go:embed docs/*.md
	docFiles embed.FS
	//go:embed shared_docs.md
	sharedDocsMD string
	sharedDocs   = mustTexts(sharedDocsMD)
)

func mustTexts(src string) ruledoc.Texts {
	t, err := ruledoc.ParseTexts(src)
	if err != nil {
		panic(fmt.Sprintf("rules/shared_docs.md: %v", err))
	}
	return t
}

// ruleDoc reads rule id's documentation from docs/<id>.md. A file that
// does not parse stops the program when the package loads, so any test of
// the package fails on it.
func ruleDoc(id string) diag.Doc {
	path := "docs/" + id + ".md"
	src, err := docFiles.ReadFile(path)
	if err == nil {
		var d diag.Doc
		if d, err = ruledoc.Parse(string(src), sharedDocs); err == nil {
			return d
		}
	}
	panic(fmt.Sprintf("rules/%s: %v", path, err))
}
