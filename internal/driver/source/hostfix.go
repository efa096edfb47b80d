package source

import (
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/srcmap"
)

// hostFixes checks the fixes of one host file's scripts: what was read
// (the scripts as read found them in src) and how to read it again.
type hostFixes struct {
	// read finds the scripts of a content of the file: hostlang.Extract
	// for a host file, hostlang.LuaScriptTemplate for a .lua template.
	read    func(src []byte) []hostlang.Script
	src     []byte
	scripts []hostlang.Script
}

// hostFix turns a fix of the script's text into edits of the host file,
// or returns nil when it cannot be written there exactly. A fix is kept
// when
//
//   - every byte each edit replaces was written as itself, one host byte
//     for one Lua byte, and the bytes are adjacent in the host file: no
//     escape, no hole, no concatenation boundary and no removed
//     indentation inside the edit (an insertion needs the same of the
//     bytes on each side of it);
//   - the file, so edited, reads back (hostFixes.read) as the same
//     scripts, this one fixed exactly and every other one unchanged. The
//     replacement is tried as it is, then with backslashes and quotes
//     escaped by a backslash; what the literal's kind makes of it (an
//     escape, a closing quote, an interpolation, a line end that a
//     one-line string refuses or indentation that a text block removes)
//     is what the reading back judges, by the host's own tokenizer. A
//     literal that two scripts share, or that its script repeats, fails
//     there too: the edit would change more than the fix.
func (m *hostScript) hostFix(f *diag.Fix) *diag.Fix {
	lua := m.text.Bytes()
	want, n := diag.ApplyFixes(lua, []diag.Diagnostic{{Fix: f}}, diag.Unsafe)
	if n != 1 {
		return nil
	}
	edits := make([]diag.Edit, 0, len(f.Edits))
	for _, e := range f.Edits {
		start, end, ok := oneToOne(m.text, e.Start, e.End)
		if !ok {
			return nil
		}
		edits = append(edits, diag.Edit{Start: start, End: end, New: e.New})
	}
	for _, escape := range []func(string) string{nil, backslashed} {
		try := edits
		if escape != nil {
			try = make([]diag.Edit, len(edits))
			changed := false
			for i, e := range edits {
				try[i] = diag.Edit{Start: e.Start, End: e.End, New: escape(e.New)}
				changed = changed || try[i].New != e.New
			}
			if !changed {
				break
			}
		}
		if m.fixes.readsBack(try, m.index, string(want)) {
			return &diag.Fix{Message: f.Message, Edits: try, Applicability: f.Applicability}
		}
	}
	return nil
}

// oneToOne maps the text's byte range [from, to) to the host range it was
// written as, when each of its bytes was written as itself and they are
// adjacent there; an empty range (an insertion) needs the bytes on each
// side of it (those there are) so written and adjacent.
func oneToOne(t *srcmap.Text, from, to int) (start, end int, ok bool) {
	n := t.Len()
	if from < 0 || to < from || to > n {
		return 0, 0, false
	}
	itself := func(k int) bool {
		sp := t.Span(k)
		return sp.Exact && sp.End == sp.Start+1
	}
	if from == to {
		at := -1
		if from > 0 {
			if !itself(from - 1) {
				return 0, 0, false
			}
			at = t.Span(from - 1).End
		}
		if from < n {
			if !itself(from) || at >= 0 && t.Span(from).Start != at {
				return 0, 0, false
			}
			at = t.Span(from).Start
		}
		return at, at, at >= 0
	}
	for k := from; k < to; k++ {
		if !itself(k) || k > from && t.Span(k).Start != t.Span(k-1).End {
			return 0, 0, false
		}
	}
	return t.Span(from).Start, t.Span(to - 1).End, true
}

// backslashed escapes backslashes and quotes with a backslash, as most
// host strings read them.
func backslashed(s string) string {
	if !strings.ContainsAny(s, "\\\"'`") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\', '"', '\'', '`':
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// readsBack reports whether the file with edits applied holds the same
// scripts as it did, script index holding want and every other its text.
func (x *hostFixes) readsBack(edits []diag.Edit, index int, want string) bool {
	if !diag.ValidEdits(edits, len(x.src)) {
		return false
	}
	src, n := diag.ApplyFixes(x.src, []diag.Diagnostic{{Fix: &diag.Fix{Edits: edits}}}, diag.Safe)
	if n != 1 {
		return false
	}
	scripts := x.read(src)
	if len(scripts) != len(x.scripts) {
		return false
	}
	for i, s := range scripts {
		old := x.scripts[i]
		text := old.Text
		if i == index {
			text = want
		}
		if s.Dynamic != old.Dynamic || s.Text != text || s.FoundBy != old.FoundBy || len(s.Holes) != len(old.Holes) {
			return false
		}
	}
	return true
}
