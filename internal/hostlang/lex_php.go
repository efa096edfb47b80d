package hostlang

import "bytes"

// PHP: code inside <?php ... ?> (the rest is inline HTML), single-quoted
// strings, double-quoted strings and heredocs with escapes and
// interpolation (`$x`, `$x[k]`, `$x->p`, `{$expr}`, `${expr}`), nowdocs;
// PHP 7.3+ flexible heredocs lose the closing marker's indentation on
// every line. Comments: #, //, /* */ (but `#[` opens an attribute).

var phpLexer = &Lexer{Start: phpStart, Token: phpToken}

// phpStart: code starts after the open tag, except in a hole.
func phpStart(s *scanner, i int, hole bool) int {
	if !hole {
		i = phpOpenTag(s.src, i)
	}
	return i
}

func phpToken(s *scanner, i int, hole bool) (int, Read) {
	src := s.src
	c := src[i]
	switch {
	case c == '?' && i+1 < len(src) && src[i+1] == '>' && !hole:
		return phpOpenTag(src, i+2), ReadToken
	case c == '#' && !(i+1 < len(src) && src[i+1] == '['), c == '/' && i+1 < len(src) && src[i+1] == '/':
		e := phpLineCommentEnd(src, i)
		ts := i + 1
		if c == '/' {
			ts = i + 2
		}
		s.comment(i, e, ts, e)
		return e, ReadToken
	case c == '/' && i+1 < len(src) && src[i+1] == '*':
		return s.slashComment(i, false), ReadToken
	case c == '\'':
		bd := &body{closeAt: closeByte('\''), escapes: backslash, escape: phpSingleEscape}
		v, e, _ := s.decode(view{b: src}, i+1, bd)
		s.emitLit(literal{start: i, end: e, val: v})
		return e, ReadToken
	case c == '"' || c == '`':
		bd := &body{closeAt: closeByte(c), escapes: backslash, escape: phpEscapeFor(c),
			holes: phpHoleStart, hole: phpHole}
		v, e, _ := s.decode(view{b: src}, i+1, bd)
		s.emitLit(literal{start: i, end: e, val: v})
		return e, ReadToken
	case c == '<' && bytes.HasPrefix(src[i:], []byte("<<<")):
		if e, ok := s.phpHeredoc(i); ok {
			return e, ReadToken
		}
		return s.punct(i), ReadToken
	case c == '$' && i+1 < len(src) && (isIdentStart(src[i+1]) || src[i+1] == '$'):
		e := wordEnd(src, i+1, "$")
		s.emit(tkIdent, i, e)
		return e, ReadToken
	case isIdentStart(c):
		e := wordEnd(src, i, "")
		s.emit(tkIdent, i, e)
		return e, ReadToken
	}
	return i, NotRead
}

// phpOpenTag skips inline HTML from i to just after the next open tag
// (`<?php`, `<?=`, `<?`).
func phpOpenTag(src []byte, i int) int {
	j := bytes.Index(src[i:], []byte("<?"))
	if j < 0 {
		return len(src)
	}
	i += j + 2
	if len(src)-i >= 3 && bytes.EqualFold(src[i:i+3], []byte("php")) {
		return i + 3
	}
	if i < len(src) && src[i] == '=' {
		return i + 1
	}
	return i
}

// phpLineCommentEnd: a line comment ends at the line's end or at `?>`.
func phpLineCommentEnd(src []byte, i int) int {
	e := lineEnd(src, i)
	if j := bytes.Index(src[i:e], []byte("?>")); j >= 0 {
		return i + j
	}
	return e
}

// phpSingleEscape: only \' and \\ are escapes in single quotes.
func phpSingleEscape(v *value, r view, k int) int {
	if k+1 < len(r.b) && (r.b[k+1] == '\'' || r.b[k+1] == '\\') {
		v.add(r.b[k+1], r.start(k), r.end(k+1))
		return 2
	}
	return 0
}

var phpSimple = simpleEscapes("n\nt\tr\rv\ve\x1bf\f\\\\$$")

// phpEscapeFor returns the escape decoder of a double-quoted string (quote
// '"'), a backtick string, or a heredoc (quote 0): the quote of the
// literal is escaped only in its own kind.
func phpEscapeFor(quote byte) func(v *value, r view, k int) int {
	return func(v *value, r view, k int) int {
		b := r.b
		if k+1 >= len(b) {
			return 0
		}
		c := b[k+1]
		start := r.start(k)
		switch {
		case c == quote:
			v.add(c, start, r.end(k+1))
			return 2
		case phpSimple[c] >= 0:
			v.add(byte(phpSimple[c]), start, r.end(k+1))
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
			if val, n, ok := hexRun(b, k+3, 1, 8); ok && k+3+n < len(b) && b[k+3+n] == '}' {
				addRune(v, val, start, r.end(k+3+n))
				return 4 + n
			}
		}
		// Unknown escapes keep their backslash; the next byte is read
		// as text (so `\{` keeps `{$x}` from opening a hole).
		v.add('\\', start, r.end(k))
		if c == '{' {
			v.add(c, r.start(k+1), r.end(k+1))
			return 2
		}
		return 1
	}
}

var phpHoleStart = byteSet("${")

// phpHole reads an interpolation: `{$expr}`, `${expr}`, `$name`,
// `$name[key]`, `$name->prop`.
func phpHole(s *scanner, v *value, r view, k int) int {
	b := r.b
	if k+1 >= len(b) {
		return k
	}
	switch {
	case b[k] == '{' && b[k+1] == '$':
		return csBraceHole(s, v, r, k, "{")
	case b[k] == '$' && b[k+1] == '{':
		return csBraceHole(s, v, r, k, "${")
	case b[k] == '$' && isIdentStart(b[k+1]):
		e := k + 2
		for e < len(b) && isIdentPart(b[e]) {
			e++
		}
		switch {
		case e < len(b) && b[e] == '[':
			j := e + 1
			for j < len(b) && j < e+200 && b[j] != ']' && b[j] != '\n' && b[j] != '"' {
				j++
			}
			if j < len(b) && b[j] == ']' {
				e = j + 1
			}
		case e+2 < len(b) && b[e] == '-' && b[e+1] == '>' && isIdentStart(b[e+2]):
			e += 3
			for e < len(b) && isIdentPart(b[e]) {
				e++
			}
		case e+3 < len(b) && b[e] == '?' && b[e+1] == '-' && b[e+2] == '>' && isIdentStart(b[e+3]):
			e += 4
			for e < len(b) && isIdentPart(b[e]) {
				e++
			}
		}
		v.addHole(hole{start: r.start(k), end: r.end(e - 1), inStart: r.start(k), inEnd: r.end(e - 1), kind: HoleInterp})
		return e
	}
	return k
}

// phpHeredoc reads a heredoc or nowdoc at i (`<<<`); false when what
// follows is not one.
func (s *scanner) phpHeredoc(i int) (int, bool) {
	src := s.src
	j := i + 3
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	quote := byte(0)
	if j < len(src) && (src[j] == '\'' || src[j] == '"') {
		quote = src[j]
		j++
	}
	if j >= len(src) || !isIdentStart(src[j]) {
		return 0, false
	}
	idEnd := wordEnd(src, j, "")
	id := src[j:idEnd]
	k := idEnd
	if quote != 0 {
		if k >= len(src) || src[k] != quote {
			return 0, false
		}
		k++
	}
	if k < len(src) && src[k] == '\r' {
		k++
	}
	if k >= len(src) || src[k] != '\n' {
		return 0, false
	}
	bodyStart := k + 1
	// The closing line: blanks, the identifier, then no identifier byte.
	x := bodyStart
	closeLine, closeID := -1, -1
	for x <= len(src) {
		le := lineEnd(src, x)
		y := x
		for y < le && (src[y] == ' ' || src[y] == '\t') {
			y++
		}
		if bytes.HasPrefix(src[y:le], id) && (y+len(id) == len(src) || !isIdentPart(src[y+len(id)])) {
			closeLine, closeID = x, y
			break
		}
		if le >= len(src) {
			break
		}
		x = le + 1
	}
	end := 0
	var raw *value
	if closeLine < 0 {
		raw = newValue(len(src) - bodyStart)
		for y := bodyStart; y < len(src); y++ {
			raw.add(src[y], y, y+1)
		}
		end = len(src)
	} else {
		indent := closeID - closeLine
		raw = newValue(closeLine - bodyStart)
		for y := bodyStart; y < closeLine; {
			le := lineEnd(src, y)
			from := y
			n := 0
			for from < le && n < indent && (src[from] == ' ' || src[from] == '\t') {
				from++
				n++
			}
			for z := from; z < le; z++ {
				raw.add(src[z], z, z+1)
			}
			// The line end before the closing line is not content.
			if le+1 < closeLine {
				raw.add('\n', le, le+1)
			}
			y = le + 1
		}
		// ...nor is the "\r" of a "\r\n" before it.
		if n := raw.text.Len(); n > 0 && raw.text.At(n-1) == '\r' {
			raw = raw.slice(0, n-1)
		}
		end = closeID + len(id)
	}
	var v *value
	if quote == '\'' {
		v = raw
	} else {
		bd := &body{escapes: backslash, escape: phpEscapeFor(0), holes: phpHoleStart, hole: phpHole}
		v, _, _ = s.decode(view{b: raw.text.Bytes(), t: raw.text}, 0, bd)
	}
	s.emitLit(literal{start: i, end: end, val: v})
	return end, true
}

// php is PHP.
type php struct{}

func (php) String() string       { return "php" }
func (php) Extensions() []string { return []string{".php"} }
func (php) Lexer() *Lexer        { return phpLexer }
func (php) Keywords() string {
	return "abstract and as break callable case catch class clone const continue declare default do echo else elseif " +
		"enddeclare endfor endforeach endif endswitch endwhile extends final finally fn for foreach function global " +
		"goto if implements include include_once instanceof insteadof interface namespace new or print private " +
		"protected public readonly require require_once return static switch throw trait try use var while xor yield"
}
func (php) Wrappers() map[string]string { return phpWrappers }
func (php) APIs() []API                 { return phpAPIs }
func (php) Traits() *Traits             { return phpTraits }

var phpWrappers = map[string]string{"sprintf": "printf", "trim": "trim", "ltrim": "ltrim", "rtrim": "rtrim", "strval": "id"}

// phpAPIs: Predis, phpredis, Laravel's Redis facade and connections.
// phpredis takes eval($script, $args, $numKeys).
var phpAPIs = []API{
	{Client: "Predis, phpredis, Laravel", Name: "eval", Script: 0, Generic: true,
		Keys: phpEvalKeys},
	{Client: "phpredis", Name: "evalRo", Script: 0, Keys: phpEvalKeys},
	{Client: "Predis, phpredis", Name: "evalsha", Script: NoScript},
}

// phpEvalKeys: Predis eval($src, $numkeys, ...$keysAndArgs), phpredis
// eval($src, [$keysAndArgs], $numkeys).
var phpEvalKeys = []KeysAt{keysNumArg1, {Arg: 2, Form: KeysCount, Args: ArgsList, ArgsArg: 1}}

var phpTraits = &Traits{
	MemberOps:  []string{"->", "?->", "::"},
	ConcatOp:   ".",
	DefineFunc: "define",
}
