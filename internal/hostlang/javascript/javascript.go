// Package javascript is the JavaScript and TypeScript host languages.
package javascript

import "github.com/lint-lua/lint-lua/internal/hostlang"

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

var jsLexer = &hostlang.Lexer{Start: hostlang.Hashbang, Token: jsToken}

func jsToken(s *hostlang.Scanner, i int, _ bool) (int, hostlang.Read) {
	src := s.Src
	c := src[i]
	switch {
	case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
		return s.SlashComment(i, false), hostlang.ReadToken
	case c == '\'' || c == '"':
		return jsString(s, i), hostlang.ReadToken
	case c == '`':
		return jsTemplate(s, i), hostlang.ReadToken
	case c == '/' && jsRegexAllowed(s):
		if e, ok := s.RegexEnd(i); ok {
			s.Emit(hostlang.TkNumber, i, e)
			return e, hostlang.ReadToken
		}
		return s.Punct(i), hostlang.ReadToken
	case hostlang.IsIdentStart(c) || c == '$' || c == '#' || c == '@':
		e := hostlang.WordEnd(src, i+1, "$")
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	}
	return i, hostlang.NotRead
}

// jsRegexAllowed reports whether a '/' here starts a regular expression:
// it does where an expression is expected.
func jsRegexAllowed(s *hostlang.Scanner) bool {
	o := *s.Out()
	if len(o) == 0 {
		return true
	}
	t := o[len(o)-1]
	switch t.Kind {
	case hostlang.TkIdent:
		return jsKeywordsBeforeExpr[string(s.Src[t.Start:t.End])]
	case hostlang.TkNumber, hostlang.TkString:
		return false
	case hostlang.TkPunct:
		p := s.Src[t.Start:t.End]
		return !(len(p) == 1 && (p[0] == ')' || p[0] == ']'))
	}
	return true
}

var jsSimple = hostlang.SimpleEscapes("n\nt\tr\rb\bf\fv\v")

// jsEscape decodes a JavaScript escape sequence (strings and cooked
// templates).
func jsEscape(v *hostlang.Value, r hostlang.View, k int) int {
	b := r.B
	if k+1 >= len(b) {
		return 0
	}
	c := b[k+1]
	start := r.Start(k)
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
		v.Add(byte(jsSimple[c]), start, r.End(k+1))
		return 2
	case c >= '0' && c <= '7':
		// \0 and the legacy octal escapes (sloppy mode): up to three
		// digits of value at most 255.
		val, n := hostlang.OctRun(b, k+1, 3, 255)
		hostlang.AddRune(v, rune(val), start, r.End(k+n))
		return 1 + n
	case c == 'x':
		if val, n, ok := hostlang.HexRun(b, k+2, 2, 2); ok {
			hostlang.AddRune(v, val, start, r.End(k+1+n))
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
				hostlang.AddRune(v, (val-0xD800)<<10+(lo-0xDC00)+0x10000, start, r.End(k+n+m-1))
				return n + m
			}
		}
		hostlang.AddRune(v, val, start, r.End(k+n-1))
		return n
	}
	return hostlang.EscapedChar(v, r, k)
}

// jsUnicode reads `\uHHHH` or `\u{H...}` at k and returns the code point
// and the escape's length (0 when malformed).
func jsUnicode(b []byte, k int) (rune, int) {
	if k+2 < len(b) && b[k+2] == '{' {
		val, n, ok := hostlang.HexRun(b, k+3, 1, 8)
		if ok && k+3+n < len(b) && b[k+3+n] == '}' {
			return val, 4 + n
		}
		return 0, 0
	}
	if val, n, ok := hostlang.HexRun(b, k+2, 4, 4); ok {
		return val, 2 + n
	}
	return 0, 0
}

func jsString(s *hostlang.Scanner, i int) int {
	bd := &hostlang.Body{CloseAt: hostlang.CloseByte(s.Src[i]), NlEnds: true, Escapes: hostlang.Backslash, Escape: jsEscape}
	v, e, _ := s.Decode(hostlang.View{B: s.Src}, i+1, bd)
	s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
	return e
}

var jsHoleStart = hostlang.ByteSet("$")

// jsTemplate reads a template literal at i. A template tagged String.raw
// keeps its escapes as written.
func jsTemplate(s *hostlang.Scanner, i int) int {
	bd := &hostlang.Body{CloseAt: hostlang.CloseByte('`'), Crlf: true, Escapes: hostlang.Backslash, Escape: jsEscape,
		Holes: jsHoleStart, Hole: hostlang.BraceHole("${", "}")}
	if lastIs(s, "String", ".", "raw") {
		bd.Escape = func(v *hostlang.Value, r hostlang.View, k int) int {
			// A raw template keeps the backslash and the byte after it
			// (which then cannot end the template or open a hole).
			if k+1 >= len(r.B) {
				return 0
			}
			v.Add('\\', r.Start(k), r.End(k))
			v.Add(r.B[k+1], r.Start(k+1), r.End(k+1))
			return 2
		}
	}
	v, e, _ := s.Decode(hostlang.View{B: s.Src}, i+1, bd)
	s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
	return e
}

// lastIs reports whether the last tokens of the current stream are the
// given identifiers and punctuation, in order.
func lastIs(s *hostlang.Scanner, texts ...string) bool {
	o := *s.Out()
	if len(o) < len(texts) {
		return false
	}
	o = o[len(o)-len(texts):]
	for i, t := range texts {
		if string(s.Src[o[i].Start:o[i].End]) != t {
			return false
		}
	}
	return true
}

// javascript is JavaScript; typescript is TypeScript, read by the same
// tokenizer.
type javascript struct{}

func (javascript) String() string { return "javascript" }
func (javascript) Extensions() []string {
	return []string{".js", ".mjs", ".cjs", ".jsx"}
}
func (javascript) Lexer() *hostlang.Lexer { return jsLexer }
func (javascript) Keywords() string {
	return jsKeywords
}
func (javascript) Wrappers() map[string]string { return jsWrappers }
func (javascript) APIs() []hostlang.API        { return jsAPIs }
func (javascript) Traits() *hostlang.Traits    { return jsTraits }

const jsKeywords = "break case catch class const continue debugger default delete do else export extends finally for " +
	"function if import in instanceof let new return static super switch throw try typeof var void while with " +
	"yield await async of"

var jsWrappers = map[string]string{"String": "id", "dedent": "dedentjs", "Buffer.from": "id"}

// jsAPIs: ioredis and node-redis (v3 eval(script, numkeys, ...); v4
// eval(script, {keys, arguments}); @upstash/redis eval(script, keys,
// args)).
var jsAPIs = []hostlang.API{
	{Client: "ioredis, node-redis, @upstash/redis", Name: "eval", Script: 0, Generic: true,
		Keys: jsEvalKeys},
	{Client: "node-redis", Name: "evalRo", Script: 0, Keys: jsEvalKeys},
	{Client: "ioredis", Name: "defineCommand", Script: 1, ScriptField: "lua",
		Keys: []hostlang.KeysAt{{Arg: 1, Field: "numberOfKeys", Form: hostlang.KeysCount}}},
	{Client: "node-redis", Name: "defineScript", Form: hostlang.Function, Script: 0, ScriptField: "SCRIPT",
		Keys: []hostlang.KeysAt{{Arg: 0, Field: "NUMBER_OF_KEYS", Form: hostlang.KeysCount}}},
	{Client: "node-redis, @upstash/redis", Name: "scriptLoad", Script: 0},
	{Client: "node-redis", Name: "functionLoad", Script: 0},
	{Client: "ioredis, node-redis", Name: "evalsha", Script: hostlang.NoScript},
}

// jsEvalKeys: ioredis eval(src, numkeys, ...keysAndArgs), @upstash/redis
// eval(src, [keys], [args]), node-redis v4 eval(src, {keys, arguments}).
var jsEvalKeys = []hostlang.KeysAt{hostlang.KeysNumArg1, hostlang.KeysList1Args2,
	{Arg: 1, Field: "keys", Form: hostlang.KeysList, Args: hostlang.ArgsList, ArgsArg: 1, ArgsField: "arguments"}}

var jsTraits = &hostlang.Traits{
	MemberOps:    []string{".", "?."},
	ConcatOp:     "+",
	Generics:     true,
	ArrowLambdas: true,
	QuotedKeys:   true,
	Spread:       hostlang.SpreadArrays,
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
func (typescript) Traits() *hostlang.Traits { return tsTraits }

var tsTraits = func() *hostlang.Traits {
	t := *jsTraits
	t.NonNullBang = true
	t.ColonReturnTypes = true
	return &t
}()

// Lang is JavaScript.
var Lang hostlang.Lang = javascript{}

// TypeScript is TypeScript, read by JavaScript's lexer.
var TypeScript hostlang.Lang = typescript{}
