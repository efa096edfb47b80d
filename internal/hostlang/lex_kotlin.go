package hostlang

// Kotlin: strings with escapes and `$name`/`${...}` templates, raw strings
// `"""..."""` (templates but no escapes; trimIndent and trimMargin are
// applied by the walker when called on the literal), char literals,
// nested block comments, and newlines that end statements outside ( and [.

var kotlinLexer = &Lexer{Start: hashbang, Token: kotlinToken, Newlines: NewlinesOutsideParens}

func kotlinToken(s *scanner, i int, _ bool) (int, Read) {
	src := s.src
	c := src[i]
	switch {
	case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
		return s.slashComment(i, true), ReadToken
	case c == '"' && i+2 < len(src) && src[i+1] == '"' && src[i+2] == '"':
		bd := &body{closeAt: kotlinRawClose, holes: kotlinHoleStart, hole: kotlinHole}
		v, e, _ := s.decode(view{b: src}, i+3, bd)
		s.emitLit(literal{start: i, end: e, val: v})
		return e, ReadToken
	case c == '"':
		bd := &body{closeAt: closeByte('"'), nlEnds: true, escapes: backslash, escape: kotlinEscape,
			holes: kotlinHoleStart, hole: kotlinHole}
		v, e, _ := s.decode(view{b: src}, i+1, bd)
		s.emitLit(literal{start: i, end: e, val: v})
		return e, ReadToken
	case c == '\'':
		return s.charLiteral(i), ReadToken
	case c == '`':
		// A backquoted name.
		e := i + 1
		for e < len(src) && src[e] != '`' && src[e] != '\n' {
			e++
		}
		e = min(e+1, len(src))
		s.emit(tkIdent, i, e)
		return e, ReadToken
	case isIdentStart(c) || c == '@':
		e := wordEnd(src, i+1, "")
		s.emit(tkIdent, i, e)
		return e, ReadToken
	}
	return i, NotRead
}

// kotlinRawClose: a raw string ends at the last three quotes of a run
// (`""""` is a quote and the end).
func kotlinRawClose(b []byte, k int) int {
	if k+3 <= len(b) && b[k] == '"' && b[k+1] == '"' && b[k+2] == '"' && (k+3 == len(b) || b[k+3] != '"') {
		return 3
	}
	return 0
}

var kotlinSimple = simpleEscapes("n\nt\tr\rb\b")

func kotlinEscape(v *value, r view, k int) int {
	b := r.b
	if k+1 >= len(b) {
		return 0
	}
	c := b[k+1]
	switch {
	case kotlinSimple[c] >= 0:
		v.add(byte(kotlinSimple[c]), r.start(k), r.end(k+1))
		return 2
	case c == 'u':
		if val, n, ok := hexRun(b, k+2, 4, 4); ok {
			addRune(v, val, r.start(k), r.end(k+1+n))
			return 2 + n
		}
	}
	return escapedChar(v, r, k)
}

var kotlinHoleStart = byteSet("$")

// kotlinHole reads `$name` or `${...}`. `${'$'}`, the way to write a dollar
// in a raw string, is the dollar itself.
func kotlinHole(s *scanner, v *value, r view, k int) int {
	b := r.b
	if k+1 >= len(b) {
		return k
	}
	if b[k+1] == '{' {
		if k+5 < len(b) && (b[k+2] == '\'' || b[k+2] == '"') && b[k+4] == b[k+2] && b[k+5] == '}' && b[k+3] != '\\' {
			v.text.Append(b[k+3], r.start(k), r.end(k+5), false)
			return k + 6
		}
		return braceHole("${", "}")(s, v, r, k)
	}
	if isIdentStart(b[k+1]) && b[k+1] < 0x80 {
		e := k + 1
		for e < len(b) && isIdentPart(b[e]) && b[e] < 0x80 {
			e++
		}
		v.addHole(hole{start: r.start(k), end: r.end(e - 1), inStart: r.start(k + 1), inEnd: r.end(e - 1), kind: HoleInterp})
		return e
	}
	return k
}

// kotlin is Kotlin, which calls Java's clients (constructors without
// `new`).
type kotlin struct{}

func (kotlin) String() string       { return "kotlin" }
func (kotlin) Extensions() []string { return []string{".kt", ".kts"} }
func (kotlin) Lexer() *Lexer        { return kotlinLexer }
func (kotlin) Keywords() string {
	return "as break class continue do else for fun if in interface is object package return throw try typealias " +
		"typeof val var when while private public protected internal override open abstract final const companion " +
		"data sealed lateinit inline suspend import"
}
func (kotlin) Wrappers() map[string]string { return kotlinWrappers }
func (kotlin) APIs() []API                 { return javaAPIs }
func (kotlin) Traits() *Traits             { return kotlinTraits }

var kotlinWrappers = map[string]string{"String.format": "printf", "java.lang.String.format": "printf", "ByteBuffer.wrap": "id"}

var kotlinTraits = &Traits{
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
