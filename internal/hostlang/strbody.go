package hostlang

import (
	"unicode/utf8"

	"github.com/lint-lua/lint-lua/internal/srcmap"
)

// view is the byte sequence a literal body is decoded from: the source
// itself (t nil; index k is offset k), or raw text already taken from the
// source (a heredoc or text block whose indentation was removed), where
// index k was written at t.Span(k).
type view struct {
	b []byte
	t *srcmap.Text
}

func (r view) start(k int) int {
	if r.t == nil {
		return k
	}
	return r.t.Span(k).Start
}

func (r view) end(k int) int {
	if r.t == nil {
		return k + 1
	}
	return r.t.Span(k).End
}

// exact reports whether index k was written as itself.
func (r view) exact(k int) bool {
	return r.t == nil || r.t.Span(k).Exact
}

// index is the first index at or after from whose source is at or after
// offset off.
func (r view) index(off, from int) int {
	if r.t == nil {
		return max(off, from)
	}
	k := from
	for k < len(r.b) && r.t.Span(k).Start < off {
		k++
	}
	return k
}

// rawView is src[from:to] as raw text (every byte exact), with "\r\n"
// read as "\n" when crlf is set (the "\n" then spans both bytes).
func rawView(src []byte, from, to int, crlf bool) view {
	t := srcmap.New(to - from)
	for i := from; i < to; i++ {
		if crlf && src[i] == '\r' && i+1 < to && src[i+1] == '\n' {
			t.Append('\n', i, i+2, true)
			i++
			continue
		}
		t.Append(src[i], i, i+1, true)
	}
	return view{b: t.Bytes(), t: t}
}

// body says how a literal's body reads.
type body struct {
	// closeAt returns the length of the closing delimiter at k, or 0.
	// Nil for a body bounded by its view.
	closeAt func(b []byte, k int) int
	// nlEnds: a newline ends the literal, which is then unterminated.
	nlEnds bool
	// crlf: "\r\n" reads as "\n" (a direct view only; a raw view did it).
	crlf bool
	// escape decodes the escape at k into v and returns its length, or 0
	// when the bytes at k are not an escape. It is asked only at bytes
	// for which escapes is true.
	escapes *[256]bool
	escape  func(v *value, r view, k int) int
	// hole reads an interpolation at k into v and returns the index after
	// it, or k when there is none. It is asked only at bytes for which
	// holes is true.
	holes *[256]bool
	hole  func(s *scanner, v *value, r view, k int) int
}

// decode reads a literal body from r at k. It returns the value, the index
// after the closing delimiter (or where reading stopped) and whether the
// literal was closed.
func (s *scanner) decode(r view, k int, bd *body) (*value, int, bool) {
	b := r.b
	v := newValue(0)
	for k < len(b) {
		c := b[k]
		if bd.holes != nil && bd.holes[c] {
			if j := bd.hole(s, v, r, k); j > k {
				k = j
				continue
			}
		}
		if bd.escapes != nil && bd.escapes[c] {
			if n := bd.escape(v, r, k); n > 0 {
				k += n
				continue
			}
		}
		if bd.closeAt != nil {
			if n := bd.closeAt(b, k); n > 0 {
				return v, k + n, true
			}
		}
		if c == '\n' && bd.nlEnds {
			return v, k, false
		}
		if c == '\r' && bd.crlf && k+1 < len(b) && b[k+1] == '\n' {
			v.text.Append('\n', r.start(k), r.end(k+1), true)
			k += 2
			continue
		}
		if c == '\r' && bd.nlEnds {
			return v, k, false
		}
		v.text.Append(c, r.start(k), r.end(k), r.exact(k))
		k++
	}
	return v, k, bd.closeAt == nil
}

// closeByte is a closing delimiter of one byte.
func closeByte(q byte) func([]byte, int) int {
	return func(b []byte, k int) int {
		if b[k] == q {
			return 1
		}
		return 0
	}
}

// closeSeq is a closing delimiter of several bytes.
func closeSeq(q string) func([]byte, int) int {
	return func(b []byte, k int) int {
		if k+len(q) <= len(b) && string(b[k:k+len(q)]) == q {
			return len(q)
		}
		return 0
	}
}

func byteSet(s string) *[256]bool {
	var t [256]bool
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return &t
}

var backslash = byteSet(`\`)

// addRune appends r's UTF-8 encoding, written at [start, end). A surrogate
// or out-of-range code point becomes U+FFFD, as Go would write it.
func addRune(v *value, r rune, start, end int) {
	var buf [utf8.UTFMax]byte
	n := utf8.EncodeRune(buf[:], r)
	v.addBytes(buf[:n], start, end)
}

func hexVal(c byte) (int, bool) {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0'), true
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10, true
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10, true
	}
	return 0, false
}

// hexRun reads up to max hex digits at k (at least min) and returns the
// value and the count; ok false when fewer than min.
func hexRun(b []byte, k, minN, maxN int) (val rune, n int, ok bool) {
	for n < maxN && k+n < len(b) {
		d, isHex := hexVal(b[k+n])
		if !isHex {
			break
		}
		if val < 0x110000 {
			val = val*16 + rune(d)
		}
		n++
	}
	return val, n, n >= minN
}

// octRun reads up to maxN octal digits at k with a value of at most
// limit.
func octRun(b []byte, k, maxN, limit int) (val, n int) {
	for n < maxN && k+n < len(b) && b[k+n] >= '0' && b[k+n] <= '7' {
		nv := val*8 + int(b[k+n]-'0')
		if nv > limit {
			break
		}
		val = nv
		n++
	}
	return val, n
}

// simpleEscapes maps the letter of a one-letter escape to its byte.
func simpleEscapes(pairs string) *[256]int16 {
	var t [256]int16
	for i := range t {
		t[i] = -1
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		t[pairs[i]] = int16(pairs[i+1])
	}
	return &t
}

// escapedChar appends the character after a backslash at k as itself (the
// whole UTF-8 sequence, valid or not) and returns the escape's length.
func escapedChar(v *value, r view, k int) int {
	b := r.b
	if k+1 >= len(b) {
		return 0
	}
	_, size := utf8.DecodeRune(b[k+1:])
	size = max(size, 1)
	end := r.end(k + size)
	v.addBytes(b[k+1:k+1+size], r.start(k), end)
	return 1 + size
}
