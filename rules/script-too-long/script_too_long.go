// Package scripttoolong is the rule script-too-long: a script longer than max-lines. Its documentation is doc.md, its
// fixtures testdata/.
package scripttoolong

import (
	_ "embed" // doc.md

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

//go:embed doc.md
var doc string

// Rule is script-too-long.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "script-too-long",
		Category: diag.Style,
		Severity: diag.SeverityInfo,
		Doc:      ruleutil.Doc("rules/script-too-long/doc.md", doc),
		Options: []diag.Option{{
			Name:    "max-lines",
			Default: 50,
			Doc:     "the most lines a script may have, comments and blank lines included (a final newline does not start a line); in a Functions library, the most lines of each registered function",
		}},
		// Placed at the line past max-lines, which moves with every line
		// inserted above it.
		WholeScript: true,
	},
	Run: runScriptTooLong,
}

func runScriptTooLong(p *lint.Pass) {
	m := p.Model
	f := m.File
	limit := p.IntOption("max-lines")
	if limit < 1 {
		return
	}
	if m.Context == model.Library {
		// A library is loaded once with FUNCTION LOAD and holds many
		// functions: what runs atomically is each registered function.
		for _, r := range m.Registrations {
			if r.Callback == nil {
				continue
			}
			cr := m.Range(r.Callback)
			n := cr.End.Line - cr.Start.Line + 1
			if n <= limit {
				continue
			}
			name := "the registered function"
			if r.NameKnown {
				name = "function '" + r.Name + "'"
			}
			p.Report(m.Range(r.Call), "%s has %d lines, more than max-lines (%d)", name, n, limit).
				Help("keep in the function only what must be atomic, and move the rest to the client")
		}
		return
	}
	n := f.LineCount()
	if n <= limit {
		return
	}
	line := limit + 1
	text, _ := f.Line(line)
	r := span.Range{Start: span.Pos{Line: line, Column: 1}, End: span.Pos{Line: line, Column: len(text) + 1}}
	p.Report(r, "script has %d lines, more than max-lines (%d)", n, limit).
		Help("keep in the script only what must be atomic, and move the rest to the client or to a Functions library")
}
