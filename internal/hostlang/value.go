package hostlang

import (
	"sort"

	"github.com/lint-lua/lint-lua/internal/srcmap"
)

// holeMark is the byte that stands for a hole in a value's text until the
// script is assembled. It is not white space, so the indentation rules see
// a hole as text, as they see the value it holds at run time; which bytes
// are holes is known from value.holes, not from the byte.
const holeMark = 0xFF

// ValueHole is a ValueHole of a value: its marker's index in the text, and where it
// was written.
type ValueHole struct {
	at         int
	Start, End int
	// InStart and InEnd are the host range of the expression inside the
	// hole (x of `${x}`); equal to start and end for an operand.
	InStart, InEnd int
	Kind           HoleKind
}

// Value is a string known but for its holes.
type Value struct {
	Text  *srcmap.Text
	Holes []ValueHole
}

func NewValue(n int) *Value { return &Value{Text: srcmap.New(n)} }

// Add appends byte c written at [start, end).
func (v *Value) Add(c byte, start, end int) { v.Text.Append(c, start, end, true) }

// addBytes appends bytes all written at [start, end) (a decoded escape).
func (v *Value) addBytes(b []byte, start, end int) {
	for _, c := range b {
		v.Text.Append(c, start, end, true)
	}
}

// AddHole appends a hole.
func (v *Value) AddHole(h ValueHole) {
	h.at = v.Text.Len()
	v.Text.Append(holeMark, h.Start, h.End, false)
	v.Holes = append(v.Holes, h)
}

// concat appends u.
func (v *Value) concat(u *Value) {
	base := v.Text.Len()
	v.Text.AppendText(u.Text)
	for _, h := range u.Holes {
		h.at += base
		v.Holes = append(v.Holes, h)
	}
}

// clone is a copy of v.
func (v *Value) clone() *Value {
	u := &Value{Text: v.Text.Clone()}
	u.Holes = append(u.Holes, v.Holes...)
	return u
}

// holeAt reports whether byte i is a hole marker, given the index of the
// first hole at or after the bytes scanned so far (callers walk in order;
// next then indexes the hole).
func (v *Value) holeAt(i int, next *int) bool {
	for *next < len(v.Holes) && v.Holes[*next].at < i {
		*next++
	}
	return *next < len(v.Holes) && v.Holes[*next].at == i
}

// isHole reports whether byte i is a hole marker, in any order.
func (v *Value) isHole(i int) bool {
	k := v.holeIndex(i)
	return k < len(v.Holes) && v.Holes[k].at == i
}

// holeIndex is the index of the first hole at or after byte i.
func (v *Value) holeIndex(i int) int {
	return sort.Search(len(v.Holes), func(k int) bool { return v.Holes[k].at >= i })
}

// keep returns the bytes of v for which keep is true, holes kept with
// their markers (a hole whose marker is dropped is dropped).
func (v *Value) keep(keep []bool) *Value {
	u := NewValue(v.Text.Len())
	next := 0
	for i := 0; i < v.Text.Len(); i++ {
		if !keep[i] {
			continue
		}
		if v.holeAt(i, &next) {
			h := v.Holes[next]
			h.at = u.Text.Len()
			u.Holes = append(u.Holes, h)
		}
		u.Text.AppendSlice(v.Text, i, i+1)
	}
	return u
}

// Slice returns bytes [from, to) of v.
func (v *Value) Slice(from, to int) *Value {
	keep := make([]bool, v.Text.Len())
	for i := from; i < to; i++ {
		keep[i] = true
	}
	return v.keep(keep)
}

// lines splits [0, n) into lines: each is [start, end) without its line
// terminator; term is the terminator's length (0 for the last line, 1 for
// "\n", 2 for "\r\n").
type line struct{ start, end, term int }

func splitLines(b []byte) []line {
	var out []line
	start := 0
	for i := 0; i < len(b); i++ {
		if b[i] != '\n' {
			continue
		}
		end := i
		term := 1
		if end > start && b[end-1] == '\r' {
			end--
			term = 2
		}
		out = append(out, line{start, end, term})
		start = i + 1
	}
	return append(out, line{start, len(b), 0})
}

// isWS is Kotlin's and Java's Char.isWhitespace on ASCII.
func isWS(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || c >= 0x1c && c <= 0x1f
}

func blank(b []byte, l line) bool {
	for i := l.start; i < l.end; i++ {
		if !isWS(b[i]) {
			return false
		}
	}
	return true
}

func indentWidth(b []byte, l line) int {
	i := l.start
	for i < l.end && isWS(b[i]) {
		i++
	}
	return i - l.start
}

// trimIndent is Kotlin's String.trimIndent: the first and the last lines
// are dropped when blank, the smallest indentation of the non-blank lines
// is removed from every line, and lines are joined with "\n" (a "\r\n"
// loses its "\r").
func (v *Value) trimIndent() *Value {
	b := v.Text.Bytes()
	ls := splitLines(b)
	minIndent := -1
	for _, l := range ls {
		if !blank(b, l) {
			w := indentWidth(b, l)
			if minIndent < 0 || w < minIndent {
				minIndent = w
			}
		}
	}
	minIndent = max(minIndent, 0)
	return v.reindent(ls, func(l line) (int, bool) {
		return min(l.start+minIndent, l.end), true
	})
}

// trimMargin is Kotlin's String.trimMargin(prefix): on every line whose
// first non-blank text is the prefix, everything up to and including the
// prefix is removed; the first and last lines are dropped when blank.
func (v *Value) trimMargin(prefix string) *Value {
	b := v.Text.Bytes()
	ls := splitLines(b)
	return v.reindent(ls, func(l line) (int, bool) {
		i := l.start
		for i < l.end && isWS(b[i]) {
			i++
		}
		if i == l.end || i+len(prefix) > l.end || string(b[i:i+len(prefix)]) != prefix {
			return 0, false
		}
		return i + len(prefix), true
	})
}

// stripMargin is Scala's StringOps.stripMargin: on every line, leading
// blanks followed by '|' are removed with the '|'; every line is kept.
func (v *Value) stripMargin() *Value {
	b := v.Text.Bytes()
	keep := make([]bool, len(b))
	for _, l := range splitLines(b) {
		i := l.start
		for i < l.end && (b[i] == ' ' || b[i] == '\t') {
			i++
		}
		from := l.start
		if i < l.end && b[i] == '|' {
			from = i + 1
		}
		for j := from; j < l.end+l.term; j++ {
			keep[j] = true
		}
	}
	return v.keep(keep)
}

// reindent is Kotlin's reindent: cut gives the first kept byte of a line
// (ok false keeps the line whole); the first and last lines are dropped
// when blank; lines are joined with "\n".
func (v *Value) reindent(ls []line, cut func(line) (int, bool)) *Value {
	b := v.Text.Bytes()
	keep := make([]bool, len(b))
	kept := 0
	for i, l := range ls {
		if (i == 0 || i == len(ls)-1) && blank(b, l) {
			continue
		}
		from := l.start
		if c, ok := cut(l); ok {
			from = c
		}
		if kept > 0 {
			// The separator is the previous line's "\n" (its "\r" goes).
			prev := ls[i-1]
			keep[prev.end+prev.term-1] = true
		}
		for j := from; j < l.end; j++ {
			keep[j] = true
		}
		kept++
	}
	return v.keep(keep)
}

// trim removes leading and trailing white space (ws says what is).
func (v *Value) trim(ws func(byte) bool, left, right bool) *Value {
	b := v.Text.Bytes()
	from, to := 0, len(b)
	next := 0
	if left {
		for from < to && ws(b[from]) && !v.holeAt(from, &next) {
			from++
		}
	}
	if right {
		for to > from && ws(b[to-1]) && !v.isHole(to-1) {
			to--
		}
	}
	return v.Slice(from, to)
}

// Dedent is Python's textwrap.Dedent: the longest common leading
// white space (spaces and tabs, compared as text) of the lines that are
// not blank is removed from every line; lines of blanks become empty.
func (v *Value) Dedent() *Value {
	b := v.Text.Bytes()
	ls := splitLines(b)
	var margin []byte
	have := false
	for _, l := range ls {
		i := l.start
		for i < l.end && (b[i] == ' ' || b[i] == '\t') {
			i++
		}
		if i == l.end {
			continue
		}
		ind := b[l.start:i]
		switch {
		case !have:
			margin, have = ind, true
		default:
			n := 0
			for n < len(margin) && n < len(ind) && margin[n] == ind[n] {
				n++
			}
			margin = margin[:n]
		}
	}
	keep := make([]bool, len(b))
	for _, l := range ls {
		i := l.start
		for i < l.end && (b[i] == ' ' || b[i] == '\t') {
			i++
		}
		from := l.start + len(margin)
		if i == l.end {
			// textwrap.dedent empties lines of blanks.
			from = l.end
		}
		for j := min(from, l.end); j < l.end+l.term; j++ {
			keep[j] = true
		}
	}
	return v.keep(keep)
}

// StripIndent is String.stripIndent, which javac applies to a text
// block's content before it interprets escapes: the smallest indentation
// of the non-blank lines and of the last line (blank or not: in a text
// block it holds the closing delimiter's indentation) is removed, blank
// lines become empty, trailing white space is removed from every line, and
// lines are joined with "\n".
func (v *Value) StripIndent() *Value {
	b := v.Text.Bytes()
	ls := splitLines(b)
	minIndent := -1
	for i, l := range ls {
		if blank(b, l) && i != len(ls)-1 {
			continue
		}
		w := indentWidth(b, l)
		if minIndent < 0 || w < minIndent {
			minIndent = w
		}
	}
	minIndent = max(minIndent, 0)
	keep := make([]bool, len(b))
	for i, l := range ls {
		end := l.end
		for end > l.start && isWS(b[end-1]) {
			end--
		}
		for j := min(l.start+minIndent, end); j < end; j++ {
			keep[j] = true
		}
		if i < len(ls)-1 {
			keep[l.end+l.term-1] = true
		}
	}
	return v.keep(keep)
}

// squish is Rails's String#squish: white space runs become one space,
// leading and trailing white space goes. The space stands for the run.
func (v *Value) squish() *Value {
	t := v.trim(isWS, true, true)
	b := t.Text.Bytes()
	u := NewValue(len(b))
	next := 0
	for i := 0; i < len(b); {
		if isWS(b[i]) {
			j := i
			for j < len(b) && isWS(b[j]) {
				j++
			}
			s0, s1 := t.Text.Span(i), t.Text.Span(j-1)
			u.Text.Append(' ', s0.Start, s1.End, false)
			i = j
			continue
		}
		if t.holeAt(i, &next) {
			u.AddHole(t.Holes[next])
			i++
			continue
		}
		u.Text.AppendSlice(t.Text, i, i+1)
		i++
	}
	return u
}

// Squiggly removes the indentation of the least indented line from
// every line, as Ruby does for <<~ (on the raw text, so an escaped blank
// is no indentation): lines of blanks count for nothing, a tab advances
// to the next multiple of 8, a tab that would pass the width stays.
func Squiggly(v *Value) *Value {
	b := v.Text.Bytes()
	ls := splitLines(b)
	width := -1
	for _, l := range ls {
		col, y := 0, l.start
		for y < l.end && (b[y] == ' ' || b[y] == '\t') {
			if b[y] == '\t' {
				col = 8 * (col/8 + 1)
			} else {
				col++
			}
			y++
		}
		if y == l.end {
			continue
		}
		if width < 0 || col < width {
			width = col
		}
	}
	if width <= 0 {
		return v
	}
	keep := make([]bool, len(b))
	for _, l := range ls {
		col, y := 0, l.start
		for y < l.end && col < width {
			if b[y] == ' ' {
				col++
			} else if b[y] == '\t' {
				n := 8 * (col/8 + 1)
				if n > width {
					break
				}
				col = n
			} else {
				break
			}
			y++
		}
		for z := y; z < l.end+l.term; z++ {
			keep[z] = true
		}
	}
	return v.keep(keep)
}
