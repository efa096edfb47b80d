// Package scala is the Scala host language: scripts given to the Java
// clients from Scala (Jedis, Lettuce, Redisson, Spring) and to
// redis4cats, in strings, triple-quoted strings (with `.stripMargin`) and
// interpolated strings (`s"..."`, `f"..."`, `raw"..."`).
package scala

import (
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/java"
)

// Scala: `"..."` strings with Java's escapes; `"""..."""` strings with
// none, closed by the last three quotes of a run; an interpolator before
// either (`s`, `f`, `raw`, any name) makes `$name`, `${expr}` holes (`$$`
// is a dollar) and, for `raw` and triple quotes, keeps escapes as written;
// char literals; nested block comments; backquoted names; a line end ends
// a statement outside ( and [.

var lexer = &hostlang.Lexer{Token: token, Newlines: hostlang.NewlinesOutsideParens, ContinueAfterOps: true}

func token(s *hostlang.Scanner, i int, _ bool) (int, hostlang.Read) {
	src := s.Src
	c := src[i]
	switch {
	case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
		return s.SlashComment(i, true), hostlang.ReadToken
	case c == '"':
		return str(s, i, i, ""), hostlang.ReadToken
	case c == '\'':
		return s.CharLiteral(i), hostlang.ReadToken
	case c == '`':
		e := i + 1
		for e < len(src) && src[e] != '`' && src[e] != '\n' {
			e++
		}
		e = min(e+1, len(src))
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	case hostlang.IsIdentStart(c):
		e := hostlang.WordEnd(src, i, "")
		if e < len(src) && src[e] == '"' {
			// An interpolated string: the name is its interpolator.
			return str(s, i, e, string(src[i:e])), hostlang.ReadToken
		}
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	}
	return i, hostlang.NotRead
}

// str reads the string whose interpolator (or quote) starts at start and
// whose quote is at q.
func str(s *hostlang.Scanner, start, q int, interp string) int {
	src := s.Src
	triple := q+2 < len(src) && src[q+1] == '"' && src[q+2] == '"'
	bd := &hostlang.Body{Crlf: true}
	open := 1
	if triple {
		open = 3
		bd.CloseAt = hostlang.CloseTriple
	} else {
		bd.CloseAt = hostlang.CloseByte('"')
		bd.NlEnds = true
		if interp != "raw" {
			bd.Escapes, bd.Escape = hostlang.Backslash, escape
		}
	}
	if interp != "" {
		bd.Holes, bd.Hole = holeStart, hole
	}
	v, e, _ := s.Decode(hostlang.View{B: src}, q+open, bd)
	s.EmitLit(hostlang.Literal{Start: start, End: e, Val: v})
	return e
}

var simple = hostlang.SimpleEscapes("n\nt\tr\rb\bf\f\\\\\"\"''")

var escape = hostlang.SimpleOrUnicodeEscape(simple)

var holeStart = hostlang.ByteSet("$")

// hole reads `$name`, `${expr}` or `$$`.
func hole(s *hostlang.Scanner, v *hostlang.Value, r hostlang.View, k int) int {
	b := r.B
	if k+1 >= len(b) {
		return k
	}
	switch c := b[k+1]; {
	case c == '$':
		v.Add('$', r.Start(k), r.End(k+1))
		return k + 2
	case c == '{':
		return hostlang.BraceHoleAt(s, v, r, k, "${")
	}
	return hostlang.NameHole(v, r, k)
}

// scala is Scala.
type scala struct{}

// Lang is Scala.
var Lang hostlang.Lang = scala{}

func (scala) String() string              { return "scala" }
func (scala) Extensions() []string        { return []string{".scala", ".sc"} }
func (scala) Lexer() *hostlang.Lexer      { return lexer }
func (scala) Wrappers() map[string]string { return wrappers }
func (scala) APIs() []hostlang.API        { return apis }
func (scala) Traits() *hostlang.Traits    { return traits }
func (scala) Keywords() string {
	return "abstract case catch class def do else extends false final finally for forSome if implicit import lazy " +
		"match new null object override package private protected return sealed super this throw trait try true " +
		"type val var while with yield given using enum then export"
}

var wrappers = map[string]string{"String.format": "printf"}

// apis: Scala calls the Java clients (Jedis, Lettuce, Redisson, Spring
// Data Redis) as Java does, and redis4cats, whose eval(script, output,
// keys, values) is Lettuce's shape; rediscala makes a RedisScript(src).
var apis = append([]hostlang.API{
	{Client: "rediscala", Name: "RedisScript", Form: hostlang.Function, Script: 0, Creates: true},
}, java.Lang.APIs()...)

var traits = &hostlang.Traits{
	MemberOps:        []string{"."},
	ConcatOp:         "+",
	PrintfNewline:    true,
	BareConstructors: true,
	NamedArgsEqual:   true,
	DefFunctions:     true,
}
