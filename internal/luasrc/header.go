package luasrc

import "bytes"

// MayBeHeader reports whether src may be a header (a chunk that parses and
// whose top level Header accepts), reading only as far as it needs: false
// means ParseDeclarations(src) gives no chunk or one Header refuses, so a
// caller that wants the names of headers only (the sibling headers of a
// folder) need not parse it. It is the cheap first look at each file of a
// folder, most of which are scripts of their own: it stops at the first
// top-level statement that no header holds (a return, a branch, a loop, a
// block), usually near the top, builds no tokens and allocates nothing.
//
// Why false is sound: every top-level statement Header refuses starts
// with one of the reserved words if, while, for, do, repeat, return or
// break, and none of these appears elsewhere at the top level of a chunk
// that parses (a loop's `do` follows its while or for); the nesting of
// function bodies and blocks is counted as Lua 5.1's grammar nests them
// (function, if, do and repeat open what end or until closes: a while or
// for is opened by its do). The words are found by a lexer that reads
// comments, strings and long brackets as Lua 5.1's does, so a word it
// sees is a token the parser sees. Where it is unsure (an unfinished
// string or comment, a closing word with nothing open), it either says
// true, leaving the answer to the parser, or false only when the parser
// must fail too. TestMayBeHeaderMatchesParse and FuzzMayBeHeader check it
// against the parse.
func MayBeHeader(src []byte) bool {
	n := len(src)
	i := 0
	if bytes.HasPrefix(src, []byte("\xEF\xBB\xBF")) {
		i = 3
	}
	if i < n && src[i] == '#' {
		// A shebang line, blanked before the scan; any other line that
		// starts with '#' the parser refuses.
		i = lineEnd(src, i)
	}
	depth := 0
	for i < n {
		c := src[i]
		switch {
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			start := i
			for i++; i < n && isIdentByte(src[i]); i++ {
			}
			if c < 'b' || c > 'w' || i-start > 8 {
				continue // no reserved word that matters starts so
			}
			switch string(src[start:i]) {
			case "while", "for", "return", "break":
				// A while's or for's block opens at its do.
				if depth == 0 {
					return false
				}
			case "if", "do", "repeat":
				if depth == 0 {
					return false
				}
				depth++
			case "function":
				depth++
			case "end", "until":
				if depth == 0 {
					return false // closes nothing: a syntax error
				}
				depth--
			}
		case '0' <= c && c <= '9' || c == '.' && i+1 < n && '0' <= src[i+1] && src[i+1] <= '9':
			// Lua 5.1's read_numeral: digits and dots, an exponent's
			// sign, then letters, digits and '_'.
			for i < n && ('0' <= src[i] && src[i] <= '9' || src[i] == '.') {
				i++
			}
			if i < n && (src[i] == 'e' || src[i] == 'E') {
				i++
				if i < n && (src[i] == '+' || src[i] == '-') {
					i++
				}
			}
			for i < n && isIdentByte(src[i]) {
				i++
			}
		case c == '-' && i+1 < n && src[i+1] == '-':
			if lvl, ok := LongBracket(src, i+2); ok {
				end, ok := longEnd(src, i+2, lvl)
				if !ok {
					return true
				}
				i = end
				continue
			}
			i = lineEnd(src, i)
		case c == '[':
			lvl, ok := LongBracket(src, i)
			if !ok {
				i++
				continue
			}
			end, ok := longEnd(src, i, lvl)
			if !ok {
				return true
			}
			i = end
		case c == '"' || c == '\'':
			end, ok := quotedEnd(src, i)
			if !ok {
				return true
			}
			i = end
		default:
			i++
		}
	}
	return true
}

// lineEnd returns the offset of the line break that ends the line holding
// src[i], or len(src).
func lineEnd(src []byte, i int) int {
	rest := src[i:]
	k := bytes.IndexByte(rest, '\n')
	if k < 0 {
		k = len(rest)
	}
	if r := bytes.IndexByte(rest[:k], '\r'); r >= 0 {
		k = r
	}
	return i + k
}

// longEnd returns the offset after the long bracket of level lvl that
// opens at src[i], and false when it is not closed.
func longEnd(src []byte, i, lvl int) (int, bool) {
	body := i + lvl + 2
	for j := body; ; {
		k := bytes.IndexByte(src[j:], ']')
		if k < 0 {
			return 0, false
		}
		j += k + 1
		e := j
		for e < len(src) && src[e] == '=' {
			e++
		}
		if e-j == lvl && e < len(src) && src[e] == ']' {
			return e + 1, true
		}
	}
}

// quotedEnd returns the offset after the quoted string that opens at
// src[i], and false when a line break or the end of the text comes first.
// An escaped byte is skipped, an escaped line break whole (\r\n, \n\r).
func quotedEnd(src []byte, i int) (int, bool) {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch c := src[j]; c {
		case q:
			return j + 1, true
		case '\n', '\r':
			return 0, false
		case '\\':
			j++
			if j < len(src) && (src[j] == '\n' || src[j] == '\r') && j+1 < len(src) && (src[j+1] == '\n' || src[j+1] == '\r') && src[j+1] != src[j] {
				j++
			}
		}
	}
	return 0, false
}
