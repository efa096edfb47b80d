package srcmap

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/span"
)

func TestRange(t *testing.T) {
	// `a\nb` written as a, an escape at [1,3), b at 3.
	tx := New(0)
	tx.Append('a', 0, 1, true)
	tx.Append('\n', 1, 3, true)
	tx.Append('b', 3, 4, true)
	tx.AppendText(Whole("xy", 10, 20))
	if got := tx.String(); got != "a\nbxy" {
		t.Fatalf("String = %q", got)
	}
	for _, c := range []struct {
		from, to   int
		start, end int
		exact      bool
	}{
		{0, 1, 0, 1, true},
		{1, 2, 1, 3, true},    // the escape, whole
		{0, 3, 0, 4, true},    // across it
		{2, 2, 3, 3, true},    // empty: the place of its first byte
		{5, 5, 20, 20, false}, // at the end: after the last byte
		{3, 5, 10, 20, false}, // inexact bytes: the whole expression
		{-4, 99, 0, 20, true}, // clamped
		{4, 2, 10, 10, false}, // reversed: empty at from
	} {
		s, e, ok := tx.Range(c.from, c.to)
		if s != c.start || e != c.end || ok != c.exact {
			t.Errorf("Range(%d, %d) = %d, %d, %v; want %d, %d, %v", c.from, c.to, s, e, ok, c.start, c.end, c.exact)
		}
	}
	if s, e, ok := New(0).Range(0, 0); s != 0 || e != 0 || ok {
		t.Errorf("empty text: %d %d %v", s, e, ok)
	}
}

func TestSliceClone(t *testing.T) {
	tx := Whole("hello", 5, 10)
	u := tx.Slice(1, 3)
	u.Append('!', 0, 1, true)
	if tx.String() != "hello" || u.String() != "el!" {
		t.Fatalf("%q %q", tx, u)
	}
	c := tx.Clone()
	c.Append('?', 0, 1, true)
	if tx.Len() != 5 || c.Len() != 6 {
		t.Fatalf("clone shares: %d %d", tx.Len(), c.Len())
	}
}

func TestLines(t *testing.T) {
	src := []byte("ab\ncd\r\n\nx")
	l := NewLines(src)
	for _, c := range []struct {
		off  int
		want span.Pos
	}{
		{0, span.Pos{Line: 1, Column: 1}},
		{2, span.Pos{Line: 1, Column: 3}}, // the newline itself
		{3, span.Pos{Line: 2, Column: 1}},
		{5, span.Pos{Line: 2, Column: 3}}, // the \r
		{7, span.Pos{Line: 3, Column: 1}},
		{8, span.Pos{Line: 4, Column: 1}},
		{9, span.Pos{Line: 4, Column: 2}},  // end of file
		{99, span.Pos{Line: 4, Column: 2}}, // clamped
		{-1, span.Pos{Line: 1, Column: 1}},
	} {
		if got := l.Pos(c.off); got != c.want {
			t.Errorf("Pos(%d) = %v, want %v", c.off, got, c.want)
		}
	}
	if r := l.Range(3, 5); r.Start != (span.Pos{Line: 2, Column: 1}) || r.End != (span.Pos{Line: 2, Column: 3}) {
		t.Errorf("Range = %v", r)
	}
	if l.Count() != 4 {
		t.Errorf("Count = %d", l.Count())
	}
}

// TestLinesOffsetAndLine: Offset inverts Pos on every byte, clamps what
// lies outside, and Line gives each line without its line end.
func TestLinesOffsetAndLine(t *testing.T) {
	src := []byte("ab\r\n\ncd\nlast")
	l := NewLines(src)
	for off := 0; off <= len(src); off++ {
		if got := l.Offset(l.Pos(off)); got != off {
			t.Errorf("Offset(Pos(%d)) = %d", off, got)
		}
	}
	for _, c := range []struct {
		p    span.Pos
		want int
	}{{span.Pos{Line: 0, Column: 5}, 0}, {span.Pos{Line: 9, Column: 1}, len(src)}, {span.Pos{Line: 2, Column: 0}, 4}, {span.Pos{Line: 4, Column: 99}, len(src)}} {
		if got := l.Offset(c.p); got != c.want {
			t.Errorf("Offset(%v) = %d, want %d", c.p, got, c.want)
		}
	}
	for n, want := range []string{"", "ab", "", "cd", "last"} {
		got, ok := l.Line(src, n)
		if ok != (n > 0) || got != want {
			t.Errorf("Line(%d) = %q, %v; want %q", n, got, ok, want)
		}
	}
	if _, ok := l.Line(src, 5); ok {
		t.Errorf("Line(5) of a 4-line text is found")
	}
}
