// Package clojure is the Clojure host language: scripts in strings given
// to carmine's `lua`, `eval` and `eval*`, bound by `def`, or found by their
// text. A call is a list, `(car/lua script {:k key} {:a arg})`: the lexer
// writes it as the tokens `car / lua ( script { :k key } { :a arg } )`, and
// the walker reads the forms after the name as its arguments
// (Traits.PrefixCalls). carmine's `lua` rewrites each `_:name` of the
// script into KEYS[i] or ARGV[i] before Redis sees it: a placeholder is an
// opaque value (hostlang.CarmineFound), and the keys map counts the keys.
package clojure

import (
	"github.com/lint-lua/lint-lua/internal/hostlang"
)

// Clojure: `"..."` strings (they may span lines) with backslash escapes;
// `#"..."` regexes; `\c` characters; `:kw` keywords; `;` comments; `,` is
// blank; symbols hold `*+!-_?<>=&%$.'#` besides letters and digits, and
// `ns/name` names name in ns.
var lexer = &hostlang.Lexer{Token: token, Newlines: hostlang.NewlinesNever}

func token(s *hostlang.Scanner, i int, _ bool) (int, hostlang.Read) {
	src := s.Src
	c := src[i]
	switch {
	case c == ',':
		return i + 1, hostlang.ReadToken
	case c == ';':
		e := hostlang.LineEnd(src, i)
		k := i
		for k < e && src[k] == ';' {
			k++
		}
		s.Comment(i, e, k, e)
		return e, hostlang.ReadToken
	case c == '"':
		bd := &hostlang.Body{CloseAt: hostlang.CloseByte('"'), Crlf: true, Escapes: hostlang.Backslash, Escape: escape}
		v, e, _ := s.Decode(hostlang.View{B: src}, i+1, bd)
		s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
		return e, hostlang.ReadToken
	case c == '#' && i+1 < len(src) && src[i+1] == '"':
		// A regex: no script, and a `\"` in it does not end it.
		e := i + 2
		for e < len(src) && src[e] != '"' {
			if src[e] == '\\' {
				e++
			}
			e++
		}
		e = min(e+1, len(src))
		s.Emit(hostlang.TkNumber, i, e)
		return e, hostlang.ReadToken
	case c == '\\' && i+1 < len(src):
		// A character: \a, \newline, \u00e9, \(.
		e := hostlang.WordEnd(src, i+2, "")
		if !hostlang.IsIdentPart(src[i+1]) {
			e = i + 2
		}
		s.Emit(hostlang.TkNumber, i, e)
		return e, hostlang.ReadToken
	case c == ':':
		// A keyword, :k, ::k or :ns/k: a value, never a name.
		e := i + 1
		for e < len(src) && (src[e] == ':' || src[e] == '/' || isSymbolPart(src[e])) {
			e++
		}
		s.Emit(hostlang.TkNumber, i, e)
		return e, hostlang.ReadToken
	case (c == '\'' || c == '`') && i+1 < len(src) && src[i+1] == '(':
		// A quoted list is data, not a call: its name is not read first.
		s.Emit(hostlang.TkPunct, i, i+1)
		s.Emit(hostlang.TkPunct, i+1, i+2)
		return i + 2, hostlang.ReadToken
	case c == '(' && i+1 < len(src) && isSymbolStart(src, i+1):
		// A list headed by a name: the name first, then the list.
		e := symbol(s, i+1)
		s.Emit(hostlang.TkPunct, i, i+1)
		return e, hostlang.ReadToken
	case isSymbolStart(src, i):
		return symbol(s, i), hostlang.ReadToken
	}
	return i, hostlang.NotRead
}

// isSymbolStart reports whether a symbol starts at src[i]: a letter or one
// of `*+!-_?<>=&%$.`, but not a sign before a digit (a number) and not `/`
// alone.
func isSymbolStart(src []byte, i int) bool {
	c := src[i]
	if (c == '-' || c == '+' || c == '.') && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9' {
		return false
	}
	return hostlang.IsIdentStart(c) || c == '*' || c == '+' || c == '!' || c == '-' || c == '?' || c == '<' ||
		c == '>' || c == '=' || c == '&' || c == '%' || c == '$' || c == '.'
}

// isSymbolPart reports whether c continues a symbol.
func isSymbolPart(c byte) bool {
	return hostlang.IsIdentPart(c) || c == '*' || c == '+' || c == '!' || c == '-' || c == '?' || c == '<' ||
		c == '>' || c == '=' || c == '&' || c == '%' || c == '$' || c == '.' || c == '\'' || c == '#'
}

// symbol emits the symbol at i, `ns/name` as `ns`, `/`, `name`, and
// returns the index after it. A name that is a word and a trailing `*`
// (carmine's `eval*`, Clojure's convention for a variant of a function)
// is the word: the script API tables hold words only.
func symbol(s *hostlang.Scanner, i int) int {
	src := s.Src
	e := i
	for e < len(src) && isSymbolPart(src[e]) {
		e++
	}
	if e < len(src) && src[e] == '/' && e+1 < len(src) && isSymbolStart(src, e+1) {
		s.Emit(hostlang.TkIdent, i, e)
		s.Emit(hostlang.TkPunct, e, e+1)
		i, e = e+1, e+1
		for e < len(src) && isSymbolPart(src[e]) {
			e++
		}
	}
	end := e
	if e-i > 1 && src[e-1] == '*' && hostlang.WordEnd(src, i, "") == e-1 {
		end = e - 1
	}
	s.Emit(hostlang.TkIdent, i, end)
	return e
}

var simple = hostlang.SimpleEscapes("n\nt\tr\rb\bf\f\"\"\\\\")

// escape decodes a Clojure string escape: the simple ones, `\uHHHH` and
// an octal `\ooo`.
func escape(v *hostlang.Value, r hostlang.View, k int) int {
	b := r.B
	if k+1 >= len(b) {
		return 0
	}
	c := b[k+1]
	switch {
	case simple[c] >= 0:
		v.Add(byte(simple[c]), r.Start(k), r.End(k+1))
		return 2
	case c == 'u':
		if val, n, ok := hostlang.HexRun(b, k+2, 4, 4); ok {
			hostlang.AddRune(v, val, r.Start(k), r.End(k+1+n))
			return 2 + n
		}
	case c >= '0' && c <= '7':
		val, n := 0, 0
		for n < 3 && k+1+n < len(b) && b[k+1+n] >= '0' && b[k+1+n] <= '7' {
			val = val*8 + int(b[k+1+n]-'0')
			n++
		}
		if val <= 0377 {
			hostlang.AddRune(v, rune(val), r.Start(k), r.End(k+n))
			return 1 + n
		}
	}
	return hostlang.EscapedChar(v, r, k)
}

// clojure is Clojure.
type clojure struct{}

// Lang is Clojure.
var Lang hostlang.Lang = clojure{}

func (clojure) String() string              { return "clojure" }
func (clojure) Extensions() []string        { return []string{".clj", ".cljc"} }
func (clojure) Lexer() *hostlang.Lexer      { return lexer }
func (clojure) Wrappers() map[string]string { return nil }
func (clojure) APIs() []hostlang.API        { return apis }
func (clojure) Traits() *hostlang.Traits    { return traits }
func (clojure) Keywords() string {
	return "def defonce defn defn- defmacro let letfn fn fn* if if-let if-not when when-let when-not do loop recur " +
		"quote var throw try catch finally ns case cond condp nil true false"
}

// apis: carmine (taoensso.carmine, usually required as car):
// `(car/lua script {:k key} {:a arg})` rewrites `_:k` and `_:a` into
// KEYS[i] and ARGV[i], one key per entry of the keys map;
// `(car/eval script numkeys key... arg...)` and `eval*` (EVALSHA first,
// EVAL when the server lacks the script; the lexer reads it as eval) take
// the count. Clojure's own `(eval form)` shows no count: Generic.
// `script-load` is no word; the script it loads is found by its text.
var apis = []hostlang.API{
	{Client: "carmine", Name: "lua", Script: 0, Template: hostlang.CarmineFound,
		Keys: []hostlang.KeysAt{{Arg: 1, Form: hostlang.KeysMap}}},
	{Client: "carmine", Name: "eval", Script: 0, Generic: true, Keys: []hostlang.KeysAt{hostlang.KeysNumArg1}},
	{Client: "carmine", Name: "evalsha", Script: hostlang.NoScript},
}

var traits = &hostlang.Traits{
	LineComment: ";;",
	MemberOps:   []string{"/"},
	Untyped:     true,
	PrefixCalls: true,
}
