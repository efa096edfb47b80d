// Package ruleutil holds what several of lint-lua's rules share, and only
// that: the walks and facts more than one rule reads (the lock attempts and
// releases of a script, which replies may be null or how large, how a
// comparison or a number reads, the sandbox's globals and libraries, the
// command checks, the fix builder), the short quoting of source text for
// headlines (Brief), and the rules' Markdown documentation (Doc, with the
// texts several rules' docs name in shared_docs.md). What one rule alone
// needs stays in that rule's file; a fact about the script itself belongs in
// internal/model.
package ruleutil

import (
	_ "embed" // shared_docs.md
	"fmt"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/ruledoc"
)

var (
	//go:embed shared_docs.md
	sharedDocsMD string
	sharedDocs   = mustTexts(sharedDocsMD)
)

func mustTexts(src string) ruledoc.Texts {
	t, err := ruledoc.ParseTexts(src)
	if err != nil {
		panic(fmt.Sprintf("rules/ruleutil/shared_docs.md: %v", err))
	}
	return t
}

// SharedTexts returns the texts several rules' documentation names as
// {{name}}, by name. The map is the caller's.
func SharedTexts() map[string]string {
	out := make(map[string]string, len(sharedDocs))
	for k, v := range sharedDocs {
		out[k] = v
	}
	return out
}

// Doc reads a rule's Markdown documentation (internal/ruledoc says the
// format) named name in errors. A file that does not parse stops the
// program when the rule's package loads, so that any test of it fails.
func Doc(name, src string) diag.Doc {
	d, err := ruledoc.Parse(src, sharedDocs)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", name, err))
	}
	return d
}
