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
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

// Each rule's documentation is docs/<id>.md (internal/ruledoc says the
// format; ruleutil holds the texts several of them name).
//
//go:embed docs/*.md
var docFiles embed.FS

// ruleDoc reads rule id's documentation from docs/<id>.md.
func ruleDoc(id string) diag.Doc {
	path := "docs/" + id + ".md"
	src, err := docFiles.ReadFile(path)
	if err != nil {
		panic(fmt.Sprintf("rules/%s: %v", path, err))
	}
	return ruleutil.Doc("rules/"+path, string(src))
}
