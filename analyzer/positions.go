package analyzer

import (
	"go/ast"
	"go/token"
	"strconv"
	"unicode/utf8"
)

// A text is a string known at compile time together with where each of its
// bytes was written: start[i] is the Go position where the source of byte i
// begins (the backslash of an escape sequence, the byte itself in a raw
// string), end[i] the position just after it. Bytes that come from a place
// whose text cannot be followed (a constant of another package, a formatted
// number) all map to the expression that produced them, and exact[i] is
// false for them.
type text struct {
	s     string
	start []token.Pos
	end   []token.Pos
	exact []bool
	// units are the places the text's bytes were written in: each string
	// literal (its whole range, quotes included) and embedded file. A fix
	// may edit a unit only if every script drawn from it gets the same
	// fix (lualint.go).
	units []unit
	// big is set for a text longer than the size limit: it is not linted,
	// and has no positions (a 10 MB constant would need 170 MB of them).
	// size is then its size when s does not hold all of it (an embedded
	// file is read no further than the limit).
	big  bool
	size int64
}

// A unit is the Go range of a literal or an embedded file.
type unit struct{ pos, end token.Pos }

// bigText is a text past the size limit: its string, no positions.
func bigText(s string) *text { return &text{s: s, big: true} }

// bigPrefix is a text past the size limit of length n that keeps only
// the first limit+1 bytes of its string: a constant that doubles itself
// forty times (a1 = a0 + a0, ...) is terabytes, and only its size is
// reported.
func bigPrefix(s string, n int64, limit int) *text {
	if len(s) > limit+1 {
		s = s[:limit+1]
	}
	t := &text{s: s, big: true}
	if int64(len(s)) < n {
		t.size = n
	}
	return t
}

// length is the text's size, all of it even when s holds only a prefix.
func (t *text) length() int64 {
	if t.size > int64(len(t.s)) {
		return t.size
	}
	return int64(len(t.s))
}

// wholeText is s mapped entirely to the Go range [pos, end): used where the
// text has no literal of this package behind it.
func wholeText(s string, pos, end token.Pos, limit int) *text {
	if len(s) > limit {
		return bigPrefix(s, int64(len(s)), limit)
	}
	t := &text{s: s, start: make([]token.Pos, len(s)), end: make([]token.Pos, len(s)), exact: make([]bool, len(s))}
	for i := range s {
		t.start[i], t.end[i] = pos, end
	}
	return t
}

// concat appends u to t, in place; the result is big past limit.
func (t *text) concat(u *text, limit int) *text {
	if n := t.length() + u.length(); t.big || u.big || n > int64(limit) {
		// Past the limit only the size counts: keep a prefix, so that
		// a chain of doublings costs its length in steps, not bytes.
		s := t.s
		if len(s) <= limit {
			s += u.s[:min(len(u.s), limit+1-len(s))]
		}
		*t = *bigPrefix(s, n, limit)
		return t
	}
	t.s += u.s
	t.start = append(t.start, u.start...)
	t.end = append(t.end, u.end...)
	t.exact = append(t.exact, u.exact...)
	t.units = append(t.units, u.units...)
	return t
}

// slice returns bytes [from, to) of t as a new text. Its units are all of
// t's: a unit it no longer draws from only makes a fix more careful.
func (t *text) slice(from, to int) *text {
	if t.big {
		from, to = min(from, len(t.s)), min(to, len(t.s))
		return bigText(t.s[from:to])
	}
	return &text{
		s:     t.s[from:to],
		start: append([]token.Pos(nil), t.start[from:to]...),
		end:   append([]token.Pos(nil), t.end[from:to]...),
		exact: append([]bool(nil), t.exact[from:to]...),
		units: append([]unit(nil), t.units...),
	}
}

// clone is a copy of t that concat may extend without touching t.
func (t *text) clone() *text {
	if t.big {
		c := *t
		return &c
	}
	return t.slice(0, len(t.s))
}

// rangeOf maps the Lua byte range [from, to) back to Go positions. An empty
// range maps to the place of its first byte; a range at the end of the
// text to the end of the last byte. ok is false when the first byte does
// not map exactly (the caller then names the script position in the
// message).
func (t *text) rangeOf(from, to int) (pos, end token.Pos, ok bool) {
	n := len(t.s)
	if n == 0 {
		return token.NoPos, token.NoPos, false
	}
	from = min(max(from, 0), n)
	to = min(max(to, from), n)
	if from == n {
		return t.end[n-1], t.end[n-1], t.exact[n-1]
	}
	pos = t.start[from]
	end = pos
	if to > from {
		end = t.end[to-1]
	}
	return pos, end, t.exact[from]
}

// litText decodes a string literal of the Go source, mapping every byte to
// where it was written. src is the literal's file content, needed for raw
// strings: go/scanner drops carriage returns from a raw string's value (and
// a CRLF file's raw string thus has a shorter Value than its source), so
// the positions are taken from the file itself. With src nil, the Value is
// used as if it were the source. It returns nil when the literal cannot be
// decoded (which a type-checked literal always can).
func litText(tf *token.File, lit *ast.BasicLit, src []byte) *text {
	if lit.Kind != token.STRING || len(lit.Value) < 2 {
		return nil
	}
	base := tf.Offset(lit.Pos())
	if lit.Value[0] == '`' {
		raw := lit.Value
		if src != nil && base < len(src) && src[base] == '`' {
			// Find the closing quote in the file: the value may have lost
			// carriage returns.
			i := base + 1
			for i < len(src) && src[i] != '`' {
				i++
			}
			if i < len(src) {
				raw = string(src[base : i+1])
			}
		}
		t := &text{}
		body := raw[1 : len(raw)-1]
		out := make([]byte, 0, len(body))
		for k := 0; k < len(body); k++ {
			if body[k] == '\r' {
				continue
			}
			off := base + 1 + k
			out = append(out, body[k])
			t.start = append(t.start, tf.Pos(off))
			t.end = append(t.end, tf.Pos(off+1))
			t.exact = append(t.exact, true)
		}
		t.s = string(out)
		t.units = []unit{{lit.Pos(), tf.Pos(base + len(raw))}}
		return t
	}
	// An interpreted string: its value is its source (a newline cannot
	// occur in it, and a carriage return is kept).
	s := lit.Value
	if s[0] != '"' || s[len(s)-1] != '"' {
		return nil
	}
	body := s[1 : len(s)-1]
	t := &text{}
	var out []byte
	for k := 0; k < len(body); {
		off := base + 1 + k
		if body[k] != '\\' {
			// A byte as written (also inside a multi-byte character,
			// valid or not): it maps to itself.
			out = append(out, body[k])
			t.start = append(t.start, tf.Pos(off))
			t.end = append(t.end, tf.Pos(off+1))
			t.exact = append(t.exact, true)
			k++
			continue
		}
		v, multibyte, tail, err := strconv.UnquoteChar(body[k:], '"')
		if err != nil {
			return nil
		}
		n := len(body[k:]) - len(tail)
		var enc []byte
		if multibyte {
			enc = utf8.AppendRune(nil, v)
		} else {
			// \x and octal escapes give one byte, whatever its value.
			enc = []byte{byte(v)}
		}
		for range enc {
			t.start = append(t.start, tf.Pos(off))
			t.end = append(t.end, tf.Pos(off+n))
			t.exact = append(t.exact, true)
		}
		out = append(out, enc...)
		k += n
	}
	t.s = string(out)
	t.units = []unit{{lit.Pos(), lit.End()}}
	return t
}
