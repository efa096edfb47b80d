package hostlang

import (
	"strconv"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/srcmap"
)

// Where a hole stands in the Lua text decides its placeholder. A tiny Lua
// lexer follows the text up to each hole: inside a comment the
// placeholder is plain text; in code it is an identifier, which is an
// expression and a name; where a statement must start (at the beginning,
// after `then`, `do`, `end`, `;` or a complete expression) a lone
// identifier is a syntax error, so it is written as a call, `__hole1()`,
// which is both a statement and an expression.
//
// A Lua string with holes is split at them into a concatenation:
// `"' + ns + ':count"` is written `"" .. __hole1 .. ":count"`, and
// `"{${p}}:a"` is `"{" .. __hole1 .. "}:a"`, in parentheses where an
// operator that binds tighter than `..` (arithmetic, `#`, `not`) stands
// next to it or it is a call's argument written without them. The rules
// then see a string built from a value known only at run time (which
// may carry a {hash tag}, or be any key at all), as they see `"" .. x ..
// ":count"` in a .lua file, never the placeholder's name as the string's
// literal text. A string that opens with a hole starts with `""`, so that
// the value is still a string. The bytes the split adds are mapped to the
// hole (the parentheses to the string's delimiters) and are not exact, so
// a fix that touches them is dropped. A string is left whole, with its
// placeholders as plain text, when it does not close on its line, when a
// hole follows a lone backslash (the escape takes the hole's first byte)
// or when it holds a LuaScript parameter (whose rewriting is
// StackExchange.Redis's, and which a .lua template must find in code).
const (
	luaStmt     = iota // a statement starts here
	luaExpr            // an expression is expected (after an operator, `(`, `=`, `return`...)
	luaName            // a name is expected (after `local`, `function`, `.`, `:`)
	luaExprDone        // an expression just ended (a name, a number, `)`, a string)
)

var luaKeywordState = map[string]int{
	"local": luaName, "function": luaName, "for": luaName, "goto": luaName,
	"return": luaExpr, "if": luaExpr, "elseif": luaExpr, "while": luaExpr, "until": luaExpr,
	"and": luaExpr, "or": luaExpr, "not": luaExpr, "in": luaExpr,
	"then": luaStmt, "do": luaStmt, "else": luaStmt, "repeat": luaStmt, "break": luaStmt, "end": luaStmt,
}

// assemble writes v's text with each hole replaced by its placeholder.
// Parameters (HoleParam) are named after themselves: `__param_key`.
func assemble(v *Value, src []byte) (*srcmap.Text, []Hole) {
	b := v.Text.Bytes()
	out := srcmap.New(len(b) + 8*len(v.Holes))
	var holes []Hole
	state := luaStmt
	// Lexical context: 0 code, '\'' or '"' a short string, 'L' a long
	// string, 'c' a line comment, 'C' a long comment; level is the long
	// bracket's number of '='.
	ctx, level := byte(0), 0
	next := 0
	// placeholder writes hole h's placeholder, a call when call is set.
	placeholder := func(h ValueHole, call, code bool) {
		name := "__hole" + strconv.Itoa(len(holes)+1)
		if h.Kind == HoleParam {
			name = "__param_" + paramName(src[h.InStart:h.InEnd], len(holes)+1)
		}
		text := name
		if call {
			text += "()"
		}
		luaStart := out.Len()
		out.AppendString(text, h.Start, h.End, false)
		holes = append(holes, Hole{
			Kind: h.Kind, Start: h.Start, End: h.End,
			Expr:     string(src[h.InStart:h.InEnd]),
			LuaStart: luaStart, LuaEnd: out.Len(),
			Name: name, Call: call, Code: code,
		})
	}
	// split writes the string whose opening delimiter is b[i:from] and
	// whose closing one is b[to:end] as a concatenation of its pieces
	// and holes; reopen is the delimiter a piece after a hole opens with.
	split := func(i, from, to, end int, reopen string, long bool) {
		open, shut := v.Text.Span(i), v.Text.Span(end-1)
		paren := state == luaExprDone || arithBefore(out.Bytes()) || arithAfter(b, end)
		closeParen := func() {
			if paren {
				out.AppendString(")", shut.Start, shut.End, false)
			}
		}
		if paren {
			out.AppendString("(", open.Start, open.End, false)
		}
		out.AppendSlice(v.Text, i, from)
		closer := string(b[to:end])
		// inPiece is set while a piece of the string is open; prev is
		// the hole before the piece to open next.
		inPiece, prev := true, ValueHole{}
		for k := from; k < to; k++ {
			if !v.holeAt(k, &next) {
				if !inPiece {
					out.AppendString(" .. "+reopen, prev.Start, prev.End, false)
					if long && (b[k] == '\n' || b[k] == '\r') {
						// A long bracket drops the line end that
						// follows it: one more keeps the piece's own.
						out.Append(b[k], prev.Start, prev.End, false)
					}
					inPiece = true
				}
				out.AppendSlice(v.Text, k, k+1)
				continue
			}
			h := v.Holes[next]
			sep := " .. "
			if inPiece {
				sep = closer + sep
			}
			out.AppendString(sep, h.Start, h.End, false)
			placeholder(h, false, true)
			inPiece, prev = false, h
		}
		if inPiece {
			// No empty piece after a hole that ends the string.
			out.AppendSlice(v.Text, to, end)
		}
		closeParen()
	}
	for i := 0; i < len(b); {
		if v.holeAt(i, &next) {
			h := v.Holes[next]
			call := false
			if ctx == 0 {
				glued := out.Len() > 0 && isWordByte(out.At(out.Len()-1)) ||
					i+1 < len(b) && isWordByte(b[i+1])
				call = !glued && (state == luaStmt || state == luaExprDone) && h.Kind != HoleParam
				state = luaExprDone
			}
			placeholder(h, call, ctx == 0)
			i++
			continue
		}
		c := b[i]
		n := 1
		switch ctx {
		case 0:
			switch {
			case c == '-' && i+1 < len(b) && b[i+1] == '-':
				n = 2
				if l, ok := luasrc.LongBracket(b, i+2); ok {
					ctx, level, n = 'C', l, 2+l+2
				} else {
					ctx = 'c'
				}
			case c == '\'' || c == '"':
				if to, ok := v.shortWithHoles(i); ok {
					split(i, i+1, to, to+1, string(c), false)
					i, state = to+1, luaExprDone
					continue
				}
				ctx = c
			case c == '[':
				if l, ok := luasrc.LongBracket(b, i); ok {
					if to, ok := v.longWithHoles(i+l+2, l); ok {
						split(i, i+l+2, to, to+l+2, string(b[i:i+l+2]), true)
						i, state = to+l+2, luaExprDone
						continue
					}
					ctx, level, n = 'L', l, l+2
				} else {
					state = luaExpr
				}
			case isWordByte(c) && !isDigit(c):
				j := i
				for j < len(b) && isWordByte(b[j]) && !v.isHole(j) {
					j++
				}
				n = j - i
				if s, ok := luaKeywordState[string(b[i:j])]; ok {
					state = s
				} else {
					state = luaExprDone
				}
			case isDigit(c):
				j := i
				for j < len(b) && (isWordByte(b[j]) || b[j] == '.') && !v.isHole(j) {
					j++
				}
				n = j - i
				state = luaExprDone
			case c == ')' || c == ']' || c == '}':
				state = luaExprDone
			case c == ';':
				state = luaStmt
			case c == '.' || c == ':':
				state = luaName
				if i+1 < len(b) && b[i+1] == c {
					// `..` concatenates; `::` opens a label.
					n = 2
					if c == '.' {
						state = luaExpr
					}
				}
			case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			default:
				state = luaExpr
			}
		case '\'', '"':
			switch {
			case c == '\\' && i+1 < len(b) && !v.isHole(i+1):
				n = 2
			case c == ctx:
				ctx, state = 0, luaExprDone
			case c == '\n':
				ctx = 0
			}
		case 'L', 'C':
			if c == ']' && closesLong(b, i, level) {
				n = level + 2
				if ctx == 'L' {
					state = luaExprDone
				}
				ctx = 0
			}
		case 'c':
			if c == '\n' {
				ctx = 0
			}
		}
		n = min(n, len(b)-i)
		// Copy the n bytes, stopping before a hole (a hole inside a
		// bracket or keyword is taken at the next round).
		for k := 0; k < n; k++ {
			if k > 0 && v.isHole(i+k) {
				n = k
				break
			}
			out.AppendSlice(v.Text, i+k, i+k+1)
		}
		i += n
	}
	return out, holes
}

// closesLong reports whether b[i:] closes a long bracket of the level.
func closesLong(b []byte, i, level int) bool {
	j := i + 1
	for j < len(b) && b[j] == '=' && j-i-1 < level {
		j++
	}
	return j-i-1 == level && j < len(b) && b[j] == ']'
}

// shortWithHoles returns the index of the quote that closes the short
// string opened at b[i], when the string closes on its line and holds a
// hole to split it at (assemble): no LuaScript parameter, and no hole
// right after a backslash.
func (v *Value) shortWithHoles(i int) (int, bool) {
	b := v.Text.Bytes()
	q := b[i]
	holes := false
	for k := i + 1; k < len(b); k++ {
		if v.isHole(k) {
			if v.Holes[v.holeIndex(k)].Kind == HoleParam {
				return 0, false
			}
			holes = true
			continue
		}
		switch b[k] {
		case '\\':
			if k+1 < len(b) && v.isHole(k+1) {
				return 0, false
			}
			k++
		case q:
			return k, holes
		case '\n':
			return 0, false
		}
	}
	return 0, false
}

// longWithHoles returns the index of the bracket that closes the long
// string of the level whose content starts at b[from], when it closes and
// holds a hole to split it at and no LuaScript parameter.
func (v *Value) longWithHoles(from, level int) (int, bool) {
	b := v.Text.Bytes()
	holes := false
	for k := from; k < len(b); k++ {
		if v.isHole(k) {
			if v.Holes[v.holeIndex(k)].Kind == HoleParam {
				return 0, false
			}
			holes = true
			continue
		}
		if b[k] == ']' && closesLong(b, k, level) {
			return k, holes
		}
	}
	return 0, false
}

// arithBefore reports whether the Lua code written so far ends with an
// operator that binds tighter than `..`: arithmetic, `#`, `not`.
func arithBefore(b []byte) bool {
	i := len(b)
	for i > 0 && (b[i-1] == ' ' || b[i-1] == '\t' || b[i-1] == '\n' || b[i-1] == '\r') {
		i--
	}
	if i == 0 {
		return false
	}
	switch b[i-1] {
	case '+', '-', '*', '/', '%', '^', '#':
		return true
	}
	return i >= 3 && string(b[i-3:i]) == "not" && (i == 3 || !isWordByte(b[i-4]))
}

// arithAfter reports whether an arithmetic operator, which binds tighter
// than `..`, follows b[i:] (`--` opens a comment).
func arithAfter(b []byte, i int) bool {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	if i >= len(b) {
		return false
	}
	switch b[i] {
	case '+', '*', '/', '%', '^':
		return true
	case '-':
		return i+1 >= len(b) || b[i+1] != '-'
	}
	return false
}

// paramName is the name of a parameter's placeholder: its name with each
// byte that is not a word byte written `_` (carmine's `_:old-?sha`), or
// the hole's number for a verb with no name (`%s`).
func paramName(name []byte, n int) string {
	if len(name) == 0 {
		return strconv.Itoa(n)
	}
	out := []byte(string(name))
	for i, c := range out {
		if !isWordByte(c) {
			out[i] = '_'
		}
	}
	return string(out)
}
