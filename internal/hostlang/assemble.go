package hostlang

import (
	"strconv"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/srcmap"
)

// Where a hole stands in the Lua text decides its placeholder. A tiny Lua
// lexer follows the text up to each hole: inside a string or a comment
// the placeholder is plain text; in code it is an identifier, which is an
// expression and a name; where a statement must start (at the beginning,
// after `then`, `do`, `end`, `;` or a complete expression) a lone
// identifier is a syntax error, so it is written as a call, `__hole1()`,
// which is both a statement and an expression.
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
func assemble(v *value, src []byte) (*srcmap.Text, []Hole) {
	b := v.text.Bytes()
	out := srcmap.New(len(b) + 8*len(v.holes))
	var holes []Hole
	state := luaStmt
	// Lexical context: 0 code, '\'' or '"' a short string, 'L' a long
	// string, 'c' a line comment, 'C' a long comment; level is the long
	// bracket's number of '='.
	ctx, level := byte(0), 0
	next := 0
	for i := 0; i < len(b); {
		if v.holeAt(i, &next) {
			h := v.holes[next]
			name := "__hole" + strconv.Itoa(len(holes)+1)
			if h.kind == HoleParam {
				name = "__param_" + string(src[h.inStart:h.inEnd])
			}
			call := false
			if ctx == 0 {
				glued := out.Len() > 0 && isWordByte(out.At(out.Len()-1)) ||
					i+1 < len(b) && isWordByte(b[i+1])
				call = !glued && (state == luaStmt || state == luaExprDone) && h.kind != HoleParam
				state = luaExprDone
			}
			text := name
			if call {
				text += "()"
			}
			luaStart := out.Len()
			out.AppendString(text, h.start, h.end, false)
			holes = append(holes, Hole{
				Kind: h.kind, Start: h.start, End: h.end,
				Expr:     string(src[h.inStart:h.inEnd]),
				LuaStart: luaStart, LuaEnd: out.Len(),
				Name: name, Call: call, Code: ctx == 0,
			})
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
				ctx = c
			case c == '[':
				if l, ok := luasrc.LongBracket(b, i); ok {
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
			out.AppendSlice(v.text, i+k, i+k+1)
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
