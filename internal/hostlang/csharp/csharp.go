// Package csharp is the C# host language.
package csharp

import "github.com/lint-lua/lint-lua/internal/hostlang"

// C#: regular strings, verbatim `@"..."` (`""` is a quote), interpolated
// `$"..."` and `$@"..."`, raw `"""..."""` strings (single-line, and
// multi-line with the closing line's indentation removed from every
// line), interpolated raw strings (`$$"""` takes `{{x}}` holes), char
// literals, comments and preprocessor lines.

var csLexer = &hostlang.Lexer{Token: csToken}

func csToken(s *hostlang.Scanner, i int, _ bool) (int, hostlang.Read) {
	src := s.Src
	c := src[i]
	switch {
	case c == '#' && hostlang.OwnLine(src, i):
		// A preprocessor directive: its text (#region names...) is
		// no code.
		return hostlang.LineEnd(src, i), hostlang.ReadToken
	case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
		return s.SlashComment(i, false), hostlang.ReadToken
	case c == '"' || (c == '$' || c == '@') && csStringStart(src, i):
		return csString(s, i), hostlang.ReadToken
	case c == '\'':
		return s.CharLiteral(i), hostlang.ReadToken
	case hostlang.IsIdentStart(c) || c == '@' && i+1 < len(src) && hostlang.IsIdentStart(src[i+1]):
		e := hostlang.WordEnd(src, i+1, "")
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	}
	return i, hostlang.NotRead
}

// csStringStart reports whether $ and @ prefixes at i lead to a quote.
func csStringStart(src []byte, i int) bool {
	for i < len(src) && (src[i] == '$' || src[i] == '@') {
		i++
	}
	return i < len(src) && src[i] == '"'
}

var csSimple = hostlang.SimpleEscapes("''\"\"\\\\0\x00a\ab\bf\fn\nr\rt\tv\ve\x1b")

func csEscape(v *hostlang.Value, r hostlang.View, k int) int {
	b := r.B
	if k+1 >= len(b) {
		return 0
	}
	c := b[k+1]
	start := r.Start(k)
	switch {
	case csSimple[c] >= 0:
		v.Add(byte(csSimple[c]), start, r.End(k+1))
		return 2
	case c == 'x':
		if val, n, ok := hostlang.HexRun(b, k+2, 1, 4); ok {
			hostlang.AddRune(v, val, start, r.End(k+1+n))
			return 2 + n
		}
	case c == 'u' || c == 'U':
		want := 4
		if c == 'U' {
			want = 8
		}
		if val, n, ok := hostlang.HexRun(b, k+2, want, want); ok {
			hostlang.AddRune(v, val, start, r.End(k+1+n))
			return 2 + n
		}
	}
	return hostlang.EscapedChar(v, r, k)
}

// csVerbatimQuote: in a verbatim string `""` is one quote.
func csVerbatimQuote(v *hostlang.Value, r hostlang.View, k int) int {
	if k+1 < len(r.B) && r.B[k+1] == '"' {
		v.Add('"', r.Start(k), r.End(k+1))
		return 2
	}
	return 0
}

var quoteSet = hostlang.ByteSet(`"`)

// csHoleFor returns the hole reader of an interpolated string with n
// dollars: holes open with n braces; `{{` in a one-dollar string is a
// brace, and fewer braces than n are text in a raw one.
func csHoleFor(n int, raw bool) func(s *hostlang.Scanner, v *hostlang.Value, r hostlang.View, k int) int {
	open := ""
	for range n {
		open += "{"
	}
	return func(s *hostlang.Scanner, v *hostlang.Value, r hostlang.View, k int) int {
		b := r.B
		if !raw && k+1 < len(b) && b[k+1] == b[k] {
			v.Text.Append(b[k], r.Start(k), r.End(k+1), true)
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
			v.Add('{', r.Start(x), r.End(x))
		}
		return hostlang.BraceHoleAt(s, v, r, j-n, open)
	}
}

var braceSet = hostlang.ByteSet("{}")

// csString reads any string literal at i, prefixes included.
func csString(s *hostlang.Scanner, i int) int {
	src := s.Src
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
		return csRaw(s, i, j, quotes, dollars)
	}
	bd := &hostlang.Body{CloseAt: hostlang.CloseByte('"')}
	switch {
	case verbatim:
		bd.Escapes, bd.Escape = quoteSet, csVerbatimQuote
	default:
		bd.NlEnds = true
		bd.Escapes, bd.Escape = hostlang.Backslash, csEscape
	}
	if dollars > 0 {
		bd.Holes, bd.Hole = braceSet, csHoleFor(1, false)
	}
	v, e, _ := s.Decode(hostlang.View{B: src}, j+1, bd)
	s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
	return e
}

// csRaw reads a raw string whose quotes (n of them) start at q.
func csRaw(s *hostlang.Scanner, i, q, n, dollars int) int {
	src := s.Src
	content := q + n
	// Single-line: the closing quotes are on the same line.
	eol := hostlang.LineEnd(src, content)
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
		raw := hostlang.RawView(src, content, end, false)
		v := csRawBody(s, raw, dollars)
		e := min(end+n, len(src))
		s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
		return e
	}
	// Multi-line: the content starts on the next line and ends before
	// the line holding only blanks and the closing quotes.
	start := min(eol+1, len(src))
	x := start
	closeLine, closeQuotes := -1, -1
	for x < len(src) {
		le := hostlang.LineEnd(src, x)
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
		raw := hostlang.RawView(src, start, len(src), false)
		v := csRawBody(s, raw, dollars)
		s.EmitLit(hostlang.Literal{Start: i, End: len(src), Val: v})
		return len(src)
	}
	indent := src[closeLine:closeQuotes]
	// Lines start..closeLine, without the line end before the closing
	// line; each loses the closing line's indentation.
	t := hostlang.NewValue(closeLine - start)
	for x := start; x < closeLine; {
		le := hostlang.LineEnd(src, x)
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
			t.Add(src[y], y, y+1)
		}
		if le+1 < closeLine {
			t.Add('\n', le, le+1)
		} else if t.Text.Len() > 0 && t.Text.At(t.Text.Len()-1) == '\r' {
			// The last content line's "\r" belongs to its line end.
			t = t.Slice(0, t.Text.Len()-1)
		}
		x = le + 1
	}
	v := csRawBody(s, hostlang.View{B: t.Text.Bytes(), T: t.Text}, dollars)
	e := min(closeQuotes+n, len(src))
	s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
	return e
}

// csRawBody decodes a raw string's content: no escapes; holes when
// interpolated.
func csRawBody(s *hostlang.Scanner, r hostlang.View, dollars int) *hostlang.Value {
	bd := &hostlang.Body{}
	if dollars > 0 {
		bd.Holes, bd.Hole = hostlang.ByteSet("{"), csHoleFor(dollars, true)
	}
	v, _, _ := s.Decode(r, 0, bd)
	return v
}

// csharp is C#.
type csharp struct{}

func (csharp) String() string         { return "csharp" }
func (csharp) Extensions() []string   { return []string{".cs"} }
func (csharp) Lexer() *hostlang.Lexer { return csLexer }
func (csharp) Keywords() string {
	return "abstract as base break case catch checked class const continue default delegate do else enum event " +
		"explicit extern finally fixed for foreach goto if implicit in interface internal is lock namespace new " +
		"operator out override params private protected public readonly ref return sealed sizeof stackalloc static " +
		"struct switch throw try typeof unchecked unsafe using virtual void volatile while var await async yield"
}
func (csharp) Wrappers() map[string]string { return csWrappers }
func (csharp) APIs() []hostlang.API        { return csAPIs }
func (csharp) Traits() *hostlang.Traits    { return csTraits }

var csWrappers = map[string]string{"string.Format": "braces", "String.Format": "braces", "Encoding.UTF8.GetBytes": "id"}

// csAPIs: StackExchange.Redis. ScriptEvaluate(byte[] hash, ...) runs
// EVALSHA: a LoadedLuaScript's Hash is no script text (NotSHA).
var csAPIs = []hostlang.API{
	{Client: "StackExchange.Redis", Name: "ScriptEvaluate", Script: 0, Keys: csEvalKeys, NotSHA: true},
	{Client: "StackExchange.Redis", Name: "ScriptEvaluateAsync", Script: 0, Keys: csEvalKeys, NotSHA: true},
	{Client: "StackExchange.Redis", Name: "ScriptEvaluateReadOnly", Script: 0, Keys: csEvalKeys, NotSHA: true},
	{Client: "StackExchange.Redis", Name: "ScriptEvaluateReadOnlyAsync", Script: 0, Keys: csEvalKeys, NotSHA: true},
	{Client: "StackExchange.Redis", Name: "ScriptLoad", Script: 0},
	{Client: "StackExchange.Redis", Name: "ScriptLoadAsync", Script: 0},
	{Client: "StackExchange.Redis", Recv: "LuaScript", Name: "Prepare", Script: 0, Template: hostlang.LuaScriptFound, Creates: true},
	{Client: "StackExchange.Redis", Name: "Evaluate", Script: hostlang.Receiver, Runs: true},
	{Client: "StackExchange.Redis", Name: "EvaluateAsync", Script: hostlang.Receiver, Runs: true},
}

// csEvalKeys: ScriptEvaluate(src, keys, values, flags), by position or
// by name.
var csEvalKeys = []hostlang.KeysAt{{Arg: 1, Form: hostlang.KeysList, Args: hostlang.ArgsList, ArgsArg: 2, ArgsKw: "values"},
	{Kw: "keys", Form: hostlang.KeysList, Args: hostlang.ArgsList, ArgsArg: 2, ArgsKw: "values"}}

var csTraits = &hostlang.Traits{
	MemberOps:       []string{".", "?.", "::"},
	ConcatOp:        "+",
	Generics:        true,
	ArrowLambdas:    true,
	ArrowProperties: true,
	BraceArrays:     true,
}

// Lang is C#.
var Lang hostlang.Lang = csharp{}
