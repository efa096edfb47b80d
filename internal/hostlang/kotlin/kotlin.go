// Package kotlin is the Kotlin host language.
package kotlin

import (
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/java"
)

// Kotlin: strings with escapes and `$name`/`${...}` templates, raw strings
// `"""..."""` (templates but no escapes; trimIndent and trimMargin are
// applied by the walker when called on the literal), char literals,
// nested block comments, and newlines that end statements outside ( and [.

var kotlinLexer = &hostlang.Lexer{Start: hostlang.Hashbang, Token: kotlinToken, Newlines: hostlang.NewlinesOutsideParens}

func kotlinToken(s *hostlang.Scanner, i int, _ bool) (int, hostlang.Read) {
	src := s.Src
	c := src[i]
	switch {
	case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
		return s.SlashComment(i, true), hostlang.ReadToken
	case c == '"' && i+2 < len(src) && src[i+1] == '"' && src[i+2] == '"':
		bd := &hostlang.Body{CloseAt: hostlang.CloseTriple, Holes: kotlinHoleStart, Hole: kotlinHole}
		v, e, _ := s.Decode(hostlang.View{B: src}, i+3, bd)
		s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
		return e, hostlang.ReadToken
	case c == '"':
		bd := &hostlang.Body{CloseAt: hostlang.CloseByte('"'), NlEnds: true, Escapes: hostlang.Backslash, Escape: kotlinEscape,
			Holes: kotlinHoleStart, Hole: kotlinHole}
		v, e, _ := s.Decode(hostlang.View{B: src}, i+1, bd)
		s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
		return e, hostlang.ReadToken
	case c == '\'':
		return s.CharLiteral(i), hostlang.ReadToken
	case c == '`':
		// A backquoted name.
		e := i + 1
		for e < len(src) && src[e] != '`' && src[e] != '\n' {
			e++
		}
		e = min(e+1, len(src))
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	case hostlang.IsIdentStart(c) || c == '@':
		e := hostlang.WordEnd(src, i+1, "")
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	}
	return i, hostlang.NotRead
}

var kotlinSimple = hostlang.SimpleEscapes("n\nt\tr\rb\b")

var kotlinEscape = hostlang.SimpleOrUnicodeEscape(kotlinSimple)

var kotlinHoleStart = hostlang.ByteSet("$")

// kotlinHole reads `$name` or `${...}`. `${'$'}`, the way to write a dollar
// in a raw string, is the dollar itself.
func kotlinHole(s *hostlang.Scanner, v *hostlang.Value, r hostlang.View, k int) int {
	b := r.B
	if k+1 >= len(b) {
		return k
	}
	if b[k+1] == '{' {
		if k+5 < len(b) && (b[k+2] == '\'' || b[k+2] == '"') && b[k+4] == b[k+2] && b[k+5] == '}' && b[k+3] != '\\' {
			v.Text.Append(b[k+3], r.Start(k), r.End(k+5), false)
			return k + 6
		}
		return hostlang.BraceHole("${", "}")(s, v, r, k)
	}
	return hostlang.NameHole(v, r, k)
}

// kotlin is Kotlin, which calls Java's clients (constructors without
// `new`).
type kotlin struct{}

func (kotlin) String() string         { return "kotlin" }
func (kotlin) Extensions() []string   { return []string{".kt", ".kts"} }
func (kotlin) Lexer() *hostlang.Lexer { return kotlinLexer }
func (kotlin) Keywords() string {
	return "as break class continue do else for fun if in interface is object package return throw try typealias " +
		"typeof val var when while private public protected internal override open abstract final const companion " +
		"data sealed lateinit inline suspend import"
}
func (kotlin) Wrappers() map[string]string { return kotlinWrappers }
func (kotlin) APIs() []hostlang.API        { return java.Lang.APIs() }
func (kotlin) Traits() *hostlang.Traits    { return kotlinTraits }

var kotlinWrappers = map[string]string{"String.format": "printf", "java.lang.String.format": "printf", "ByteBuffer.wrap": "id"}

var kotlinTraits = &hostlang.Traits{
	MemberOps:        []string{".", "?.", "::"},
	ConcatOp:         "+",
	FormatMethod:     "printf",
	PrintfNewline:    true,
	Generics:         true,
	ColonReturnTypes: true,
	BareConstructors: true,
	NamedArgsEqual:   true,
	BraceArrays:      true,
}

// Lang is Kotlin.
var Lang hostlang.Lang = kotlin{}
