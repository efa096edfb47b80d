// Package srcmap holds text whose bytes were written somewhere else: a
// script assembled from string literals of a host file (Python, Java, Go...)
// together with, for every byte, the host byte range its source occupies.
//
// Offsets are plain ints so that any host can use them: byte offsets in a
// file for the host-language extractor, token.Pos values for the Go
// analyzer (a token.Pos is an offset into a token.FileSet's address space,
// and ranges of it compare and subtract like offsets).
package srcmap

import (
	"sort"

	"github.com/lint-lua/lint-lua/internal/span"
)

// Span is where the source of one byte was written: the host range
// [Start, End). A byte written as itself has a one-byte span; a byte decoded
// from an escape sequence spans the whole sequence (`\n`, `\u00e9`, and every
// byte of a multi-byte character decoded from one escape); a byte that comes
// from something whose text cannot be followed (an interpolated value, a
// formatted number) spans that whole expression and is not Exact.
type Span struct {
	Start, End int
	Exact      bool
}

// Text is a string and the span of each of its bytes. The zero value is an
// empty text ready to be appended to.
type Text struct {
	b     []byte
	spans []Span
}

// New returns an empty text with room for n bytes.
func New(n int) *Text {
	return &Text{b: make([]byte, 0, n), spans: make([]Span, 0, n)}
}

// Whole is s with every byte mapped to the host range [start, end), not
// exactly: used for text with no literal of its own behind it.
func Whole(s string, start, end int) *Text {
	t := New(len(s))
	t.AppendString(s, start, end, false)
	return t
}

// Len is the number of bytes.
func (t *Text) Len() int { return len(t.b) }

// String is the text.
func (t *Text) String() string { return string(t.b) }

// Bytes is the text, shared with t: callers must not modify it.
func (t *Text) Bytes() []byte { return t.b }

// At is byte i.
func (t *Text) At(i int) byte { return t.b[i] }

// Span is where byte i was written.
func (t *Text) Span(i int) Span { return t.spans[i] }

// Append adds byte c, written at [start, end).
func (t *Text) Append(c byte, start, end int, exact bool) {
	t.b = append(t.b, c)
	t.spans = append(t.spans, Span{start, end, exact})
}

// AppendString adds s, every byte of it written at [start, end).
func (t *Text) AppendString(s string, start, end int, exact bool) {
	for i := 0; i < len(s); i++ {
		t.Append(s[i], start, end, exact)
	}
}

// AppendText adds u's bytes with their spans.
func (t *Text) AppendText(u *Text) {
	t.b = append(t.b, u.b...)
	t.spans = append(t.spans, u.spans...)
}

// AppendSlice adds bytes [from, to) of u with their spans.
func (t *Text) AppendSlice(u *Text, from, to int) {
	t.b = append(t.b, u.b[from:to]...)
	t.spans = append(t.spans, u.spans[from:to]...)
}

// Slice returns bytes [from, to) of t as a new text.
func (t *Text) Slice(from, to int) *Text {
	u := New(to - from)
	u.AppendSlice(t, from, to)
	return u
}

// Clone is a copy of t that can be appended to without touching t.
func (t *Text) Clone() *Text { return t.Slice(0, t.Len()) }

// Range maps the text's byte range [from, to) back to a host range. An
// empty range maps to the place of its first byte; a range at the end of
// the text to the end of the last byte. exact is false when the first byte
// does not map exactly (the host range then covers the expression the text
// came from) or when the text is empty (start and end are then 0).
func (t *Text) Range(from, to int) (start, end int, exact bool) {
	n := len(t.b)
	if n == 0 {
		return 0, 0, false
	}
	from = min(max(from, 0), n)
	to = min(max(to, from), n)
	if from == n {
		last := t.spans[n-1]
		return last.End, last.End, last.Exact
	}
	first := t.spans[from]
	start, end = first.Start, first.Start
	if to > from {
		// Spans of a text built from several literals need not grow: take
		// the furthest end of the range so the host range covers it all.
		end = t.spans[to-1].End
		if end < start {
			end = start
		}
	}
	return start, end, first.Exact
}

// Lines converts host byte offsets to 1-based lines and byte columns.
type Lines struct {
	// starts[i] is the offset where line i+1 starts.
	starts []int
	size   int
}

// LinesAt indexes a text of size bytes whose lines start at starts (the
// first at 0): luasrc.LineStarts gives a script's lines as its findings
// count them.
func LinesAt(starts []int, size int) *Lines {
	return &Lines{starts: starts, size: size}
}

// NewLines indexes the lines of a host file. A line ends after "\n"; a
// lone "\r" does not end a line (columns then count it as a byte of the
// line). A Lua script's lines are Lua's: LinesAt(luasrc.LineStarts(...)).
func NewLines(src []byte) *Lines {
	l := &Lines{starts: []int{0}, size: len(src)}
	for i, c := range src {
		if c == '\n' {
			l.starts = append(l.starts, i+1)
		}
	}
	return l
}

// Pos is the line and column of offset off, clamped into the file.
func (l *Lines) Pos(off int) span.Pos {
	off = min(max(off, 0), l.size)
	// The last line start at or before off.
	i := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off }) - 1
	return span.Pos{Line: i + 1, Column: off - l.starts[i] + 1}
}

// Range is the line-and-column form of the host range [start, end).
func (l *Lines) Range(start, end int) span.Range {
	return span.Range{Start: l.Pos(start), End: l.Pos(end)}
}

// Count is the number of lines (a file ending in a newline has an empty
// last line, counted).
func (l *Lines) Count() int { return len(l.starts) }

// Offset is the byte offset of a line and column, clamped into the file:
// the inverse of Pos.
func (l *Lines) Offset(p span.Pos) int {
	switch {
	case p.Line < 1:
		return 0
	case p.Line > len(l.starts):
		return l.size
	}
	return min(max(l.starts[p.Line-1]+p.Column-1, l.starts[p.Line-1]), l.size)
}

// Line returns the text of 1-based line n of src, the text l indexes,
// without its line end ("\n" or "\r\n").
func (l *Lines) Line(src []byte, n int) (string, bool) {
	if n < 1 || n > len(l.starts) || len(src) != l.size {
		return "", false
	}
	end := l.size
	if n < len(l.starts) {
		end = l.starts[n] - 1
	}
	s := src[l.starts[n-1]:end]
	if len(s) > 0 && s[len(s)-1] == '\r' {
		s = s[:len(s)-1]
	}
	return string(s), true
}
