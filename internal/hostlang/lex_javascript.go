package hostlang

// JavaScript and TypeScript: strings, template literals with `${}` holes
// (nested to any depth, each hole's code tokenized into the hole stream),
// String.raw templates, regular expression literals (told from division
// by the token before them, so that a quote inside a regex starts no
// string), comments and a hashbang line. JSX text is not told apart: an
// apostrophe in it starts a string that ends at the line's end, which
// keeps the damage to that line.

var jsKeywordsBeforeExpr = map[string]bool{
	"return": true, "typeof": true, "instanceof": true, "in": true, "of": true, "new": true,
	"delete": true, "void": true, "throw": true, "case": true, "do": true, "else": true,
	"yield": true, "await": true,
}

var jsLexer = &Lexer{Start: hashbang, Token: jsToken}

// hashbang reads a `#!` line at the file's start as a comment.
func hashbang(s *scanner, i int, _ bool) int {
	src := s.src
	if i == 0 && len(src) > 1 && src[0] == '#' && src[1] == '!' {
		e := lineEnd(src, 0)
		s.comment(0, e, 2, e)
		i = e
	}
	return i
}

func jsToken(s *scanner, i int, _ bool) (int, Read) {
	src := s.src
	c := src[i]
	switch {
	case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
		return s.slashComment(i, false), ReadToken
	case c == '\'' || c == '"':
		return s.jsString(i), ReadToken
	case c == '`':
		return s.jsTemplate(i), ReadToken
	case c == '/' && s.jsRegexAllowed():
		if e, ok := s.regexEnd(i); ok {
			s.emit(tkNumber, i, e)
			return e, ReadToken
		}
		return s.punct(i), ReadToken
	case isIdentStart(c) || c == '$' || c == '#' || c == '@':
		e := wordEnd(src, i+1, "$")
		s.emit(tkIdent, i, e)
		return e, ReadToken
	}
	return i, NotRead
}

// jsRegexAllowed reports whether a '/' here starts a regular expression:
// it does where an expression is expected.
func (s *scanner) jsRegexAllowed() bool {
	o := *s.out()
	if len(o) == 0 {
		return true
	}
	t := o[len(o)-1]
	switch t.kind {
	case tkIdent:
		return jsKeywordsBeforeExpr[string(s.src[t.start:t.end])]
	case tkNumber, tkString:
		return false
	case tkPunct:
		p := s.src[t.start:t.end]
		return !(len(p) == 1 && (p[0] == ')' || p[0] == ']'))
	}
	return true
}

// regexEnd returns the end of the regular expression literal at i (with
// its flags), or false when the line ends first. The bytes it reads are
// counted against a budget of a few times the file's size: once spent,
// a slash is a division, which keeps a long line of slashes and
// brackets linear.
func (s *scanner) regexEnd(i int) (int, bool) {
	if s.regexBudget == 0 {
		s.regexBudget = 4*len(s.src) + 4096
	}
	if s.regexBudget < 0 {
		return 0, false
	}
	e, ok := jsRegexEnd(s.src, i)
	s.regexBudget -= e - i
	if s.regexBudget == 0 {
		s.regexBudget = -1
	}
	return e, ok
}

// jsRegexEnd returns the end of the regular expression literal at i (with
// its flags), or false and where it stopped when the line ends first.
func jsRegexEnd(src []byte, i int) (int, bool) {
	j := i + 1
	class := false
	// A regular expression longer than this is taken for a division.
	for j < len(src) && j < i+maxRegex {
		switch src[j] {
		case '\\':
			j++
		case '[':
			class = true
		case ']':
			class = false
		case '/':
			if !class {
				return wordEnd(src, j+1, ""), true
			}
		case '\n', '\r':
			return j, false
		}
		j++
	}
	return min(j, len(src)), false
}

const maxRegex = 4096

var jsSimple = simpleEscapes("n\nt\tr\rb\bf\fv\v")

// jsEscape decodes a JavaScript escape sequence (strings and cooked
// templates).
func jsEscape(v *value, r view, k int) int {
	b := r.b
	if k+1 >= len(b) {
		return 0
	}
	c := b[k+1]
	start := r.start(k)
	switch {
	case c == '\n':
		return 2 // a line continuation adds nothing
	case c == '\r':
		if k+2 < len(b) && b[k+2] == '\n' {
			return 3
		}
		return 2
	case c == 0xE2 && k+3 < len(b) && b[k+2] == 0x80 && (b[k+3] == 0xA8 || b[k+3] == 0xA9):
		return 4 // U+2028 and U+2029 continue lines too
	case jsSimple[c] >= 0:
		v.add(byte(jsSimple[c]), start, r.end(k+1))
		return 2
	case c >= '0' && c <= '7':
		// \0 and the legacy octal escapes (sloppy mode): up to three
		// digits of value at most 255.
		val, n := octRun(b, k+1, 3, 255)
		addRune(v, rune(val), start, r.end(k+n))
		return 1 + n
	case c == 'x':
		if val, n, ok := hexRun(b, k+2, 2, 2); ok {
			addRune(v, val, start, r.end(k+1+n))
			return 2 + n
		}
	case c == 'u':
		val, n := jsUnicode(b, k)
		if n == 0 {
			break
		}
		// A surrogate pair written as two escapes is one character.
		if val >= 0xD800 && val < 0xDC00 && k+n+1 < len(b) && b[k+n] == '\\' && b[k+n+1] == 'u' {
			if lo, m := jsUnicode(b, k+n); m > 0 && lo >= 0xDC00 && lo < 0xE000 {
				addRune(v, (val-0xD800)<<10+(lo-0xDC00)+0x10000, start, r.end(k+n+m-1))
				return n + m
			}
		}
		addRune(v, val, start, r.end(k+n-1))
		return n
	}
	return escapedChar(v, r, k)
}

// jsUnicode reads `\uHHHH` or `\u{H...}` at k and returns the code point
// and the escape's length (0 when malformed).
func jsUnicode(b []byte, k int) (rune, int) {
	if k+2 < len(b) && b[k+2] == '{' {
		val, n, ok := hexRun(b, k+3, 1, 8)
		if ok && k+3+n < len(b) && b[k+3+n] == '}' {
			return val, 4 + n
		}
		return 0, 0
	}
	if val, n, ok := hexRun(b, k+2, 4, 4); ok {
		return val, 2 + n
	}
	return 0, 0
}

func (s *scanner) jsString(i int) int {
	bd := &body{closeAt: closeByte(s.src[i]), nlEnds: true, escapes: backslash, escape: jsEscape}
	v, e, _ := s.decode(view{b: s.src}, i+1, bd)
	s.emitLit(literal{start: i, end: e, val: v})
	return e
}

var jsHoleStart = byteSet("$")

// jsTemplate reads a template literal at i. A template tagged String.raw
// keeps its escapes as written.
func (s *scanner) jsTemplate(i int) int {
	bd := &body{closeAt: closeByte('`'), crlf: true, escapes: backslash, escape: jsEscape,
		holes: jsHoleStart, hole: braceHole("${", "}")}
	if s.lastIs("String", ".", "raw") {
		bd.escape = func(v *value, r view, k int) int {
			// A raw template keeps the backslash and the byte after it
			// (which then cannot end the template or open a hole).
			if k+1 >= len(r.b) {
				return 0
			}
			v.add('\\', r.start(k), r.end(k))
			v.add(r.b[k+1], r.start(k+1), r.end(k+1))
			return 2
		}
	}
	v, e, _ := s.decode(view{b: s.src}, i+1, bd)
	s.emitLit(literal{start: i, end: e, val: v})
	return e
}

// lastIs reports whether the last tokens of the current stream are the
// given identifiers and punctuation, in order.
func (s *scanner) lastIs(texts ...string) bool {
	o := *s.out()
	if len(o) < len(texts) {
		return false
	}
	o = o[len(o)-len(texts):]
	for i, t := range texts {
		if string(s.src[o[i].start:o[i].end]) != t {
			return false
		}
	}
	return true
}

// braceHole reads a hole opened by open (`${`, `#{`, `{`) whose code runs to
// the matching close brace, tokenizing the code into the hole stream.
func braceHole(open, close string) func(s *scanner, v *value, r view, k int) int {
	return func(s *scanner, v *value, r view, k int) int {
		b := r.b
		if k+len(open) > len(b) || string(b[k:k+len(open)]) != open {
			return k
		}
		inner := r.end(k + len(open) - 1)
		if k+len(open) < len(b) {
			inner = r.start(k + len(open))
		}
		closeOff := s.codeHole(inner)
		j := r.index(closeOff, k+len(open))
		h := hole{start: r.start(k), inStart: inner, inEnd: closeOff, kind: HoleInterp}
		switch {
		case j+len(close) <= len(b) && string(b[j:j+len(close)]) == close:
			h.end = r.end(j + len(close) - 1)
			j += len(close)
		case j < len(b):
			h.end = r.start(j)
		default:
			h.end = r.end(len(b) - 1)
		}
		h.inStart, h.inEnd = trimRange(s.src, h.inStart, min(h.inEnd, h.end))
		v.addHole(h)
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
func (s *scanner) codeHole(off int) int {
	if off >= len(s.src) {
		return len(s.src)
	}
	if s.depth >= maxDepth {
		return skipHoleNaive(s.src, off)
	}
	s.depth++
	saved := s.stack
	s.stack = nil
	end := s.code(off, true)
	s.stack = saved
	s.depth--
	s.sub = append(s.sub, token{kind: tkSep, start: end, end: end, lit: -1})
	return end
}

// javascript is JavaScript; typescript is TypeScript, read by the same
// tokenizer.
type javascript struct{}

func (javascript) String() string { return "javascript" }
func (javascript) Extensions() []string {
	return []string{".js", ".mjs", ".cjs", ".jsx"}
}
func (javascript) Lexer() *Lexer { return jsLexer }
func (javascript) Keywords() string {
	return jsKeywords
}
func (javascript) Wrappers() map[string]string { return jsWrappers }
func (javascript) APIs() []API                 { return jsAPIs }
func (javascript) Traits() *Traits             { return jsTraits }

const jsKeywords = "break case catch class const continue debugger default delete do else export extends finally for " +
	"function if import in instanceof let new return static super switch throw try typeof var void while with " +
	"yield await async of"

var jsWrappers = map[string]string{"String": "id", "dedent": "dedentjs", "Buffer.from": "id"}

// jsAPIs: ioredis and node-redis (v3 eval(script, numkeys, ...); v4
// eval(script, {keys, arguments}); @upstash/redis eval(script, keys,
// args)).
var jsAPIs = []API{
	{Client: "ioredis, node-redis, @upstash/redis", Name: "eval", Script: 0, Generic: true,
		Keys: jsEvalKeys},
	{Client: "node-redis", Name: "evalRo", Script: 0, Keys: jsEvalKeys},
	{Client: "ioredis", Name: "defineCommand", Script: 1, ScriptField: "lua",
		Keys: []KeysAt{{Arg: 1, Field: "numberOfKeys", Form: KeysCount}}},
	{Client: "node-redis", Name: "defineScript", Form: Function, Script: 0, ScriptField: "SCRIPT",
		Keys: []KeysAt{{Arg: 0, Field: "NUMBER_OF_KEYS", Form: KeysCount}}},
	{Client: "node-redis, @upstash/redis", Name: "scriptLoad", Script: 0},
	{Client: "node-redis", Name: "functionLoad", Script: 0},
	{Client: "ioredis, node-redis", Name: "evalsha", Script: NoScript},
}

// jsEvalKeys: ioredis eval(src, numkeys, ...keysAndArgs), @upstash/redis
// eval(src, [keys], [args]), node-redis v4 eval(src, {keys, arguments}).
var jsEvalKeys = []KeysAt{keysNumArg1, keysList1Args2,
	{Arg: 1, Field: "keys", Form: KeysList, Args: ArgsList, ArgsArg: 1, ArgsField: "arguments"}}

var jsTraits = &Traits{
	MemberOps:    []string{".", "?."},
	ConcatOp:     "+",
	Generics:     true,
	ArrowLambdas: true,
	QuotedKeys:   true,
	Spread:       SpreadArrays,
}

// typescript is TypeScript. Declaration files (.d.ts) hold no code and are
// TypeScript too: their literals are types, which the API and content
// tests leave alone.
type typescript struct{ javascript }

func (typescript) String() string { return "typescript" }
func (typescript) Extensions() []string {
	return []string{".ts", ".mts", ".cts", ".tsx"}
}
func (typescript) Keywords() string {
	return jsKeywords + " interface type enum declare namespace module abstract implements private protected public readonly as satisfies keyof"
}
func (typescript) Traits() *Traits { return tsTraits }

var tsTraits = func() *Traits {
	t := *jsTraits
	t.NonNullBang = true
	t.ColonReturnTypes = true
	return &t
}()
