// Package openresty is Lua hosting Lua: an OpenResty (or any Lua) program
// that sends a Redis script with lua-resty-redis, `red:eval([[...]], n,
// ...)`. The inner script is the one linted; the program itself is a .lua
// file the driver reads as before. Only the texts the API receives are
// scripts (APIOnly): a Redis script's own strings may name KEYS.
package openresty

import (
	"bytes"

	"github.com/lint-lua/lint-lua/internal/hostlang"
)

// Lua: `'...'` and `"..."` strings with Lua 5.1-5.4 escapes (`\ddd`,
// `\xHH`, `\z`, `\u{...}`, a backslash before a line end), long strings
// `[[...]]` and `[==[...]==]` (a first line end dropped), `--` comments
// and long comments `--[[...]]`.

var lexer = &hostlang.Lexer{Token: token}

func token(s *hostlang.Scanner, i int, _ bool) (int, hostlang.Read) {
	src := s.Src
	c := src[i]
	switch {
	case c == '-' && i+1 < len(src) && src[i+1] == '-':
		if lvl, ok := longOpen(src, i+2); ok {
			e, te := longEnd(src, i+2+lvl+2, lvl)
			s.Comment(i, e, i+2, te)
			return e, hostlang.ReadToken
		}
		e := hostlang.LineEnd(src, i)
		s.Comment(i, e, i+2, e)
		return e, hostlang.ReadToken
	case c == '[':
		if lvl, ok := longOpen(src, i); ok {
			body := i + lvl + 2
			// A line end right after the opener is not a part of the text.
			if body < len(src) && src[body] == '\r' {
				body++
			}
			if body < len(src) && src[body] == '\n' {
				body++
			}
			e, te := longEnd(src, body, lvl)
			raw := hostlang.RawView(src, body, te, false)
			v, _, _ := s.Decode(raw, 0, &hostlang.Body{})
			s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
			return e, hostlang.ReadToken
		}
	case c == '"' || c == '\'':
		bd := &hostlang.Body{CloseAt: hostlang.CloseByte(c), NlEnds: true, Escapes: hostlang.Backslash, Escape: escape}
		v, e, _ := s.Decode(hostlang.View{B: src}, i+1, bd)
		s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
		return e, hostlang.ReadToken
	case hostlang.IsIdentStart(c):
		e := hostlang.WordEnd(src, i, "")
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	}
	return i, hostlang.NotRead
}

// longOpen reports whether a long bracket `[`, `=`*, `[` opens at i, and
// its level (the number of `=`).
func longOpen(src []byte, i int) (int, bool) {
	if i >= len(src) || src[i] != '[' {
		return 0, false
	}
	j := i + 1
	for j < len(src) && src[j] == '=' {
		j++
	}
	return j - i - 1, j < len(src) && src[j] == '['
}

// longEnd returns the end of the long bracket of level lvl whose text
// starts at k, and the end of its text.
func longEnd(src []byte, k, lvl int) (end, textEnd int) {
	closer := append(append([]byte{']'}, bytes.Repeat([]byte{'='}, lvl)...), ']')
	if j := bytes.Index(src[min(k, len(src)):], closer); j >= 0 {
		return k + j + len(closer), k + j
	}
	return len(src), len(src)
}

var simple = hostlang.SimpleEscapes("a\ab\bf\fn\nr\rt\tv\v\\\\\"\"''\n\n")

// escape decodes a Lua escape.
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
	case c >= '0' && c <= '9':
		n, val := 0, 0
		for n < 3 && k+1+n < len(b) && b[k+1+n] >= '0' && b[k+1+n] <= '9' {
			val = val*10 + int(b[k+1+n]-'0')
			n++
		}
		if val < 256 {
			v.Add(byte(val), r.Start(k), r.End(k+n))
			return 1 + n
		}
	case c == 'x':
		if val, n, ok := hostlang.HexRun(b, k+2, 2, 2); ok {
			v.Add(byte(val), r.Start(k), r.End(k+1+n))
			return 2 + n
		}
	case c == 'z':
		j := k + 2
		for j < len(b) && (b[j] == ' ' || b[j] == '\t' || b[j] == '\n' || b[j] == '\r' || b[j] == '\f' || b[j] == '\v') {
			j++
		}
		return j - k
	case c == 'u' && k+2 < len(b) && b[k+2] == '{':
		if val, n, ok := hostlang.HexRun(b, k+3, 1, 8); ok && k+3+n < len(b) && b[k+3+n] == '}' {
			hostlang.AddRune(v, val, r.Start(k), r.End(k+3+n))
			return 4 + n
		}
	}
	return hostlang.EscapedChar(v, r, k)
}

// openresty is Lua hosting Lua.
type openresty struct{}

// Lang is Lua hosting Lua (OpenResty's lua-resty-redis).
var Lang hostlang.Lang = openresty{}

func (openresty) String() string { return "openresty" }

// Extensions is empty: a .lua file is read as a script as before, and
// the driver asks this language for the scripts it sends.
func (openresty) Extensions() []string        { return nil }
func (openresty) Lexer() *hostlang.Lexer      { return lexer }
func (openresty) Wrappers() map[string]string { return wrappers }
func (openresty) APIs() []hostlang.API        { return apis }
func (openresty) Traits() *hostlang.Traits    { return traits }
func (openresty) Keywords() string {
	return "and break do else elseif end false for function goto if in local nil not or repeat return then true until while"
}

// wrappers: APISIX's core.string.compress_script drops each line's
// leading blanks and the blanks after commas, which leaves the script's
// meaning as written.
var wrappers = map[string]string{"core.string.compress_script": "id"}

// apis: lua-resty-redis red:eval(script, numkeys, keys..., args...) and
// red:script("load", script).
var apis = []hostlang.API{
	{Client: "lua-resty-redis", Name: "eval", Script: 0, Generic: true, Keys: []hostlang.KeysAt{hostlang.KeysNumArg1}},
	{Client: "lua-resty-redis", Name: "script", Script: 1, GuardArg: 0, Guard: []string{`"load"`, `'load'`, `"LOAD"`, `'LOAD'`}},
	{Client: "lua-resty-redis", Name: "evalsha", Script: hostlang.NoScript},
}

var traits = &hostlang.Traits{
	LineComment: "--",
	MemberOps:   []string{".", ":"},
	ConcatOp:    "..",
	APIOnly:     true,
}
