// Package ruby is the Ruby host language.
package ruby

import (
	"bytes"

	"github.com/lint-lua/lint-lua/internal/hostlang"
)

// Ruby: single- and double-quoted strings, %q/%Q/%() literals with any
// delimiter (bracket pairs nest), heredocs (<<ID, <<-ID, <<~ID with the
// squiggly dedent, quoted identifiers), `#{}`/`#@x`/`#$x` interpolation,
// symbols, regular expressions told from division by the token before
// them, `=begin`/`=end` and # comments, __END__, and newlines that end
// statements outside ( and [.

var rubyKeywordsBeforeExpr = map[string]bool{
	"return": true, "if": true, "unless": true, "while": true, "until": true, "and": true, "or": true,
	"not": true, "when": true, "in": true, "then": true, "else": true, "elsif": true, "do": true,
	"puts": true, "print": true, "raise": true, "yield": true, "case": true, "begin": true,
}

var rubyLexer = &hostlang.Lexer{Token: rubyToken, AfterNewline: rubyAfterNewline, Newlines: hostlang.NewlinesOutsideParens,
	LineContinuation: true, NoDotNumbers: true}

// rubyAfterNewline reads the bodies of the heredocs opened on the line that
// ended.
func rubyAfterNewline(s *hostlang.Scanner, i int) int {
	if s.HeredocsPending() {
		return s.HeredocBodies(i, true, &hostlang.Body{Escapes: hostlang.Backslash, Escape: rubyEscape, Holes: rubyHoleStart, Hole: rubyHole})
	}
	return i
}

func rubyToken(s *hostlang.Scanner, i int, hole bool) (int, hostlang.Read) {
	src := s.Src
	c := src[i]
	atLineStart := i == 0 || src[i-1] == '\n'
	switch {
	case atLineStart && !hole && bytes.HasPrefix(src[i:], []byte("=begin")) && (i+6 == len(src) || !hostlang.IsIdentPart(src[i+6])):
		e := i
		for {
			le := hostlang.LineEnd(src, e)
			if le >= len(src) {
				e = len(src)
				break
			}
			e = le + 1
			if bytes.HasPrefix(src[e:], []byte("=end")) {
				e = hostlang.LineEnd(src, e)
				break
			}
		}
		s.Comment(i, e, min(i+6, e), e)
		return e, hostlang.ReadToken
	case atLineStart && !hole && bytes.HasPrefix(src[i:], []byte("__END__")) && (i+7 == len(src) || src[i+7] == '\n' || src[i+7] == '\r'):
		return len(src), hostlang.End
	case c == '#':
		e := hostlang.LineEnd(src, i)
		s.Comment(i, e, i+1, e)
		return e, hostlang.ReadToken
	case c == '\'':
		bd := &hostlang.Body{CloseAt: hostlang.CloseByte('\''), Escapes: hostlang.Backslash, Escape: rubySingleEscapeFor('\'', '\'')}
		v, e, _ := s.Decode(hostlang.View{B: src}, i+1, bd)
		s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
		return e, hostlang.ReadToken
	case c == '"' || c == '`':
		bd := &hostlang.Body{CloseAt: hostlang.CloseByte(c), Escapes: hostlang.Backslash, Escape: rubyEscape, Holes: rubyHoleStart, Hole: rubyHole}
		v, e, _ := s.Decode(hostlang.View{B: src}, i+1, bd)
		s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
		return e, hostlang.ReadToken
	case c == ':' && i+1 < len(src) && src[i+1] == '"' && !(i > 0 && src[i-1] == ':'):
		// A symbol written as a string: not a script.
		bd := &hostlang.Body{CloseAt: hostlang.CloseByte('"'), Escapes: hostlang.Backslash, Escape: rubyEscape, Holes: rubyHoleStart, Hole: rubyHole}
		_, e, _ := s.Decode(hostlang.View{B: src}, i+2, bd)
		s.Emit(hostlang.TkNumber, i, e)
		return e, hostlang.ReadToken
	case c == ':' && i+1 < len(src) && hostlang.IsIdentStart(src[i+1]) && !(i > 0 && (src[i-1] == ':' || hostlang.IsIdentPart(src[i-1]))):
		e := rubyNameEnd(src, i+1)
		s.Emit(hostlang.TkNumber, i, e)
		return e, hostlang.ReadToken
	case c == '%' && rubyPercentLiteral(s, i):
		return rubyPercent(s, i), hostlang.ReadToken
	case c == '<' && i+2 < len(src) && src[i+1] == '<' && rubyHeredocStart(s, i):
		return rubyHeredocOpen(s, i), hostlang.ReadToken
	case c == '/' && rubyRegexAllowed(s, i):
		if e, ok := s.RegexEnd(i); ok {
			s.Emit(hostlang.TkNumber, i, e)
			return e, hostlang.ReadToken
		}
		return s.Punct(i), hostlang.ReadToken
	case c == '?' && i+2 < len(src) && hostlang.IsIdentPart(src[i+1]) && !hostlang.IsIdentPart(src[i+2]) && rubyExprExpected(s):
		// A character literal ?a.
		s.Emit(hostlang.TkNumber, i, i+2)
		return i + 2, hostlang.ReadToken
	case c == '@' || c == '$' && i+1 < len(src) && (hostlang.IsIdentStart(src[i+1]) || src[i+1] == '!' || src[i+1] == '~'):
		e := i + 1
		for e < len(src) && src[e] == '@' {
			e++
		}
		e = hostlang.WordEnd(src, e, "")
		if e == i+1 && c == '$' {
			e = i + 2
		}
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	case hostlang.IsIdentStart(c):
		e := rubyNameEnd(src, i)
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	}
	return i, hostlang.NotRead
}

// rubyNameEnd is the end of a name, with a `?` or `!` suffix of a method
// name (not the start of `!=`, `?:` or a ternary's `? x`).
func rubyNameEnd(src []byte, i int) int {
	e := hostlang.WordEnd(src, i, "")
	if e < len(src) && (src[e] == '?' || src[e] == '!') && (e+1 >= len(src) || src[e+1] != '=' && src[e+1] != ':' && (src[e] == '!' || !hostlang.IsIdentPart(src[e+1]))) {
		e++
	}
	return e
}

// rubyExprExpected reports whether the last token leaves room for an
// operand (not after a name, a number, a literal or a closing bracket),
// keywords and method names used as commands aside.
func rubyExprExpected(s *hostlang.Scanner) bool {
	o := *s.Out()
	if len(o) == 0 {
		return true
	}
	t := o[len(o)-1]
	switch t.Kind {
	case hostlang.TkIdent:
		return rubyKeywordsBeforeExpr[string(s.Src[t.Start:t.End])]
	case hostlang.TkNumber, hostlang.TkString:
		return false
	case hostlang.TkPunct:
		p := s.Src[t.Start:t.End]
		return !(len(p) == 1 && (p[0] == ')' || p[0] == ']' || p[0] == '}'))
	}
	return true
}

// spaced reports whether a blank precedes i and none follows the
// operator of length n there: `x %(a)` or `puts <<EOS`, where Ruby reads a
// literal after a method name.
func spaced(src []byte, i, n int) bool {
	return i > 0 && (src[i-1] == ' ' || src[i-1] == '\t') && i+n < len(src) && src[i+n] != ' ' && src[i+n] != '='
}

func rubyRegexAllowed(s *hostlang.Scanner, i int) bool {
	if rubyExprExpected(s) {
		return true
	}
	o := *s.Out()
	return len(o) > 0 && o[len(o)-1].Kind == hostlang.TkIdent && spaced(s.Src, i, 1)
}

// rubyPercentLiteral reports whether the % at i opens a literal.
func rubyPercentLiteral(s *hostlang.Scanner, i int) bool {
	src := s.Src
	if i+1 >= len(src) {
		return false
	}
	c := src[i+1]
	letter := bytes.IndexByte([]byte("qQwWiIrsx"), c) >= 0
	if letter {
		if i+2 >= len(src) || hostlang.IsIdentPart(src[i+2]) || src[i+2] == ' ' || src[i+2] == '\n' {
			return false
		}
		return rubyExprExpected(s) || spaced(src, i, 1)
	}
	if hostlang.IsIdentPart(c) || c == ' ' || c == '\n' || c == '=' || c == '\t' || c == '\r' {
		return false
	}
	return rubyExprExpected(s) || spaced(src, i, 1)
}

var rubyPairs = map[byte]byte{'(': ')', '[': ']', '{': '}', '<': '>'}

// rubyPercent reads a %-literal at i.
func rubyPercent(s *hostlang.Scanner, i int) int {
	src := s.Src
	kind := byte('Q')
	j := i + 1
	if hostlang.IsIdentStart(src[j]) {
		kind = src[j]
		j++
	}
	open := src[j]
	closer, nests := rubyPairs[open]
	if !nests {
		closer = open
	}
	depth := 0
	closeAt := func(b []byte, k int) int {
		switch {
		case nests && b[k] == open:
			depth++
		case b[k] == closer:
			if depth == 0 {
				return 1
			}
			depth--
		}
		return 0
	}
	bd := &hostlang.Body{CloseAt: closeAt, Escapes: hostlang.Backslash}
	switch kind {
	case 'q', 'w', 'i', 's':
		bd.Escape = rubySingleEscapeFor(open, closer)
	default:
		bd.Escape = rubyEscape
		bd.Holes, bd.Hole = rubyHoleStart, rubyHole
	}
	v, e, _ := s.Decode(hostlang.View{B: src}, j+1, bd)
	switch kind {
	case 'q', 'Q':
		s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
	default:
		// Word and symbol lists, regexps, symbols, commands: no script.
		s.Emit(hostlang.TkNumber, i, e)
	}
	return e
}

// rubySingleEscapeFor: in single quotes (and %q) only the backslash and
// the delimiters are escaped.
func rubySingleEscapeFor(open, closer byte) func(v *hostlang.Value, r hostlang.View, k int) int {
	return func(v *hostlang.Value, r hostlang.View, k int) int {
		if k+1 < len(r.B) && (r.B[k+1] == '\\' || r.B[k+1] == open || r.B[k+1] == closer) {
			v.Add(r.B[k+1], r.Start(k), r.End(k+1))
			return 2
		}
		return 0
	}
}

var rubySimple = hostlang.SimpleEscapes("n\nt\ts r\ra\ab\be\x1bf\fv\v")

func rubyEscape(v *hostlang.Value, r hostlang.View, k int) int {
	b := r.B
	if k+1 >= len(b) {
		return 0
	}
	c := b[k+1]
	start := r.Start(k)
	switch {
	case c == '\n':
		return 2
	case c == '\r' && k+2 < len(b) && b[k+2] == '\n':
		return 3
	case rubySimple[c] >= 0:
		v.Add(byte(rubySimple[c]), start, r.End(k+1))
		return 2
	case c >= '0' && c <= '7':
		val, n := hostlang.OctRun(b, k+1, 3, 0o777)
		v.Add(byte(val), start, r.End(k+n))
		return 1 + n
	case c == 'x':
		if val, n, ok := hostlang.HexRun(b, k+2, 1, 2); ok {
			v.Add(byte(val), start, r.End(k+1+n))
			return 2 + n
		}
	case c == 'u' && k+2 < len(b) && b[k+2] == '{':
		// One or more code points: \u{41 42}.
		j := k + 3
		var runes []rune
		for j < len(b) && j < k+100 {
			for j < len(b) && b[j] == ' ' {
				j++
			}
			val, n, ok := hostlang.HexRun(b, j, 1, 6)
			if !ok {
				break
			}
			runes = append(runes, val)
			j += n
		}
		if len(runes) > 0 && j < len(b) && b[j] == '}' {
			for _, ru := range runes {
				hostlang.AddRune(v, ru, start, r.End(j))
			}
			return j + 1 - k
		}
	case c == 'u':
		if val, n, ok := hostlang.HexRun(b, k+2, 4, 4); ok {
			hostlang.AddRune(v, val, start, r.End(k+1+n))
			return 2 + n
		}
	}
	return hostlang.EscapedChar(v, r, k)
}

var rubyHoleStart = hostlang.ByteSet("#")

// rubyHole reads `#{...}`, `#@ivar`, `#@@cvar` or `#$gvar`.
func rubyHole(s *hostlang.Scanner, v *hostlang.Value, r hostlang.View, k int) int {
	b := r.B
	if k+1 >= len(b) {
		return k
	}
	switch b[k+1] {
	case '{':
		return hostlang.BraceHoleAt(s, v, r, k, "#{")
	case '@', '$':
		e := k + 2
		for e < len(b) && b[e] == '@' {
			e++
		}
		if e >= len(b) || !hostlang.IsIdentStart(b[e]) {
			return k
		}
		for e < len(b) && hostlang.IsIdentPart(b[e]) {
			e++
		}
		v.AddHole(hostlang.ValueHole{Start: r.Start(k), End: r.End(e - 1), InStart: r.Start(k + 1), InEnd: r.End(e - 1), Kind: hostlang.HoleInterp})
		return e
	}
	return k
}

// rubyHeredocStart reports whether `<<` at i opens a heredoc.
func rubyHeredocStart(s *hostlang.Scanner, i int) bool {
	src := s.Src
	j := i + 2
	squigglyOrDash := j < len(src) && (src[j] == '~' || src[j] == '-')
	if squigglyOrDash {
		j++
	}
	if j >= len(src) {
		return false
	}
	c := src[j]
	if !(hostlang.IsIdentStart(c) && c < 0x80 || c == '"' || c == '\'' || c == '`') {
		return false
	}
	if squigglyOrDash || c == '"' || c == '\'' || c == '`' {
		return rubyExprExpected(s) || i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '(')
	}
	return rubyExprExpected(s) || spaced(src, i, 2) && c >= 'A' && c <= 'Z'
}

// rubyHeredocOpen reads the opener at i (<<ID, <<-ID, <<~ID, with a
// quoted identifier or not) and queues the body, read at the next line
// end.
func rubyHeredocOpen(s *hostlang.Scanner, i int) int {
	j := i + 2
	h := hostlang.Heredoc{}
	switch s.Src[j] {
	case '~':
		h.Squiggly, h.Indented = true, true
		j++
	case '-':
		h.Indented = true
		j++
	}
	return s.OpenHeredoc(i, j, h)
}

// ruby is Ruby.
type ruby struct{}

func (ruby) String() string         { return "ruby" }
func (ruby) Extensions() []string   { return []string{".rb", ".rake"} }
func (ruby) Lexer() *hostlang.Lexer { return rubyLexer }
func (ruby) Keywords() string {
	return "alias and begin break case class def defined? do else elsif end ensure for if in module next not or redo " +
		"rescue retry return super then undef unless until when while yield puts print raise require"
}
func (ruby) Wrappers() map[string]string { return rubyWrappers }
func (ruby) APIs() []hostlang.API        { return rubyAPIs }
func (ruby) Traits() *hostlang.Traits    { return rubyTraits }

var rubyWrappers = map[string]string{"format": "printf", "sprintf": "printf", "String": "id"}

// rubyAPIs: redis-rb: eval(script, keys: [...], argv: [...]) or
// eval(script, [keys], [argv]); script(:load, src).
var rubyAPIs = []hostlang.API{
	{Client: "redis-rb", Name: "eval", Script: 0, Generic: true,
		Keys: []hostlang.KeysAt{{Kw: "keys", Form: hostlang.KeysList, Args: hostlang.ArgsList, ArgsKw: "argv", ArgsArg: 2}, hostlang.KeysList1Args2}},
	{Client: "redis-rb", Name: "script", Script: 1, GuardArg: 0, Guard: []string{":load", `"load"`, `'load'`}},
	{Client: "redis-rb", Name: "evalsha", Script: hostlang.NoScript},
}

var rubyTraits = &hostlang.Traits{
	LineComment:        "#",
	MemberOps:          []string{".", "::", "&."},
	ConcatOp:           "+",
	ShiftAppends:       true,
	AdjacentLiterals:   true,
	PercentFormat:      true,
	Untyped:            true,
	DefFunctions:       true,
	LineBlocks:         true,
	KeywordBlocks:      true,
	StatementModifiers: true,
	TrailingConditions: true,
	CommandCalls:       true,
	Symbols:            true,
}

// Lang is Ruby.
var Lang hostlang.Lang = ruby{}
