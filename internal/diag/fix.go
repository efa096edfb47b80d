package diag

import (
	"bytes"
	"sort"
)

// Fix is a mechanical rewrite that resolves one finding: a short message
// saying what it does and the edits, which apply together or not at all.
type Fix struct {
	Message string
	Edits   []Edit
	// Applicability says whether --fix may apply the fix on its own.
	Applicability Applicability
}

// Applicability says when a fix may be applied without the user reading
// it first, as ruff's fix applicability does.
type Applicability uint8

const (
	// Safe: the script means the same for every input it admits; --fix
	// applies it.
	Safe Applicability = iota
	// Unsafe: the fix changes what the script does in a way the user must
	// accept (the caller must pass a new ARGV, a reply differs for some
	// input); --fix applies it only with --unsafe-fixes, and its message
	// says what changes.
	Unsafe
	// DisplayOnly: shown as a suggestion, never applied.
	DisplayOnly
)

// String is the applicability's name in the output formats.
func (a Applicability) String() string {
	switch a {
	case Unsafe:
		return "unsafe"
	case DisplayOnly:
		return "display-only"
	}
	return "safe"
}

// Applies reports whether a fix of applicability a is applied by a run
// that applies fixes up to upTo (Safe, or Unsafe with --unsafe-fixes).
// A display-only fix never is.
func (a Applicability) Applies(upTo Applicability) bool {
	return a != DisplayOnly && a <= upTo
}

// Edit replaces the bytes [Start, End) of the file with New. Offsets are
// into the file's bytes as read; an insertion has Start == End.
type Edit struct {
	Start, End int
	New        string
	// Range is [Start, End) as lines and byte columns of the file, for the
	// formats that place edits by position (SARIF, rdjson); the driver
	// fills it, and it is zero where unknown.
	Range Range
}

// ValidEdits reports whether edits lie inside a file of size bytes and do
// not overlap one another.
func ValidEdits(edits []Edit, size int) bool {
	es := sortedEdits(edits)
	for i, e := range es {
		if e.Start < 0 || e.End < e.Start || e.End > size {
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

// ApplyFixes applies the fixes of ds that apply up to upTo
// (Applicability.Applies) to src: every fix whose edits overlap or touch
// none of an earlier applied fix's, in the order of ds. It returns the new
// text and the number of fixes applied; src is not modified.
func ApplyFixes(src []byte, ds []Diagnostic, upTo Applicability) ([]byte, int) {
	var taken []Edit
	applied := 0
	for _, d := range ds {
		if d.Fix == nil || !d.Fix.Applicability.Applies(upTo) || !ValidEdits(d.Fix.Edits, len(src)) {
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
				// kept its tokens apart from the original text, not from
				// the other's new text. The next round applies the second.
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
