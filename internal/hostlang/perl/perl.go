// Package perl is the Perl host language: scripts given to the Redis and
// Redis::Fast clients (`$redis->eval($script, $numkeys, @keys, @args)`,
// `script_load`), written in single- or double-quoted strings or in
// heredocs.
//
// Read: `#` comments, POD blocks (a line starting `=name` up to `=cut`),
// `__END__` and `__DATA__`, single-quoted strings (only `\\` and `\'` are
// escapes), double-quoted strings and heredocs with backslash escapes and
// `$name`, `${name}`, `@name` and `@{...}` interpolation (holes), heredocs
// `<<"ID"`, `<<'ID'`, `<<ID` and the indented `<<~ID` (the smallest
// indentation of the body removed), and `$`/`@` names. Not read: the
// quote-like operators (`q{}`, `qq{}`, `qw()`), regular expressions and a
// hash element or method call inside an interpolation (`"$h{k}"` holds
// `$h` as a hole and `{k}` as text).
package perl

import (
	"bytes"

	"github.com/lint-lua/lint-lua/internal/hostlang"
)

// perl is Perl.
type perl struct{}

// Lang is Perl.
var Lang hostlang.Lang = perl{}

func (perl) String() string              { return "perl" }
func (perl) Extensions() []string        { return []string{".pl", ".pm"} }
func (perl) Lexer() *hostlang.Lexer      { return lexer }
func (perl) Wrappers() map[string]string { return wrappers }
func (perl) APIs() []hostlang.API        { return apis }
func (perl) Traits() *hostlang.Traits    { return traits }
func (perl) Keywords() string {
	return "my our local sub if elsif else unless while until for foreach return and or not eq ne lt gt le ge cmp " +
		"x use no package do last next redo undef defined ref bless die print"
}

var wrappers = map[string]string{"sprintf": "printf"}

// apis: Redis and Redis::Fast (one interface): eval(script, numkeys,
// keys..., args...), script_load(script), evalsha by digest.
var apis = []hostlang.API{
	{Client: "Redis", Name: "eval", Script: 0, Generic: true, Keys: []hostlang.KeysAt{hostlang.KeysNumArg1}},
	{Client: "Redis", Name: "script_load", Script: 0},
	{Client: "Redis", Name: "evalsha", Script: hostlang.NoScript},
}

var traits = &hostlang.Traits{
	LineComment: "#",
	MemberOps:   []string{"->", "::"},
	ConcatOp:    ".",
	Untyped:     true,
}

var lexer = &hostlang.Lexer{Start: hostlang.Hashbang, Token: token, AfterNewline: afterNewline, Newlines: hostlang.NewlinesNever}

func afterNewline(s *hostlang.Scanner, i int) int {
	if s.HeredocsPending() {
		return s.HeredocBodies(i, false, &hostlang.Body{Escapes: hostlang.Backslash, Escape: escape, Holes: holeStart, Hole: hole})
	}
	return i
}

func token(s *hostlang.Scanner, i int, inHole bool) (int, hostlang.Read) {
	src := s.Src
	c := src[i]
	atLineStart := i == 0 || src[i-1] == '\n'
	switch {
	case atLineStart && !inHole && c == '=' && i+1 < len(src) && hostlang.IsIdentStart(src[i+1]):
		// POD, up to and with the =cut line.
		e := i
		for {
			le := hostlang.LineEnd(src, e)
			if le >= len(src) {
				e = len(src)
				break
			}
			e = le + 1
			if bytes.HasPrefix(src[e:], []byte("=cut")) {
				e = hostlang.LineEnd(src, e)
				break
			}
		}
		s.Comment(i, e, i, e)
		return e, hostlang.ReadToken
	case atLineStart && !inHole && (bytes.HasPrefix(src[i:], []byte("__END__")) || bytes.HasPrefix(src[i:], []byte("__DATA__"))):
		return len(src), hostlang.End
	case c == '#':
		e := hostlang.LineEnd(src, i)
		s.Comment(i, e, i+1, e)
		return e, hostlang.ReadToken
	case c == '\'':
		bd := &hostlang.Body{CloseAt: hostlang.CloseByte('\''), Escapes: hostlang.Backslash, Escape: singleEscape}
		v, e, _ := s.Decode(hostlang.View{B: src}, i+1, bd)
		s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
		return e, hostlang.ReadToken
	case c == '"':
		bd := &hostlang.Body{CloseAt: hostlang.CloseByte('"'), Escapes: hostlang.Backslash, Escape: escape, Holes: holeStart, Hole: hole}
		v, e, _ := s.Decode(hostlang.View{B: src}, i+1, bd)
		s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
		return e, hostlang.ReadToken
	case c == '<' && i+2 < len(src) && src[i+1] == '<' && heredocStart(src, i):
		return heredocOpen(s, i), hostlang.ReadToken
	case (c == '$' || c == '@') && i+1 < len(src) && hostlang.IsIdentStart(src[i+1]):
		e := hostlang.WordEnd(src, i+1, "")
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	case hostlang.IsIdentStart(c):
		e := hostlang.WordEnd(src, i+1, "")
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	}
	return i, hostlang.NotRead
}

// singleEscape: in single quotes only `\\` and `\'` are escapes; any other
// backslash is itself.
func singleEscape(v *hostlang.Value, r hostlang.View, k int) int {
	if k+1 < len(r.B) && (r.B[k+1] == '\\' || r.B[k+1] == '\'') {
		v.Add(r.B[k+1], r.Start(k), r.End(k+1))
		return 2
	}
	return 0
}

var escape = hostlang.SimpleOrUnicodeEscape(hostlang.SimpleEscapes("n\nt\tr\rf\fb\ba\ae\x1b0\x00"))

var holeStart = hostlang.ByteSet("$@")

// hole reads `$name`, `${...}`, `@name` and `@{...}`.
func hole(s *hostlang.Scanner, v *hostlang.Value, r hostlang.View, k int) int {
	b := r.B
	if k+1 >= len(b) {
		return k
	}
	if b[k+1] == '{' {
		return hostlang.BraceHole(string(b[k])+"{", "}")(s, v, r, k)
	}
	return hostlang.NameHole(v, r, k)
}

// heredocStart reports whether `<<` at i opens a heredoc: a quote, or a
// name right after it (`<<EOS`, `<<~EOS`); `1 << 2` and `$x<<$y` shift.
func heredocStart(src []byte, i int) bool {
	j := i + 2
	if j < len(src) && src[j] == '~' {
		j++
	}
	if j >= len(src) {
		return false
	}
	c := src[j]
	return c == '"' || c == '\'' || (hostlang.IsIdentStart(c) && c < 0x80)
}

// heredocOpen reads the opener at i (<<"ID", <<'ID', <<ID, <<~ID) and
// queues the body, read at the next line end.
func heredocOpen(s *hostlang.Scanner, i int) int {
	j := i + 2
	h := hostlang.Heredoc{}
	if s.Src[j] == '~' {
		h.Indented, h.Squiggly = true, true
		j++
	}
	return s.OpenHeredoc(i, j, h)
}
