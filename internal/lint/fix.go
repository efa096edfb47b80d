package lint

import (
	"bytes"
	"sort"

	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// Fix is a mechanical rewrite that resolves one finding: a short message
// saying what it does and the edits, which apply together or not at all.
type Fix struct {
	Message string
	Edits   []Edit
}

// Edit replaces the bytes [Start, End) of the file with New. Offsets are
// into the file's bytes as read (luasrc.File.Src); an insertion has
// Start == End.
type Edit struct {
	Start, End int
	New        string
}

// ReportFix adds a finding at r, like Report, that carries fix. A fix with
// no edits, or when the file's nodes have no exact positions, is dropped
// and the finding stays.
func (p *Pass) ReportFix(r Range, fix *Fix, format string, args ...any) {
	p.reportFix(r, fix, 0, format, args...)
}

// ReportLowerFix is ReportFix one severity level lower (see ReportLower).
func (p *Pass) ReportLowerFix(r Range, fix *Fix, format string, args ...any) {
	p.reportFix(r, fix, 1, format, args...)
}

func (p *Pass) reportFix(r Range, fix *Fix, lower int, format string, args ...any) {
	d := Diagnostic{File: p.Model.File.Name, Range: r, Rule: p.Rule.ID, Message: sprintf(format, args)}
	src := p.Model.File.Src
	if fix != nil && len(fix.Edits) > 0 && p.Model.File.Positioned() && validEdits(fix.Edits, len(src)) {
		out := &Fix{Message: fix.Message}
		for _, e := range fix.Edits {
			out.Edits = append(out.Edits, separate(src, e))
		}
		d.Fix = out
	}
	p.report(d, lower)
}

// validEdits reports whether edits lie inside a file of n bytes and do not
// overlap one another.
func validEdits(edits []Edit, n int) bool {
	es := sortedEdits(edits)
	for i, e := range es {
		if e.Start < 0 || e.End < e.Start || e.End > n {
			return false
		}
		if i > 0 && overlaps(es[i-1], e) {
			return false
		}
	}
	return true
}

func sortedEdits(edits []Edit) []Edit {
	es := append([]Edit(nil), edits...)
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Start != es[j].Start {
			return es[i].Start < es[j].Start
		}
		return es[i].End < es[j].End
	})
	return es
}

// overlaps reports whether two edits, a starting no later than b, touch
// the same bytes. Two insertions at one offset overlap too: their order
// would be a guess.
func overlaps(a, b Edit) bool {
	if a.Start == b.Start {
		return true
	}
	return b.Start < a.End
}

// ApplyFixes applies the fixes of ds to src: every fix whose edits overlap
// or touch none of an earlier applied fix's, in the order of ds. It returns the new
// text and the number of fixes applied; src is not modified.
func ApplyFixes(src []byte, ds []Diagnostic) ([]byte, int) {
	var taken []Edit
	applied := 0
	for _, d := range ds {
		if d.Fix == nil || !validEdits(d.Fix.Edits, len(src)) {
			continue
		}
		clash := false
		for _, e := range d.Fix.Edits {
			for _, t := range taken {
				a, b := e, t
				if b.Start < a.Start || (b.Start == a.Start && b.End < a.End) {
					a, b = b, a
				}
				// Edits of two fixes that touch count as a clash too: each
				// kept its tokens apart from the original text (separate),
				// not from the other's new text. The next round applies
				// the second.
				if overlaps(a, b) || a.End == b.Start {
					clash = true
				}
			}
		}
		if clash {
			continue
		}
		taken = append(taken, d.Fix.Edits...)
		applied++
	}
	if applied == 0 {
		return src, 0
	}
	taken = sortedEdits(taken)
	var b bytes.Buffer
	last := 0
	for _, e := range taken {
		b.Write(src[last:e.Start])
		b.WriteString(e.New)
		last = e.End
	}
	b.Write(src[last:])
	return b.Bytes(), applied
}

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
	Diagnostics []Diagnostic
	// Before is the findings of the input as it was.
	Before []Diagnostic
	// Applied counts the fixes applied over all rounds.
	Applied int
}

// FixFile lints src, applies the fixes of its findings, and lints again,
// until no fix applies or MaxFixRounds rounds have run. A round whose
// result does not parse is undone: a fix never turns a script Redis loads
// into one it refuses.
func FixFile(name string, src []byte, rules []*Rule, settings Settings, target Target) FixResult {
	f := luasrc.Parse(name, src)
	ds := LintFileFor(f, rules, settings, target)
	res := FixResult{Src: src, File: f, Diagnostics: ds, Before: ds}
	for round := 0; round < MaxFixRounds; round++ {
		out, n := ApplyFixes(res.Src, res.Diagnostics)
		if n == 0 {
			break
		}
		nf := luasrc.Parse(name, out)
		if nf.Chunk == nil || len(nf.Errors) > len(res.File.Errors) {
			break
		}
		res.Src, res.File, res.Applied = out, nf, res.Applied+n
		res.Diagnostics = LintFileFor(nf, rules, settings, target)
	}
	return res
}

// separate adds a space where an edit would glue two tokens into one: a
// name or number against a name or number (`== 1then` reads as a
// malformed number), a number against a dot.
func separate(src []byte, e Edit) Edit {
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
