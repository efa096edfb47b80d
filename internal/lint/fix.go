package lint

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// MaxFixRounds bounds the fix-and-relint loop: a fix may enable or shift
// another, but the fixes lint-lua has settle in one or two rounds, and a
// bound keeps two fixes that undo each other from looping forever.
const MaxFixRounds = 5

// FixResult is what fixing one file produced.
type FixResult struct {
	// Src is the fixed text (the input when nothing was fixed).
	Src []byte
	// File is Src parsed, and Diagnostics its findings after fixing.
	File        *luasrc.File
	Diagnostics []diag.Diagnostic
	// Before is the findings of the input as it was.
	Before []diag.Diagnostic
	// Applied counts the fixes applied over all rounds.
	Applied int
}

// Fix lints src, applies the fixes of its findings, and lints again,
// until no fix applies or MaxFixRounds rounds have run. A round whose
// result does not parse is undone: a fix never turns a script Redis loads
// into one it refuses.
func Fix(name string, src []byte, cfg Config) FixResult {
	f := luasrc.Parse(name, src)
	ds := Run(f, cfg)
	res := FixResult{Src: src, File: f, Diagnostics: ds, Before: ds}
	for round := 0; round < MaxFixRounds; round++ {
		out, n := diag.ApplyFixes(res.Src, res.Diagnostics)
		if n == 0 {
			break
		}
		nf := luasrc.Parse(name, out)
		if nf.Chunk == nil || len(nf.Errors) > len(res.File.Errors) {
			break
		}
		res.Src, res.File, res.Applied = out, nf, res.Applied+n
		res.Diagnostics = Run(nf, cfg)
	}
	return res
}

// separate adds a space where an edit would glue two tokens into one: a
// name or number against a name or number (`== 1then` reads as a
// malformed number), a number against a dot.
func separate(src []byte, e diag.Edit) diag.Edit {
	word := func(b byte) bool {
		return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
	}
	if e.Start > 0 {
		var first byte
		switch {
		case e.New != "":
			first = e.New[0]
		case e.End < len(src):
			first = src[e.End]
		}
		if first != 0 && word(src[e.Start-1]) && (word(first) || first == '.') {
			e.New = " " + e.New
		}
	}
	if e.New != "" && e.End < len(src) {
		last, next := e.New[len(e.New)-1], src[e.End]
		if word(last) && (word(next) || next == '.') {
			e.New += " "
		}
	}
	return e
}
