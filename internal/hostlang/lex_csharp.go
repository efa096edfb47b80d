package hostlang

import "strings"

// C#: regular strings, verbatim `@"..."` (`""` is a quote), interpolated
// `$"..."` and `$@"..."`, raw `"""..."""` strings (single-line, and
// multi-line with the closing line's indentation removed from every
// line), interpolated raw strings (`$$"""` takes `{{x}}` holes), char
// literals, comments and preprocessor lines.

var csLexer = &Lexer{Token: csToken}

func csToken(s *scanner, i int, _ bool) (int, Read) {
	src := s.src
	c := src[i]
	switch {
	case c == '#' && ownLine(src, i):
		// A preprocessor directive: its text (#region names...) is
		// no code.
		return lineEnd(src, i), ReadToken
	case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
		return s.slashComment(i, false), ReadToken
	case c == '"' || (c == '$' || c == '@') && csStringStart(src, i):
		return s.csString(i), ReadToken
	case c == '\'':
		return s.charLiteral(i), ReadToken
	case isIdentStart(c) || c == '@' && i+1 < len(src) && isIdentStart(src[i+1]):
		e := wordEnd(src, i+1, "")
		s.emit(tkIdent, i, e)
		return e, ReadToken
	}
	return i, NotRead
}

// csStringStart reports whether $ and @ prefixes at i lead to a quote.
func csStringStart(src []byte, i int) bool {
	for i < len(src) && (src[i] == '$' || src[i] == '@') {
		i++
	}
	return i < len(src) && src[i] == '"'
}

var csSimple = simpleEscapes("''\"\"\\\\0\x00a\ab\bf\fn\nr\rt\tv\ve\x1b")

func csEscape(v *value, r view, k int) int {
	b := r.b
	if k+1 >= len(b) {
		return 0
	}
	c := b[k+1]
	start := r.start(k)
	switch {
	case csSimple[c] >= 0:
		v.add(byte(csSimple[c]), start, r.end(k+1))
		return 2
	case c == 'x':
		if val, n, ok := hexRun(b, k+2, 1, 4); ok {
			addRune(v, val, start, r.end(k+1+n))
			return 2 + n
		}
	case c == 'u' || c == 'U':
		want := 4
		if c == 'U' {
			want = 8
		}
		if val, n, ok := hexRun(b, k+2, want, want); ok {
			addRune(v, val, start, r.end(k+1+n))
			return 2 + n
		}
	}
	return escapedChar(v, r, k)
}

// csVerbatimQuote: in a verbatim string `""` is one quote.
func csVerbatimQuote(v *value, r view, k int) int {
	if k+1 < len(r.b) && r.b[k+1] == '"' {
		v.add('"', r.start(k), r.end(k+1))
		return 2
	}
	return 0
}

var quoteSet = byteSet(`"`)

// csHoleFor returns the hole reader of an interpolated string with n
// dollars: holes open with n braces; `{{` in a one-dollar string is a
// brace, and fewer braces than n are text in a raw one.
func csHoleFor(n int, raw bool) func(s *scanner, v *value, r view, k int) int {
	open := ""
	for range n {
		open += "{"
	}
	return func(s *scanner, v *value, r view, k int) int {
		b := r.b
		if !raw && k+1 < len(b) && b[k+1] == b[k] {
			v.text.Append(b[k], r.start(k), r.end(k+1), true)
			return k + 2
		}
		if b[k] == '}' {
			return k
		}
		// In a raw string a run of more braces than n starts with text.
		j := k
		for j < len(b) && b[j] == '{' {
			j++
		}
		if j-k < n {
			return k
		}
		for x := k; x < j-n; x++ {
			v.add('{', r.start(x), r.end(x))
		}
		return csBraceHole(s, v, r, j-n, open)
	}
}

// csBraceHole reads a hole opened by open at k; the code ends at the first
// '}' outside nested braces, and the hole after as many braces as opened
// it.
func csBraceHole(s *scanner, v *value, r view, k int, open string) int {
	b := r.b
	inner := r.end(k + len(open) - 1)
	if k+len(open) < len(b) {
		inner = r.start(k + len(open))
	}
	closeOff := s.codeHole(inner)
	j := r.index(closeOff, k+len(open))
	h := hole{start: r.start(k), inStart: inner, inEnd: closeOff, kind: HoleInterp}
	// As many braces close the hole as open it: `{{x}}` in a C# raw
	// string with two dollars, one after Ruby's `#{x` or PHP's `${x`.
	closers := strings.Count(open, "{")
	n := 0
	for j+n < len(b) && n < closers && b[j+n] == '}' {
		n++
	}
	switch {
	case n > 0:
		h.end = r.end(j + n - 1)
		j += n
	case j < len(b):
		h.end = r.start(j)
	default:
		h.end = r.end(len(b) - 1)
	}
	h.inStart, h.inEnd = trimRange(s.src, h.inStart, min(h.inEnd, h.end))
	v.addHole(h)
	return j
}

var braceSet = byteSet("{}")

// csString reads any string literal at i, prefixes included.
func (s *scanner) csString(i int) int {
	src := s.src
	j := i
	dollars, verbatim := 0, false
	for j < len(src) && (src[j] == '$' || src[j] == '@') {
		if src[j] == '$' {
			dollars++
		} else {
			verbatim = true
		}
		j++
	}
	// j is at the first quote; count the quotes.
	q := j
	for q < len(src) && src[q] == '"' {
		q++
	}
	quotes := q - j
	if quotes >= 3 && !verbatim {
		return s.csRaw(i, j, quotes, dollars)
	}
	bd := &body{closeAt: closeByte('"')}
	switch {
	case verbatim:
		bd.escapes, bd.escape = quoteSet, csVerbatimQuote
	default:
		bd.nlEnds = true
		bd.escapes, bd.escape = backslash, csEscape
	}
	if dollars > 0 {
		bd.holes, bd.hole = braceSet, csHoleFor(1, false)
	}
	v, e, _ := s.decode(view{b: src}, j+1, bd)
	s.emitLit(literal{start: i, end: e, val: v})
	return e
}

// csRaw reads a raw string whose quotes (n of them) start at q.
func (s *scanner) csRaw(i, q, n, dollars int) int {
	src := s.src
	content := q + n
	// Single-line: the closing quotes are on the same line.
	eol := lineEnd(src, content)
	onlyBlank := true
	for x := content; x < eol; x++ {
		if src[x] != ' ' && src[x] != '\t' && src[x] != '\r' {
			onlyBlank = false
			break
		}
	}
	closeRun := func(x int) bool {
		m := 0
		for x+m < len(src) && src[x+m] == '"' {
			m++
		}
		return m == n
	}
	if !onlyBlank {
		end := content
		for end < eol && !(src[end] == '"' && closeRun(end)) {
			if src[end] == '"' {
				for end < eol && src[end] == '"' {
					end++
				}
				continue
			}
			end++
		}
		raw := rawView(src, content, end, false)
		v := s.csRawBody(raw, dollars)
		e := min(end+n, len(src))
		s.emitLit(literal{start: i, end: e, val: v})
		return e
	}
	// Multi-line: the content starts on the next line and ends before
	// the line holding only blanks and the closing quotes.
	start := min(eol+1, len(src))
	x := start
	closeLine, closeQuotes := -1, -1
	for x < len(src) {
		le := lineEnd(src, x)
		y := x
		for y < le && (src[y] == ' ' || src[y] == '\t') {
			y++
		}
		if y < le && src[y] == '"' && closeRun(y) {
			closeLine, closeQuotes = x, y
			break
		}
		x = le + 1
	}
	if closeLine < 0 {
		raw := rawView(src, start, len(src), false)
		v := s.csRawBody(raw, dollars)
		s.emitLit(literal{start: i, end: len(src), val: v})
		return len(src)
	}
	indent := src[closeLine:closeQuotes]
	// Lines start..closeLine, without the line end before the closing
	// line; each loses the closing line's indentation.
	t := newValue(closeLine - start)
	for x := start; x < closeLine; {
		le := lineEnd(src, x)
		from := x
		if len(indent) > 0 && le-x >= len(indent) && string(src[x:x+len(indent)]) == string(indent) {
			from = x + len(indent)
		} else {
			// A blank line may be shorter than the indentation.
			y := x
			for y < le && (src[y] == ' ' || src[y] == '\t' || src[y] == '\r') {
				y++
			}
			if y == le {
				from = le
			}
		}
		for y := from; y < le; y++ {
			t.add(src[y], y, y+1)
		}
		if le+1 < closeLine {
			t.add('\n', le, le+1)
		} else if t.text.Len() > 0 && t.text.At(t.text.Len()-1) == '\r' {
			// The last content line's "\r" belongs to its line end.
			t = t.slice(0, t.text.Len()-1)
		}
		x = le + 1
	}
	v := s.csRawBody(view{b: t.text.Bytes(), t: t.text}, dollars)
	e := min(closeQuotes+n, len(src))
	s.emitLit(literal{start: i, end: e, val: v})
	return e
}

// csRawBody decodes a raw string's content: no escapes; holes when
// interpolated.
func (s *scanner) csRawBody(r view, dollars int) *value {
	bd := &body{}
	if dollars > 0 {
		bd.holes, bd.hole = byteSet("{"), csHoleFor(dollars, true)
	}
	v, _, _ := s.decode(r, 0, bd)
	return v
}

// csharp is C#.
type csharp struct{}

func (csharp) String() string       { return "csharp" }
func (csharp) Extensions() []string { return []string{".cs"} }
func (csharp) Lexer() *Lexer        { return csLexer }
func (csharp) Keywords() string {
	return "abstract as base break case catch checked class const continue default delegate do else enum event " +
		"explicit extern finally fixed for foreach goto if implicit in interface internal is lock namespace new " +
		"operator out override params private protected public readonly ref return sealed sizeof stackalloc static " +
		"struct switch throw try typeof unchecked unsafe using virtual void volatile while var await async yield"
}
func (csharp) Wrappers() map[string]string { return csWrappers }
func (csharp) APIs() []API                 { return csAPIs }
func (csharp) Traits() *Traits             { return csTraits }

var csWrappers = map[string]string{"string.Format": "braces", "String.Format": "braces", "Encoding.UTF8.GetBytes": "id"}

// csAPIs: StackExchange.Redis. ScriptEvaluate(byte[] hash, ...) runs
// EVALSHA: a LoadedLuaScript's Hash is no script text (NotSHA).
var csAPIs = []API{
	{Client: "StackExchange.Redis", Name: "ScriptEvaluate", Script: 0, Keys: csEvalKeys, NotSHA: true},
	{Client: "StackExchange.Redis", Name: "ScriptEvaluateAsync", Script: 0, Keys: csEvalKeys, NotSHA: true},
	{Client: "StackExchange.Redis", Name: "ScriptEvaluateReadOnly", Script: 0, Keys: csEvalKeys, NotSHA: true},
	{Client: "StackExchange.Redis", Name: "ScriptEvaluateReadOnlyAsync", Script: 0, Keys: csEvalKeys, NotSHA: true},
	{Client: "StackExchange.Redis", Name: "ScriptLoad", Script: 0},
	{Client: "StackExchange.Redis", Name: "ScriptLoadAsync", Script: 0},
	{Client: "StackExchange.Redis", Recv: "LuaScript", Name: "Prepare", Script: 0, Params: true, Creates: true},
	{Client: "StackExchange.Redis", Name: "Evaluate", Script: Receiver, Runs: true},
	{Client: "StackExchange.Redis", Name: "EvaluateAsync", Script: Receiver, Runs: true},
}

// csEvalKeys: ScriptEvaluate(src, keys, values, flags), by position or
// by name.
var csEvalKeys = []KeysAt{{Arg: 1, Form: KeysList, Args: ArgsList, ArgsArg: 2, ArgsKw: "values"},
	{Kw: "keys", Form: KeysList, Args: ArgsList, ArgsArg: 2, ArgsKw: "values"}}

var csTraits = &Traits{
	MemberOps:       []string{".", "?.", "::"},
	ConcatOp:        "+",
	Generics:        true,
	ArrowLambdas:    true,
	ArrowProperties: true,
	BraceArrays:     true,
}
