package hostlang

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/lint-lua/lint-lua/internal/srcmap"
)

// View is the byte sequence a literal body is decoded from: the source
// itself (t nil; index k is offset k), or raw text already taken from the
// source (a heredoc or text block whose indentation was removed), where
// index k was written at t.Span(k).
type View struct {
	B []byte
	T *srcmap.Text
}

func (r View) Start(k int) int {
	if r.T == nil {
		return k
	}
	return r.T.Span(k).Start
}

func (r View) End(k int) int {
	if r.T == nil {
		return k + 1
	}
	return r.T.Span(k).End
}

// exact reports whether index k was written as itself.
func (r View) exact(k int) bool {
	return r.T == nil || r.T.Span(k).Exact
}

// index is the first index at or after from whose source is at or after
// offset off.
func (r View) index(off, from int) int {
	if r.T == nil {
		return max(off, from)
	}
	k := from
	for k < len(r.B) && r.T.Span(k).Start < off {
		k++
	}
	return k
}

// RawView is src[from:to] as raw text (every byte exact), with "\r\n"
// read as "\n" when crlf is set (the "\n" then spans both bytes).
func RawView(src []byte, from, to int, crlf bool) View {
	t := srcmap.New(to - from)
	for i := from; i < to; i++ {
		if crlf && src[i] == '\r' && i+1 < to && src[i+1] == '\n' {
			t.Append('\n', i, i+2, true)
			i++
			continue
		}
		t.Append(src[i], i, i+1, true)
	}
	return View{B: t.Bytes(), T: t}
}

// Body says how a literal's Body reads.
type Body struct {
	// CloseAt returns the length of the closing delimiter at k, or 0.
	// Nil for a body bounded by its view.
	CloseAt func(b []byte, k int) int
	// NlEnds: a newline ends the literal, which is then unterminated.
	NlEnds bool
	// Crlf: "\r\n" reads as "\n" (a direct view only; a raw view did it).
	Crlf bool
	// escape decodes the escape at k into v and returns its length, or 0
	// when the bytes at k are not an escape. It is asked only at bytes
	// for which Escapes is true.
	Escapes *[256]bool
	Escape  func(v *Value, r View, k int) int
	// hole reads an interpolation at k into v and returns the index after
	// it, or k when there is none. It is asked only at bytes for which
	// Holes is true.
	Holes *[256]bool
	Hole  func(s *Scanner, v *Value, r View, k int) int
}

// Decode reads a literal body from r at k. It returns the value, the index
// after the closing delimiter (or where reading stopped) and whether the
// literal was closed.
func (s *Scanner) Decode(r View, k int, bd *Body) (*Value, int, bool) {
	b := r.B
	v := NewValue(0)
	for k < len(b) {
		c := b[k]
		if bd.Holes != nil && bd.Holes[c] {
			if j := bd.Hole(s, v, r, k); j > k {
				k = j
				continue
			}
		}
		if bd.Escapes != nil && bd.Escapes[c] {
			if n := bd.Escape(v, r, k); n > 0 {
				k += n
				continue
			}
		}
		if bd.CloseAt != nil {
			if n := bd.CloseAt(b, k); n > 0 {
				return v, k + n, true
			}
		}
		if c == '\n' && bd.NlEnds {
			return v, k, false
		}
		if c == '\r' && bd.Crlf && k+1 < len(b) && b[k+1] == '\n' {
			v.Text.Append('\n', r.Start(k), r.End(k+1), true)
			k += 2
			continue
		}
		if c == '\r' && bd.NlEnds {
			return v, k, false
		}
		v.Text.Append(c, r.Start(k), r.End(k), r.exact(k))
		k++
	}
	return v, k, bd.CloseAt == nil
}

// CloseByte is a closing delimiter of one byte.
func CloseByte(q byte) func([]byte, int) int {
	return func(b []byte, k int) int {
		if b[k] == q {
			return 1
		}
		return 0
	}
}

// CloseSeq is a closing delimiter of several bytes.
func CloseSeq(q string) func([]byte, int) int {
	return func(b []byte, k int) int {
		if k+len(q) <= len(b) && string(b[k:k+len(q)]) == q {
			return len(q)
		}
		return 0
	}
}

func ByteSet(s string) *[256]bool {
	var t [256]bool
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return &t
}

var Backslash = ByteSet(`\`)

// AddRune appends r's UTF-8 encoding, written at [start, end). A surrogate
// or out-of-range code point becomes U+FFFD, as Go would write it.
func AddRune(v *Value, r rune, start, end int) {
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

// HexRun reads up to max hex digits at k (at least min) and returns the
// value and the count; ok false when fewer than min.
func HexRun(b []byte, k, minN, maxN int) (val rune, n int, ok bool) {
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

// OctRun reads up to maxN octal digits at k with a value of at most
// limit.
func OctRun(b []byte, k, maxN, limit int) (val, n int) {
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

// SimpleEscapes maps the letter of a one-letter escape to its byte.
func SimpleEscapes(pairs string) *[256]int16 {
	var t [256]int16
	for i := range t {
		t[i] = -1
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		t[pairs[i]] = int16(pairs[i+1])
	}
	return &t
}

// EscapedChar appends the character after a backslash at k as itself (the
// whole UTF-8 sequence, valid or not) and returns the escape's length.
func EscapedChar(v *Value, r View, k int) int {
	b := r.B
	if k+1 >= len(b) {
		return 0
	}
	_, size := utf8.DecodeRune(b[k+1:])
	size = max(size, 1)
	end := r.End(k + size)
	v.addBytes(b[k+1:k+1+size], r.Start(k), end)
	return 1 + size
}

// BraceHole reads a hole opened by open (`${`, `#{`, `{`) whose code runs to
// the matching close brace, tokenizing the code into the hole stream.
func BraceHole(open, close string) func(s *Scanner, v *Value, r View, k int) int {
	return func(s *Scanner, v *Value, r View, k int) int {
		b := r.B
		if k+len(open) > len(b) || string(b[k:k+len(open)]) != open {
			return k
		}
		inner := r.End(k + len(open) - 1)
		if k+len(open) < len(b) {
			inner = r.Start(k + len(open))
		}
		closeOff := s.codeHole(inner)
		j := r.index(closeOff, k+len(open))
		h := ValueHole{Start: r.Start(k), InStart: inner, InEnd: closeOff, Kind: HoleInterp}
		switch {
		case j+len(close) <= len(b) && string(b[j:j+len(close)]) == close:
			h.End = r.End(j + len(close) - 1)
			j += len(close)
		case j < len(b):
			h.End = r.Start(j)
		default:
			h.End = r.End(len(b) - 1)
		}
		h.InStart, h.InEnd = trimRange(s.Src, h.InStart, min(h.InEnd, h.End))
		v.AddHole(h)
		return j
	}
}

// trimRange trims white space off both ends of src[from:to].
func trimRange(src []byte, from, to int) (int, int) {
	to = min(to, len(src))
	from = min(from, to)
	for from < to && (isSpace(src[from]) || src[from] == '\n') {
		from++
	}
	for to > from && (isSpace(src[to-1]) || src[to-1] == '\n') {
		to--
	}
	return from, to
}

// codeHole tokenizes the code of a hole starting at offset off into the
// hole stream and returns the offset of the brace that closes it.
func (s *Scanner) codeHole(off int) int {
	if off >= len(s.Src) {
		return len(s.Src)
	}
	if s.depth >= maxDepth {
		return skipHoleNaive(s.Src, off)
	}
	s.depth++
	saved := s.stack
	s.stack = nil
	end := s.code(off, true)
	s.stack = saved
	s.depth--
	s.sub = append(s.sub, token{Kind: tkSep, Start: end, End: end, Lit: -1})
	return end
}

// BraceHoleAt reads a hole opened by open at k; the code ends at the first
// '}' outside nested braces, and the hole after as many braces as opened
// it.
func BraceHoleAt(s *Scanner, v *Value, r View, k int, open string) int {
	b := r.B
	inner := r.End(k + len(open) - 1)
	if k+len(open) < len(b) {
		inner = r.Start(k + len(open))
	}
	closeOff := s.codeHole(inner)
	j := r.index(closeOff, k+len(open))
	h := ValueHole{Start: r.Start(k), InStart: inner, InEnd: closeOff, Kind: HoleInterp}
	// As many braces close the hole as open it: `{{x}}` in a C# raw
	// string with two dollars, one after Ruby's `#{x` or PHP's `${x`.
	closers := strings.Count(open, "{")
	n := 0
	for j+n < len(b) && n < closers && b[j+n] == '}' {
		n++
	}
	switch {
	case n > 0:
		h.End = r.End(j + n - 1)
		j += n
	case j < len(b):
		h.End = r.Start(j)
	default:
		h.End = r.End(len(b) - 1)
	}
	h.InStart, h.InEnd = trimRange(s.Src, h.InStart, min(h.InEnd, h.End))
	v.AddHole(h)
	return j
}

// CloseTriple is the closing delimiter of a triple-quoted raw string
// (Kotlin's, Scala's): the last three quotes of a run, so `""""` is a
// quote and the end.
func CloseTriple(b []byte, k int) int {
	if k+3 <= len(b) && b[k] == '"' && b[k+1] == '"' && b[k+2] == '"' && (k+3 == len(b) || b[k+3] != '"') {
		return 3
	}
	return 0
}

// NameHole reads the interpolation `$name` at k (an ASCII name after the
// dollar) into v as a hole and returns the index after it, or k when no
// name follows (Kotlin's and Scala's templates).
func NameHole(v *Value, r View, k int) int {
	b := r.B
	if k+1 >= len(b) || !IsIdentStart(b[k+1]) || b[k+1] >= 0x80 {
		return k
	}
	e := k + 1
	for e < len(b) && IsIdentPart(b[e]) && b[e] < 0x80 {
		e++
	}
	v.AddHole(ValueHole{Start: r.Start(k), End: r.End(e - 1), InStart: r.Start(k + 1), InEnd: r.End(e - 1), Kind: HoleInterp})
	return e
}

// SimpleOrUnicodeEscape is the escape decoder of a language whose escapes
// are the simple ones of table (SimpleEscapes), `\uXXXX`, and otherwise
// the escaped character itself (EscapedChar): Kotlin's and Scala's.
func SimpleOrUnicodeEscape(table *[256]int16) func(v *Value, r View, k int) int {
	return func(v *Value, r View, k int) int {
		b := r.B
		if k+1 >= len(b) {
			return 0
		}
		c := b[k+1]
		switch {
		case table[c] >= 0:
			v.Add(byte(table[c]), r.Start(k), r.End(k+1))
			return 2
		case c == 'u':
			if val, n, ok := HexRun(b, k+2, 4, 4); ok {
				AddRune(v, val, r.Start(k), r.End(k+1+n))
				return 2 + n
			}
		}
		return EscapedChar(v, r, k)
	}
}

// Heredoc is a heredoc whose body has not been read yet: it starts on the
// line after its opener (Ruby's and Perl's).
type Heredoc struct {
	lit int
	id  []byte
	// Indented: the terminator may be indented (Ruby's <<- and <<~,
	// Perl's <<~); Squiggly: the body loses its smallest indentation.
	Indented, Squiggly bool
	// quote is the identifier's quote: '\'' reads the body as written,
	// anything else decodes it (escapes and holes).
	quote byte
}

// heredocs is the file's queue of heredocs whose bodies start at the next
// line end, kept in the scanner's State.
func (s *Scanner) heredocs() *[]Heredoc {
	if s.State == nil {
		s.State = &[]Heredoc{}
	}
	return s.State.(*[]Heredoc)
}

// OpenHeredoc reads a heredoc opener from i whose identifier starts at j
// (quoted by ", ' or `, or a bare word), emits its literal and queues h,
// whose body HeredocBodies reads at the next line end; it returns the
// index after the opener.
func (s *Scanner) OpenHeredoc(i, j int, h Heredoc) int {
	src := s.Src
	if src[j] == '"' || src[j] == '\'' || src[j] == '`' {
		h.quote = src[j]
		k := j + 1
		for k < len(src) && src[k] != h.quote && src[k] != '\n' {
			k++
		}
		h.id = src[j+1 : k]
		j = min(k+1, len(src))
	} else {
		k := WordEnd(src, j, "")
		h.id = src[j:k]
		j = k
	}
	s.EmitLit(Literal{Start: i, End: j, Val: NewValue(0)})
	h.lit = len(s.Lits) - 1
	if q := s.heredocs(); len(*q) < 1000 {
		*q = append(*q, h)
	}
	return j
}

// HeredocsPending reports whether a heredoc's body starts at the next line
// end.
func (s *Scanner) HeredocsPending() bool {
	return s.State != nil && len(*s.heredocs()) > 0
}

// HeredocBodies reads the bodies of the queued heredocs from i, the start
// of the line after their openers, and returns where code goes on. A body
// runs to the line that holds only its identifier (after blanks, when
// Indented), or to the end of the file; "\r\n" is read as "\n" when crlf
// (Ruby), and a body whose identifier is not single-quoted is decoded with
// body (escapes and holes).
func (s *Scanner) HeredocBodies(i int, crlf bool, body *Body) int {
	src := s.Src
	q := s.heredocs()
	pending := *q
	*q = nil
	for _, h := range pending {
		bodyStart := i
		closeStart, closeEnd := -1, -1
		for x := i; x < len(src); {
			le := LineEnd(src, x)
			y := x
			if h.Indented {
				for y < le && (src[y] == ' ' || src[y] == '\t') {
					y++
				}
			}
			if len(h.id) > 0 && bytes.Equal(bytes.TrimSuffix(src[y:le], []byte("\r")), h.id) {
				closeStart, closeEnd = x, le
				break
			}
			x = le + 1
		}
		bodyEnd, next := closeStart, closeEnd+1
		if closeStart < 0 {
			bodyEnd, next = len(src), len(src)
		}
		next = min(next, len(src))
		raw := NewValue(bodyEnd - bodyStart)
		for y := bodyStart; y < bodyEnd; y++ {
			if crlf && src[y] == '\r' && y+1 < bodyEnd && src[y+1] == '\n' {
				raw.Add('\n', y, y+2)
				y++
				continue
			}
			raw.Add(src[y], y, y+1)
		}
		if h.Squiggly {
			raw = Squiggly(raw)
		}
		v := raw
		if h.quote != '\'' {
			v, _, _ = s.Decode(View{B: raw.Text.Bytes(), T: raw.Text}, 0, body)
		}
		l := &s.Lits[h.lit]
		l.Val = v
		l.BodyStart, l.BodyEnd = bodyStart, max(bodyStart, next)
		i = next
	}
	return i
}
