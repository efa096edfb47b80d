// Package rust is the Rust host language: redis-rs scripts
// (`redis::Script::new(r#"..."#)`) and fred's `eval`, in strings, raw
// strings with any number of hashes and byte strings.
package rust

import "github.com/lint-lua/lint-lua/internal/hostlang"

// Rust: `"..."` strings (escapes decoded as rustc does, a backslash at a
// line's end skipping the next line's leading white space), raw strings
// `r"..."` and `r#"..."#` (no escapes; the hashes of the opener close
// them), byte and C strings (`b`, `br`, `c`, `cr` prefixes), char literals
// told from lifetimes (`'a'` against `'a`), raw identifiers (`r#type`),
// and nested block comments. rustc reads "\r\n" as "\n".

var lexer = &hostlang.Lexer{Token: token}

func token(s *hostlang.Scanner, i int, _ bool) (int, hostlang.Read) {
	src := s.Src
	c := src[i]
	switch {
	case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
		return s.SlashComment(i, true), hostlang.ReadToken
	case c == '"':
		return str(s, i, i), hostlang.ReadToken
	case c == '\'':
		return charOrLifetime(s, i), hostlang.ReadToken
	case hostlang.IsIdentStart(c):
		e := hostlang.WordEnd(src, i, "")
		if q, ok := stringPrefix(src, i, e); ok {
			if src[q] == '"' && e-i <= 2 && src[e-1] != 'r' {
				return str(s, i, q), hostlang.ReadToken
			}
			return raw(s, i, q), hostlang.ReadToken
		}
		if e == i+1 && c == 'r' && e+1 < len(src) && src[e] == '#' && hostlang.IsIdentStart(src[e+1]) {
			// A raw identifier, r#type.
			e = hostlang.WordEnd(src, e+1, "")
		}
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	}
	return i, hostlang.NotRead
}

// stringPrefix reports whether the name src[i:e] is a string prefix (b, c,
// r, br, cr) followed by the string's opening (a quote, or hashes and a
// quote after an r), and returns where that opening starts.
func stringPrefix(src []byte, i, e int) (int, bool) {
	if e >= len(src) {
		return 0, false
	}
	switch string(src[i:e]) {
	case "b", "c":
		return e, src[e] == '"'
	case "r", "br", "cr":
		j := e
		for j < len(src) && src[j] == '#' && j-e < 256 {
			j++
		}
		return e, j < len(src) && src[j] == '"'
	}
	return 0, false
}

// str reads the escaped string whose prefix starts at start and whose
// quote is at q.
func str(s *hostlang.Scanner, start, q int) int {
	bd := &hostlang.Body{CloseAt: hostlang.CloseByte('"'), Crlf: true, Escapes: hostlang.Backslash, Escape: escape}
	v, e, _ := s.Decode(hostlang.View{B: s.Src}, q+1, bd)
	s.EmitLit(hostlang.Literal{Start: start, End: e, Val: v})
	return e
}

// raw reads the raw string whose prefix starts at start and whose hashes
// (or quote) start at h.
func raw(s *hostlang.Scanner, start, h int) int {
	src := s.Src
	q := h
	for src[q] == '#' {
		q++
	}
	hashes := q - h
	closeAt := func(b []byte, k int) int {
		if b[k] != '"' || k+hashes >= len(b) && hashes > 0 {
			return 0
		}
		for x := 1; x <= hashes; x++ {
			if b[k+x] != '#' {
				return 0
			}
		}
		return 1 + hashes
	}
	bd := &hostlang.Body{CloseAt: closeAt, Crlf: true}
	v, e, _ := s.Decode(hostlang.View{B: src}, q+1, bd)
	s.EmitLit(hostlang.Literal{Start: start, End: e, Val: v})
	return e
}

var simple = hostlang.SimpleEscapes("n\nt\tr\r\\\\0\x00''\"\"")

// escape decodes a Rust escape: the simple ones, `\x7F`, `\u{1F600}`, and
// a backslash before a line end, which drops the line end and the white
// space after it.
func escape(v *hostlang.Value, r hostlang.View, k int) int {
	b := r.B
	if k+1 >= len(b) {
		return 0
	}
	c := b[k+1]
	switch {
	case simple[c] >= 0:
		v.Add(byte(simple[c]), r.Start(k), r.End(k+1))
		return 2
	case c == 'x':
		if val, n, ok := hostlang.HexRun(b, k+2, 2, 2); ok {
			hostlang.AddRune(v, val, r.Start(k), r.End(k+1+n))
			return 2 + n
		}
	case c == 'u' && k+2 < len(b) && b[k+2] == '{':
		if val, n, ok := hostlang.HexRun(b, k+3, 1, 6); ok && k+3+n < len(b) && b[k+3+n] == '}' {
			hostlang.AddRune(v, val, r.Start(k), r.End(k+3+n))
			return 4 + n
		}
	case c == '\n' || c == '\r':
		j := k + 1
		for j < len(b) && (b[j] == ' ' || b[j] == '\t' || b[j] == '\n' || b[j] == '\r') {
			j++
		}
		return j - k
	}
	return hostlang.EscapedChar(v, r, k)
}

// charOrLifetime reads `'x'`, `'\n'`, `'\u{..}'` as a char literal (a
// number-like operand) and `'a` as a lifetime (a name).
func charOrLifetime(s *hostlang.Scanner, i int) int {
	src := s.Src
	j := i + 1
	if j < len(src) && src[j] == '\\' {
		j += 2
		for j < len(src) && j < i+12 && src[j] != '\'' && src[j] != '\n' {
			j++
		}
	} else if j < len(src) {
		// One character, of up to four bytes.
		j++
		for j < len(src) && src[j]&0xC0 == 0x80 && j < i+5 {
			j++
		}
	}
	if j < len(src) && src[j] == '\'' {
		s.Emit(hostlang.TkNumber, i, j+1)
		return j + 1
	}
	e := hostlang.WordEnd(src, i+1, "")
	if e == i+1 {
		s.Emit(hostlang.TkOther, i, i+1)
		return i + 1
	}
	s.Emit(hostlang.TkIdent, i, e)
	return e
}

// rust is Rust.
type rust struct{}

// Lang is Rust.
var Lang hostlang.Lang = rust{}

func (rust) String() string              { return "rust" }
func (rust) Extensions() []string        { return []string{".rs"} }
func (rust) Lexer() *hostlang.Lexer      { return lexer }
func (rust) Wrappers() map[string]string { return wrappers }
func (rust) APIs() []hostlang.API        { return apis }
func (rust) Traits() *hostlang.Traits    { return traits }
func (rust) Keywords() string {
	return "as async await break const continue crate dyn else enum extern false fn for if impl in let loop " +
		"match mod move mut pub ref return self Self static struct super trait true type unsafe use where while"
}

// wrappers: String::from keeps the text; concat! joins its arguments.
var wrappers = map[string]string{"String::from": "id", "String::from_utf8_lossy": "id", "concat": "concat"}

// apis: redis-rs (and the crates that re-export it: deadpool-redis,
// bb8-redis) create a Script from its text; fred's eval(script, keys,
// args) runs one. redis-rs gives the keys by chained `.key(k)` calls,
// which are not counted.
var apis = []hostlang.API{
	{Client: "redis-rs", Recv: "Script", Name: "new", Script: 0, Creates: true},
	{Client: "fred", Name: "eval", Script: 0, Generic: true, Keys: []hostlang.KeysAt{hostlang.KeysList1Args2}},
	{Client: "fred", Name: "script_load", Script: 0},
	{Client: "fred", Name: "evalsha", Script: hostlang.NoScript},
}

var traits = &hostlang.Traits{
	MemberOps:     []string{".", "::"},
	AnnotationOps: []string{"&", "::", "*"},
	MacroCalls:    true,
	ConcatOp:      "+",
	Generics:      true,
}
