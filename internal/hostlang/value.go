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

// hole is a hole of a value: its marker's index in the text, and where it
// was written.
type hole struct {
	at         int
	start, end int
	// inStart and inEnd are the host range of the expression inside the
	// hole (x of `${x}`); equal to start and end for an operand.
	inStart, inEnd int
	kind           HoleKind
}

// value is a string known but for its holes.
type value struct {
	text  *srcmap.Text
	holes []hole
}

func newValue(n int) *value { return &value{text: srcmap.New(n)} }

// add appends byte c written at [start, end).
func (v *value) add(c byte, start, end int) { v.text.Append(c, start, end, true) }

// addBytes appends bytes all written at [start, end) (a decoded escape).
func (v *value) addBytes(b []byte, start, end int) {
	for _, c := range b {
		v.text.Append(c, start, end, true)
	}
}

// addHole appends a hole.
func (v *value) addHole(h hole) {
	h.at = v.text.Len()
	v.text.Append(holeMark, h.start, h.end, false)
	v.holes = append(v.holes, h)
}

// concat appends u.
func (v *value) concat(u *value) {
	base := v.text.Len()
	v.text.AppendText(u.text)
	for _, h := range u.holes {
		h.at += base
		v.holes = append(v.holes, h)
	}
}

// clone is a copy of v.
func (v *value) clone() *value {
	u := &value{text: v.text.Clone()}
	u.holes = append(u.holes, v.holes...)
	return u
}

// holeAt reports whether byte i is a hole marker, given the index of the
// first hole at or after the bytes scanned so far (callers walk in order;
// next then indexes the hole).
func (v *value) holeAt(i int, next *int) bool {
	for *next < len(v.holes) && v.holes[*next].at < i {
		*next++
	}
	return *next < len(v.holes) && v.holes[*next].at == i
}

// isHole reports whether byte i is a hole marker, in any order.
func (v *value) isHole(i int) bool {
	k := v.holeIndex(i)
	return k < len(v.holes) && v.holes[k].at == i
}

// holeIndex is the index of the first hole at or after byte i.
func (v *value) holeIndex(i int) int {
	return sort.Search(len(v.holes), func(k int) bool { return v.holes[k].at >= i })
}

// keep returns the bytes of v for which keep is true, holes kept with
// their markers (a hole whose marker is dropped is dropped).
func (v *value) keep(keep []bool) *value {
	u := newValue(v.text.Len())
	next := 0
	for i := 0; i < v.text.Len(); i++ {
		if !keep[i] {
			continue
		}
		if v.holeAt(i, &next) {
			h := v.holes[next]
			h.at = u.text.Len()
			u.holes = append(u.holes, h)
		}
		u.text.AppendSlice(v.text, i, i+1)
	}
	return u
}

// slice returns bytes [from, to) of v.
func (v *value) slice(from, to int) *value {
	keep := make([]bool, v.text.Len())
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
func (v *value) trimIndent() *value {
	b := v.text.Bytes()
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
func (v *value) trimMargin(prefix string) *value {
	b := v.text.Bytes()
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

// reindent is Kotlin's reindent: cut gives the first kept byte of a line
// (ok false keeps the line whole); the first and last lines are dropped
// when blank; lines are joined with "\n".
func (v *value) reindent(ls []line, cut func(line) (int, bool)) *value {
	b := v.text.Bytes()
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
func (v *value) trim(ws func(byte) bool, left, right bool) *value {
	b := v.text.Bytes()
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
	return v.slice(from, to)
}

// dedent is Python's textwrap.dedent: the longest common leading
// white space (spaces and tabs, compared as text) of the lines that are
// not blank is removed from every line; lines of blanks become empty.
func (v *value) dedent() *value {
	b := v.text.Bytes()
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

// javaStripIndent is String.stripIndent, which javac applies to a text
// block's content before it interprets escapes: the smallest indentation
// of the non-blank lines and of the last line (blank or not: in a text
// block it holds the closing delimiter's indentation) is removed, blank
// lines become empty, trailing white space is removed from every line, and
// lines are joined with "\n".
func (v *value) javaStripIndent() *value {
	b := v.text.Bytes()
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
func (v *value) squish() *value {
	t := v.trim(isWS, true, true)
	b := t.text.Bytes()
	u := newValue(len(b))
	next := 0
	for i := 0; i < len(b); {
		if isWS(b[i]) {
			j := i
			for j < len(b) && isWS(b[j]) {
				j++
			}
			s0, s1 := t.text.Span(i), t.text.Span(j-1)
			u.text.Append(' ', s0.Start, s1.End, false)
			i = j
			continue
		}
		if t.holeAt(i, &next) {
			u.addHole(t.holes[next])
			i++
			continue
		}
		u.text.AppendSlice(t.text, i, i+1)
		i++
	}
	return u
}
