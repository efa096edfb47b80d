// Package elixir is the Elixir host language: scripts in strings,
// heredocs (`@script """ ... """`, `Prepare.script("""...""")`) and sigils,
// found by their text or given to Redix as `["EVAL", script, n | ...]`.
package elixir

import (
	"bytes"

	"github.com/lint-lua/lint-lua/internal/hostlang"
)

// Elixir: `"..."` strings and `'...'` charlists with escapes and `#{...}`
// interpolation; heredocs `"""` and `'''`, whose content starts on the
// line after the opener and loses the closing line's indentation on every
// line; sigils `~s` (escapes and interpolation) and `~S` (neither), with
// any of their delimiters and modifiers; atoms `:name` and `:"..."`;
// `<>` joins strings; `#` comments; a line end ends a statement outside (
// and [. Module attributes (`@name value`) are named texts.

var lexer = &hostlang.Lexer{Token: token, Newlines: hostlang.NewlinesOutsideParens}

func token(s *hostlang.Scanner, i int, _ bool) (int, hostlang.Read) {
	src := s.Src
	c := src[i]
	switch {
	case c == '#':
		e := hostlang.LineEnd(src, i)
		s.Comment(i, e, i+1, e)
		return e, hostlang.ReadToken
	case (c == '"' || c == '\'') && i+2 < len(src) && src[i+1] == c && src[i+2] == c:
		return heredoc(s, i, i, c, true), hostlang.ReadToken
	case c == '"' || c == '\'':
		return str(s, i, i+1, c, true), hostlang.ReadToken
	case c == '~' && i+2 < len(src) && (src[i+1] == 's' || src[i+1] == 'S'):
		if e, ok := sigil(s, i); ok {
			return e, hostlang.ReadToken
		}
	case c == ':' && i+1 < len(src) && src[i+1] == '"' && !(i > 0 && src[i-1] == ':'):
		// An atom written as a string: no script.
		bd := &hostlang.Body{CloseAt: hostlang.CloseByte('"'), Escapes: hostlang.Backslash, Escape: escape}
		_, e, _ := s.Decode(hostlang.View{B: src}, i+2, bd)
		s.Emit(hostlang.TkNumber, i, e)
		return e, hostlang.ReadToken
	case c == ':' && i+1 < len(src) && hostlang.IsIdentStart(src[i+1]) && !(i > 0 && (src[i-1] == ':' || hostlang.IsIdentPart(src[i-1]))):
		e := nameEnd(src, i+1)
		s.Emit(hostlang.TkNumber, i, e)
		return e, hostlang.ReadToken
	case c == '<' && i+1 < len(src) && src[i+1] == '>':
		s.Emit(hostlang.TkPunct, i, i+2)
		return i + 2, hostlang.ReadToken
	case c == '?' && i+1 < len(src) && src[i+1] != ' ' && src[i+1] != '\n':
		// A character code, ?a or ?\n.
		e := i + 2
		if src[i+1] == '\\' && e < len(src) {
			e++
		}
		s.Emit(hostlang.TkNumber, i, e)
		return e, hostlang.ReadToken
	case c == '@' && i+1 < len(src) && hostlang.IsIdentStart(src[i+1]), hostlang.IsIdentStart(c):
		e := nameEnd(src, i+1)
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	}
	return i, hostlang.NotRead
}

// nameEnd is the end of a name, with a `?` or `!` suffix.
func nameEnd(src []byte, i int) int {
	e := hostlang.WordEnd(src, i, "")
	if e < len(src) && (src[e] == '?' || src[e] == '!') && (e+1 >= len(src) || src[e+1] != '=') {
		e++
	}
	return e
}

// str reads a string or charlist whose opener starts at start and whose
// content starts at k, closed by q; cooked: escapes and interpolation.
func str(s *hostlang.Scanner, start, k int, q byte, cooked bool) int {
	bd := &hostlang.Body{CloseAt: hostlang.CloseByte(q), Crlf: true}
	if cooked {
		bd.Escapes, bd.Escape = hostlang.Backslash, escape
		bd.Holes, bd.Hole = holeStart, hole
	} else {
		bd.Escapes, bd.Escape = hostlang.Backslash, rawEscape(q)
	}
	v, e, _ := s.Decode(hostlang.View{B: s.Src}, k, bd)
	s.EmitLit(hostlang.Literal{Start: start, End: e, Val: v})
	return e
}

// heredoc reads the heredoc whose opener (a sigil's, or the three quotes)
// starts at start and whose quotes are at q.
func heredoc(s *hostlang.Scanner, start, q int, quote byte, cooked bool) int {
	src := s.Src
	eol := hostlang.LineEnd(src, q+3)
	content := min(eol+1, len(src))
	closer := []byte{quote, quote, quote}
	// The closing line holds only blanks before the three quotes.
	closeLine, closeAt := -1, -1
	for x := content; x < len(src); {
		le := hostlang.LineEnd(src, x)
		y := x
		for y < le && (src[y] == ' ' || src[y] == '\t') {
			y++
		}
		if bytes.HasPrefix(src[y:], closer) {
			closeLine, closeAt = x, y
			break
		}
		x = le + 1
	}
	end := len(src)
	if closeLine < 0 {
		closeLine, closeAt = len(src), len(src)
	} else {
		end = closeAt + 3
	}
	indent := closeAt - closeLine
	// The content lines, each less the closing line's indentation (as
	// much of it as the line has), every byte at its host offset.
	t := hostlang.NewValue(closeLine - content)
	for x := content; x < closeLine; {
		le := hostlang.LineEnd(src, x)
		from := x
		for from < le && from-x < indent && (src[from] == ' ' || src[from] == '\t') {
			from++
		}
		for y := from; y < le; y++ {
			if src[y] == '\r' && y+1 == le {
				continue
			}
			t.Add(src[y], y, y+1)
		}
		if le < closeLine {
			t.Add('\n', le, le+1)
		}
		x = le + 1
	}
	bd := &hostlang.Body{}
	if cooked {
		bd.Escapes, bd.Escape = hostlang.Backslash, escape
		bd.Holes, bd.Hole = holeStart, hole
	}
	v, _, _ := s.Decode(hostlang.View{B: t.Text.Bytes(), T: t.Text}, 0, bd)
	// Modifiers after a sigil's closing delimiter.
	end = hostlang.WordEnd(src, min(end, len(src)), "")
	s.EmitLit(hostlang.Literal{Start: start, End: end, Val: v})
	return end
}

// sigilClose maps a sigil's opening delimiter to its closing one.
var sigilClose = map[byte]byte{'"': '"', '\'': '\'', '(': ')', '[': ']', '{': '}', '<': '>', '/': '/', '|': '|'}

// sigil reads `~s` or `~S` at i with any delimiter.
func sigil(s *hostlang.Scanner, i int) (int, bool) {
	src := s.Src
	cooked := src[i+1] == 's'
	d := src[i+2]
	cl, ok := sigilClose[d]
	if !ok {
		return 0, false
	}
	if (d == '"' || d == '\'') && i+4 < len(src) && src[i+3] == d && src[i+4] == d {
		return heredoc(s, i, i+2, d, cooked), true
	}
	if !cooked {
		bd := &hostlang.Body{CloseAt: hostlang.CloseByte(cl), Crlf: true, Escapes: hostlang.Backslash, Escape: rawEscape(cl)}
		v, e, _ := s.Decode(hostlang.View{B: src}, i+3, bd)
		e = hostlang.WordEnd(src, e, "")
		s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
		return e, true
	}
	bd := &hostlang.Body{CloseAt: hostlang.CloseByte(cl), Crlf: true, Escapes: hostlang.Backslash, Escape: escape,
		Holes: holeStart, Hole: hole}
	v, e, _ := s.Decode(hostlang.View{B: src}, i+3, bd)
	e = hostlang.WordEnd(src, e, "")
	s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
	return e, true
}

// rawEscape: in an uppercase sigil a backslash escapes only the closing
// delimiter (and keeps itself).
func rawEscape(cl byte) func(v *hostlang.Value, r hostlang.View, k int) int {
	return func(v *hostlang.Value, r hostlang.View, k int) int {
		if k+1 < len(r.B) && r.B[k+1] == cl {
			v.Add(cl, r.Start(k), r.End(k+1))
			return 2
		}
		v.Add('\\', r.Start(k), r.End(k))
		return 1
	}
}

var simple = hostlang.SimpleEscapes("n\nt\tr\r\\\\0\x00a\ab\bf\fv\ve\x1bs \"\"''#####")

// escape decodes an Elixir escape: the simple ones, `\xHH`, `\uHHHH`,
// `\u{H...}`, and a backslash before a line end, which joins the lines.
func escape(v *hostlang.Value, r hostlang.View, k int) int {
	b := r.B
	if k+1 >= len(b) {
		return 0
	}
	c := b[k+1]
	switch {
	case c == '\n':
		return 2
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
	case c == 'u':
		if val, n, ok := hostlang.HexRun(b, k+2, 4, 4); ok {
			hostlang.AddRune(v, val, r.Start(k), r.End(k+1+n))
			return 2 + n
		}
	}
	return hostlang.EscapedChar(v, r, k)
}

var holeStart = hostlang.ByteSet("#")

// hole reads `#{...}`.
func hole(s *hostlang.Scanner, v *hostlang.Value, r hostlang.View, k int) int {
	if k+1 < len(r.B) && r.B[k+1] == '{' {
		return hostlang.BraceHoleAt(s, v, r, k, "#{")
	}
	return k
}

// elixir is Elixir.
type elixir struct{}

// Lang is Elixir.
var Lang hostlang.Lang = elixir{}

func (elixir) String() string              { return "elixir" }
func (elixir) Extensions() []string        { return []string{".ex", ".exs"} }
func (elixir) Lexer() *hostlang.Lexer      { return lexer }
func (elixir) Wrappers() map[string]string { return wrappers }
func (elixir) APIs() []hostlang.API        { return apis }
func (elixir) Traits() *hostlang.Traits    { return traits }
func (elixir) Keywords() string {
	return "after and catch cond def defp defmacro defmodule do else end fn for if import in not or quote " +
		"receive require rescue try unless unquote use when with alias nil true false"
}

// apis: Redix sends a command as a list of words: ["EVAL", script,
// numkeys, keys..., args...] (or `numkeys | rest`, a count the walker then
// does not read). Redix.command! is not read (the name's `!` is a part of
// it, which the table's names cannot be).
var apis = []hostlang.API{
	{Client: "Redix", Recv: "Redix", Name: "command", ListAt: 2, Script: 1, GuardArg: 0, Guard: []string{`"EVAL"`, `"eval"`, `"EVAL_RO"`},
		Keys: []hostlang.KeysAt{{Arg: 2, Form: hostlang.KeysCount, Args: hostlang.ArgsRest}}},
	{Client: "Redix", Recv: "Redix", Name: "command", ListAt: 2, Script: 1, GuardArg: 0, Guard: []string{`"SCRIPT"`}},
}

// wrappers: String.trim and its kin return the text trimmed.
var wrappers = map[string]string{"String.trim": "trim", "String.trim_leading": "ltrim", "String.trim_trailing": "rtrim"}

var traits = &hostlang.Traits{
	LineComment:  "#",
	MemberOps:    []string{"."},
	ConcatOp:     "<>",
	Untyped:      true,
	DefFunctions: true,
	Symbols:      true,
	AttrBindings: true,
}
