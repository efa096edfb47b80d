package hostlang

import "bytes"

// Ruby: single- and double-quoted strings, %q/%Q/%() literals with any
// delimiter (bracket pairs nest), heredocs (<<ID, <<-ID, <<~ID with the
// squiggly dedent, quoted identifiers), `#{}`/`#@x`/`#$x` interpolation,
// symbols, regular expressions told from division by the token before
// them, `=begin`/`=end` and # comments, __END__, and newlines that end
// statements outside ( and [.

// rubyHeredoc is a heredoc whose body has not been read yet: it starts on
// the line after its opener.
type rubyHeredoc struct {
	lit         int
	id          []byte
	squiggly    bool
	indentedEnd bool // <<- and <<~: the closing identifier may be indented
	quote       byte // 0, '"', '\'', '`'
}

var rubyKeywordsBeforeExpr = map[string]bool{
	"return": true, "if": true, "unless": true, "while": true, "until": true, "and": true, "or": true,
	"not": true, "when": true, "in": true, "then": true, "else": true, "elsif": true, "do": true,
	"puts": true, "print": true, "raise": true, "yield": true, "case": true, "begin": true,
}

var rubyLexer = &Lexer{Token: rubyToken, AfterNewline: rubyAfterNewline, Newlines: NewlinesOutsideParens,
	LineContinuation: true, NoDotNumbers: true}

// rubyAfterNewline reads the bodies of the heredocs opened on the line that
// ended.
func rubyAfterNewline(s *scanner, i int) int {
	if len(s.heredocs) > 0 {
		return s.rubyHeredocBodies(i)
	}
	return i
}

func rubyToken(s *scanner, i int, hole bool) (int, Read) {
	src := s.src
	c := src[i]
	atLineStart := i == 0 || src[i-1] == '\n'
	switch {
	case atLineStart && !hole && bytes.HasPrefix(src[i:], []byte("=begin")) && (i+6 == len(src) || !isIdentPart(src[i+6])):
		e := i
		for {
			le := lineEnd(src, e)
			if le >= len(src) {
				e = len(src)
				break
			}
			e = le + 1
			if bytes.HasPrefix(src[e:], []byte("=end")) {
				e = lineEnd(src, e)
				break
			}
		}
		s.comment(i, e, min(i+6, e), e)
		return e, ReadToken
	case atLineStart && !hole && bytes.HasPrefix(src[i:], []byte("__END__")) && (i+7 == len(src) || src[i+7] == '\n' || src[i+7] == '\r'):
		return len(src), End
	case c == '#':
		e := lineEnd(src, i)
		s.comment(i, e, i+1, e)
		return e, ReadToken
	case c == '\'':
		bd := &body{closeAt: closeByte('\''), escapes: backslash, escape: rubySingleEscapeFor('\'', '\'')}
		v, e, _ := s.decode(view{b: src}, i+1, bd)
		s.emitLit(literal{start: i, end: e, val: v})
		return e, ReadToken
	case c == '"' || c == '`':
		bd := &body{closeAt: closeByte(c), escapes: backslash, escape: rubyEscape, holes: rubyHoleStart, hole: rubyHole}
		v, e, _ := s.decode(view{b: src}, i+1, bd)
		s.emitLit(literal{start: i, end: e, val: v})
		return e, ReadToken
	case c == ':' && i+1 < len(src) && src[i+1] == '"' && !(i > 0 && src[i-1] == ':'):
		// A symbol written as a string: not a script.
		bd := &body{closeAt: closeByte('"'), escapes: backslash, escape: rubyEscape, holes: rubyHoleStart, hole: rubyHole}
		_, e, _ := s.decode(view{b: src}, i+2, bd)
		s.emit(tkNumber, i, e)
		return e, ReadToken
	case c == ':' && i+1 < len(src) && isIdentStart(src[i+1]) && !(i > 0 && (src[i-1] == ':' || isIdentPart(src[i-1]))):
		e := rubyNameEnd(src, i+1)
		s.emit(tkNumber, i, e)
		return e, ReadToken
	case c == '%' && s.rubyPercentLiteral(i):
		return s.rubyPercent(i), ReadToken
	case c == '<' && i+2 < len(src) && src[i+1] == '<' && s.rubyHeredocStart(i):
		return s.rubyHeredocOpen(i), ReadToken
	case c == '/' && s.rubyRegexAllowed(i):
		if e, ok := s.regexEnd(i); ok {
			s.emit(tkNumber, i, e)
			return e, ReadToken
		}
		return s.punct(i), ReadToken
	case c == '?' && i+2 < len(src) && isIdentPart(src[i+1]) && !isIdentPart(src[i+2]) && s.rubyExprExpected():
		// A character literal ?a.
		s.emit(tkNumber, i, i+2)
		return i + 2, ReadToken
	case c == '@' || c == '$' && i+1 < len(src) && (isIdentStart(src[i+1]) || src[i+1] == '!' || src[i+1] == '~'):
		e := i + 1
		for e < len(src) && src[e] == '@' {
			e++
		}
		e = wordEnd(src, e, "")
		if e == i+1 && c == '$' {
			e = i + 2
		}
		s.emit(tkIdent, i, e)
		return e, ReadToken
	case isIdentStart(c):
		e := rubyNameEnd(src, i)
		s.emit(tkIdent, i, e)
		return e, ReadToken
	}
	return i, NotRead
}

// rubyNameEnd is the end of a name, with a `?` or `!` suffix of a method
// name (not the start of `!=`, `?:` or a ternary's `? x`).
func rubyNameEnd(src []byte, i int) int {
	e := wordEnd(src, i, "")
	if e < len(src) && (src[e] == '?' || src[e] == '!') && (e+1 >= len(src) || src[e+1] != '=' && src[e+1] != ':' && (src[e] == '!' || !isIdentPart(src[e+1]))) {
		e++
	}
	return e
}

// rubyExprExpected reports whether the last token leaves room for an
// operand (not after a name, a number, a literal or a closing bracket),
// keywords and method names used as commands aside.
func (s *scanner) rubyExprExpected() bool {
	o := *s.out()
	if len(o) == 0 {
		return true
	}
	t := o[len(o)-1]
	switch t.kind {
	case tkIdent:
		return rubyKeywordsBeforeExpr[string(s.src[t.start:t.end])]
	case tkNumber, tkString:
		return false
	case tkPunct:
		p := s.src[t.start:t.end]
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

func (s *scanner) rubyRegexAllowed(i int) bool {
	if s.rubyExprExpected() {
		return true
	}
	o := *s.out()
	return len(o) > 0 && o[len(o)-1].kind == tkIdent && spaced(s.src, i, 1)
}

// rubyPercentLiteral reports whether the % at i opens a literal.
func (s *scanner) rubyPercentLiteral(i int) bool {
	src := s.src
	if i+1 >= len(src) {
		return false
	}
	c := src[i+1]
	letter := bytes.IndexByte([]byte("qQwWiIrsx"), c) >= 0
	if letter {
		if i+2 >= len(src) || isIdentPart(src[i+2]) || src[i+2] == ' ' || src[i+2] == '\n' {
			return false
		}
		return s.rubyExprExpected() || spaced(src, i, 1)
	}
	if isIdentPart(c) || c == ' ' || c == '\n' || c == '=' || c == '\t' || c == '\r' {
		return false
	}
	return s.rubyExprExpected() || spaced(src, i, 1)
}

var rubyPairs = map[byte]byte{'(': ')', '[': ']', '{': '}', '<': '>'}

// rubyPercent reads a %-literal at i.
func (s *scanner) rubyPercent(i int) int {
	src := s.src
	kind := byte('Q')
	j := i + 1
	if isIdentStart(src[j]) {
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
	bd := &body{closeAt: closeAt, escapes: backslash}
	switch kind {
	case 'q', 'w', 'i', 's':
		bd.escape = rubySingleEscapeFor(open, closer)
	default:
		bd.escape = rubyEscape
		bd.holes, bd.hole = rubyHoleStart, rubyHole
	}
	v, e, _ := s.decode(view{b: src}, j+1, bd)
	switch kind {
	case 'q', 'Q':
		s.emitLit(literal{start: i, end: e, val: v})
	default:
		// Word and symbol lists, regexps, symbols, commands: no script.
		s.emit(tkNumber, i, e)
	}
	return e
}

// rubySingleEscapeFor: in single quotes (and %q) only the backslash and
// the delimiters are escaped.
func rubySingleEscapeFor(open, closer byte) func(v *value, r view, k int) int {
	return func(v *value, r view, k int) int {
		if k+1 < len(r.b) && (r.b[k+1] == '\\' || r.b[k+1] == open || r.b[k+1] == closer) {
			v.add(r.b[k+1], r.start(k), r.end(k+1))
			return 2
		}
		return 0
	}
}

var rubySimple = simpleEscapes("n\nt\ts r\ra\ab\be\x1bf\fv\v")

func rubyEscape(v *value, r view, k int) int {
	b := r.b
	if k+1 >= len(b) {
		return 0
	}
	c := b[k+1]
	start := r.start(k)
	switch {
	case c == '\n':
		return 2
	case c == '\r' && k+2 < len(b) && b[k+2] == '\n':
		return 3
	case rubySimple[c] >= 0:
		v.add(byte(rubySimple[c]), start, r.end(k+1))
		return 2
	case c >= '0' && c <= '7':
		val, n := octRun(b, k+1, 3, 0o777)
		v.add(byte(val), start, r.end(k+n))
		return 1 + n
	case c == 'x':
		if val, n, ok := hexRun(b, k+2, 1, 2); ok {
			v.add(byte(val), start, r.end(k+1+n))
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
			val, n, ok := hexRun(b, j, 1, 6)
			if !ok {
				break
			}
			runes = append(runes, val)
			j += n
		}
		if len(runes) > 0 && j < len(b) && b[j] == '}' {
			for _, ru := range runes {
				addRune(v, ru, start, r.end(j))
			}
			return j + 1 - k
		}
	case c == 'u':
		if val, n, ok := hexRun(b, k+2, 4, 4); ok {
			addRune(v, val, start, r.end(k+1+n))
			return 2 + n
		}
	}
	return escapedChar(v, r, k)
}

var rubyHoleStart = byteSet("#")

// rubyHole reads `#{...}`, `#@ivar`, `#@@cvar` or `#$gvar`.
func rubyHole(s *scanner, v *value, r view, k int) int {
	b := r.b
	if k+1 >= len(b) {
		return k
	}
	switch b[k+1] {
	case '{':
		return csBraceHole(s, v, r, k, "#{")
	case '@', '$':
		e := k + 2
		for e < len(b) && b[e] == '@' {
			e++
		}
		if e >= len(b) || !isIdentStart(b[e]) {
			return k
		}
		for e < len(b) && isIdentPart(b[e]) {
			e++
		}
		v.addHole(hole{start: r.start(k), end: r.end(e - 1), inStart: r.start(k + 1), inEnd: r.end(e - 1), kind: HoleInterp})
		return e
	}
	return k
}

// rubyHeredocStart reports whether `<<` at i opens a heredoc.
func (s *scanner) rubyHeredocStart(i int) bool {
	src := s.src
	j := i + 2
	squigglyOrDash := j < len(src) && (src[j] == '~' || src[j] == '-')
	if squigglyOrDash {
		j++
	}
	if j >= len(src) {
		return false
	}
	c := src[j]
	if !(isIdentStart(c) && c < 0x80 || c == '"' || c == '\'' || c == '`') {
		return false
	}
	if squigglyOrDash || c == '"' || c == '\'' || c == '`' {
		return s.rubyExprExpected() || i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '(')
	}
	return s.rubyExprExpected() || spaced(src, i, 2) && c >= 'A' && c <= 'Z'
}

// rubyHeredocOpen reads the opener at i and queues the body, read at the
// next line end.
func (s *scanner) rubyHeredocOpen(i int) int {
	src := s.src
	j := i + 2
	h := rubyHeredoc{}
	switch src[j] {
	case '~':
		h.squiggly, h.indentedEnd = true, true
		j++
	case '-':
		h.indentedEnd = true
		j++
	}
	if src[j] == '"' || src[j] == '\'' || src[j] == '`' {
		h.quote = src[j]
		k := j + 1
		for k < len(src) && src[k] != h.quote && src[k] != '\n' {
			k++
		}
		h.id = src[j+1 : k]
		j = min(k+1, len(src))
	} else {
		k := wordEnd(src, j, "")
		h.id = src[j:k]
		j = k
	}
	s.emitLit(literal{start: i, end: j, val: newValue(0)})
	h.lit = len(s.lits) - 1
	if len(s.heredocs) < 1000 {
		s.heredocs = append(s.heredocs, h)
	}
	return j
}

// rubyHeredocBodies reads the bodies of the queued heredocs from i (the
// start of the line after their openers) and returns where code resumes.
func (s *scanner) rubyHeredocBodies(i int) int {
	src := s.src
	pending := s.heredocs
	s.heredocs = nil
	for _, h := range pending {
		bodyStart := i
		closeStart, closeEnd := -1, -1
		x := i
		for x < len(src) {
			le := lineEnd(src, x)
			y := x
			if h.indentedEnd {
				for y < le && (src[y] == ' ' || src[y] == '\t') {
					y++
				}
			}
			rest := src[y:le]
			rest = bytes.TrimSuffix(rest, []byte("\r"))
			if len(h.id) > 0 && bytes.Equal(rest, h.id) {
				closeStart, closeEnd = x, le
				break
			}
			x = le + 1
		}
		bodyEnd := closeStart
		next := closeEnd + 1
		if closeStart < 0 {
			bodyEnd, next = len(src), len(src)
		}
		next = min(next, len(src))
		raw := newValue(bodyEnd - bodyStart)
		for y := bodyStart; y < bodyEnd; y++ {
			if src[y] == '\r' && y+1 < bodyEnd && src[y+1] == '\n' {
				// Ruby reads "\r\n" as "\n".
				raw.add('\n', y, y+2)
				y++
				continue
			}
			raw.add(src[y], y, y+1)
		}
		if h.squiggly {
			raw = rubySquiggly(raw)
		}
		v := raw
		if h.quote != '\'' {
			bd := &body{escapes: backslash, escape: rubyEscape, holes: rubyHoleStart, hole: rubyHole}
			v, _, _ = s.decode(view{b: raw.text.Bytes(), t: raw.text}, 0, bd)
		}
		l := &s.lits[h.lit]
		l.val = v
		l.bodyStart, l.bodyEnd = bodyStart, max(bodyStart, min(next, len(src)))
		i = next
	}
	return i
}

// rubySquiggly removes the indentation of the least indented line from
// every line, as Ruby does for <<~ (on the raw text, so an escaped blank
// is no indentation): lines of blanks count for nothing, a tab advances
// to the next multiple of 8, a tab that would pass the width stays.
func rubySquiggly(v *value) *value {
	b := v.text.Bytes()
	ls := splitLines(b)
	width := -1
	for _, l := range ls {
		col, y := 0, l.start
		for y < l.end && (b[y] == ' ' || b[y] == '\t') {
			if b[y] == '\t' {
				col = 8 * (col/8 + 1)
			} else {
				col++
			}
			y++
		}
		if y == l.end {
			continue
		}
		if width < 0 || col < width {
			width = col
		}
	}
	if width <= 0 {
		return v
	}
	keep := make([]bool, len(b))
	for _, l := range ls {
		col, y := 0, l.start
		for y < l.end && col < width {
			if b[y] == ' ' {
				col++
			} else if b[y] == '\t' {
				n := 8 * (col/8 + 1)
				if n > width {
					break
				}
				col = n
			} else {
				break
			}
			y++
		}
		for z := y; z < l.end+l.term; z++ {
			keep[z] = true
		}
	}
	return v.keep(keep)
}

// ruby is Ruby.
type ruby struct{}

func (ruby) String() string       { return "ruby" }
func (ruby) Extensions() []string { return []string{".rb", ".rake"} }
func (ruby) Lexer() *Lexer        { return rubyLexer }
func (ruby) Keywords() string {
	return "alias and begin break case class def defined? do else elsif end ensure for if in module next not or redo " +
		"rescue retry return super then undef unless until when while yield puts print raise require"
}
func (ruby) Wrappers() map[string]string { return rubyWrappers }
func (ruby) APIs() []API                 { return rubyAPIs }
func (ruby) Traits() *Traits             { return rubyTraits }

var rubyWrappers = map[string]string{"format": "printf", "sprintf": "printf", "String": "id"}

// rubyAPIs: redis-rb: eval(script, keys: [...], argv: [...]) or
// eval(script, [keys], [argv]); script(:load, src).
var rubyAPIs = []API{
	{Client: "redis-rb", Name: "eval", Script: 0, Generic: true,
		Keys: []KeysAt{{Kw: "keys", Form: KeysList, Args: ArgsList, ArgsKw: "argv", ArgsArg: 2}, keysList1Args2}},
	{Client: "redis-rb", Name: "script", Script: 1, GuardArg: 0, Guard: []string{":load", `"load"`, `'load'`}},
	{Client: "redis-rb", Name: "evalsha", Script: NoScript},
}

var rubyTraits = &Traits{
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
