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
