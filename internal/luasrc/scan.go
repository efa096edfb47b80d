package luasrc

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/parse"
)

// Token is one lexical token with its exact place in the source.
//
// A Token holds offsets, not positions: File.TokenRange derives its line
// and columns from them. At 24 bytes instead of the 64 that two span.Pos
// took, the token index (one token per 7.7 bytes of source over the 30,000
// lines of scripts scripts/bench.sh lints, kept for the whole lint) costs
// three eighths of the memory and of the copying.
// Every field is an int32: Parse refuses a source of more than
// math.MaxInt32 bytes (see maxSource).
type Token struct {
	// Type is gopher-lua's token type: a parse.T* constant or the byte of a
	// one-character token.
	Type int32
	// Off is the byte offset of the token, End0 the offset just past it.
	Off, End0 int32
	// line is the 1-based line Off is on, so that a token's line, which
	// the parser gives every node, and its start column need no search.
	line int32
	// The token's value (File.Value): the bytes text[v0:v1] of the text
	// scanned, or when v0 < 0 File.values[-v0-1], a value that is not a
	// slice of it. Holding no pointer, the token index costs the garbage
	// collector nothing to scan and is copied without write barriers.
	v0, v1 int32
}

// maxSource is the largest source Parse reads, in bytes: token offsets
// are int32. A variable so that a test can lower it.
var maxSource = math.MaxInt32

// tokStart is the position of token t's first byte.
func (f *File) tokStart(t *Token) span.Pos {
	return span.Pos{Line: int(t.line), Column: int(t.Off) - f.lineStarts[t.line-1] + 1}
}

// tokEndLine is the line of the position just past token t, that of
// offset End0 (see TokenRange).
func (f *File) tokEndLine(t *Token) int {
	l := int(t.line)
	if l < len(f.lineStarts) && f.lineStarts[l] <= int(t.End0) {
		return f.PosAt(int(t.End0)).Line
	}
	return l
}

// Value returns the token's value: decoded for strings, the text otherwise.
func (f *File) Value(t Token) string {
	if t.v0 < 0 {
		return f.values[-t.v0-1]
	}
	return f.text[t.v0:t.v1]
}

// setValue makes v the value of token t, kept aside.
func (f *File) setValue(t *Token, v string) {
	f.values = append(f.values, v)
	t.v0, t.v1 = int32(-len(f.values)), 0
}

// Text returns the token's raw source text.
func (f *File) Text(t Token) string { return string(f.Src[t.Off:t.End0]) }

// Line returns the 1-based line the token starts on.
func (t Token) Line() int { return int(t.line) }

// isGoto reports whether the token is written `goto`, without the string
// Text would allocate for every identifier.
func (f *File) isGoto(t *Token) bool {
	return t.End0-t.Off == 4 && string(f.Src[t.Off:t.End0]) == "goto"
}

// scan builds the token index and collects the comments: with fastScan
// when it can, else with gopher-lua's own scanner.
func (f *File) scan(text []byte) {
	if len(text) > maxSource {
		f.Errors = append(f.Errors, SyntaxError{
			Range:   span.Range{Start: span.Pos{Line: 1, Column: 1}, End: span.Pos{Line: 1, Column: 1}},
			Message: fmt.Sprintf("the file is %d bytes, more than the %d bytes lint-lua can read", len(text), maxSource),
			Help:    "lint-lua does not lint a file this large: split it",
		})
		return
	}
	if !f.fastScan(text) {
		f.scanGopher(text)
	}
}

// scanGopher builds the token index with gopher-lua's own scanner, so that
// tokens agree with the parser, and collects comments from the gaps between
// tokens.
func (f *File) scanGopher(text []byte) {
	sc := parse.NewScanner(bytes.NewReader(text), f.Name)
	lx := &parse.Lexer{}
	prevEnd := 0
	var nest nesting
	for {
		tok, err := sc.Scan(lx)
		if err != nil {
			var pe *parse.Error
			msg := err.Error()
			r := span.Range{Start: span.Pos{Line: 1, Column: 1}, End: span.Pos{Line: 1, Column: 1}}
			if errors.As(err, &pe) {
				msg = lexMessage(pe)
				if tok.Pos.Line >= 1 && tok.Pos.Column >= 1 {
					msg = lexNear(text, msg, f.Offset(span.Pos{Line: tok.Pos.Line, Column: tok.Pos.Column}))
				}
				p := pe.Pos
				if p.Line < 1 {
					r = f.eofRange()
				} else {
					if p.Column < 1 && p.Line > 1 {
						// Column 0 is just past a line break (a string
						// left open at the end of its line): the problem
						// is at the end of the line before, where Lua
						// reports it.
						prev, _ := f.Line(p.Line - 1)
						p.Line, p.Column = p.Line-1, len(prev)+1
					}
					p.Column = max(p.Column, 1)
					end := span.Pos{Line: p.Line, Column: p.Column + 1}
					if text, ok := f.Line(p.Line); ok {
						p.Column = min(p.Column, len(text)+1)
						end.Column = min(end.Column, len(text)+1)
					}
					// The scanner stops where it found the problem; point at
					// the start of the token it was reading when that is on
					// the same line.
					start := span.Pos{Line: p.Line, Column: p.Column}
					if tok.Pos.Line == p.Line && tok.Pos.Column > 0 && tok.Pos.Column <= p.Column {
						start.Column = tok.Pos.Column
					}
					if start.Column > end.Column {
						start.Column = end.Column
					}
					r = span.Range{Start: start, End: end}
				}
			}
			f.Errors = append(f.Errors, SyntaxError{Range: r, Message: msg})
			f.collectComments(text, prevEnd, len(text))
			return
		}
		if tok.Type == parse.EOF || tok.Type < 0 {
			f.collectComments(text, prevEnd, len(text))
			return
		}
		lx.PrevTokenType = tok.Type
		start := span.Pos{Line: tok.Pos.Line, Column: tok.Pos.Column}
		end := span.Pos{Line: sc.Pos.Line, Column: sc.Pos.Column + 1}
		if sc.Pos.Line < 1 {
			// The scanner has already met EOF while finishing this token.
			end = f.PosAt(len(text))
		}
		// The token keeps offsets, and its positions are those of the
		// offsets (FuzzScan and FuzzParseRanges check that they map
		// back): gopher-lua counts lines and byte columns as lineStarts
		// does, \r\n and \n\r as one line break.
		off := f.Offset(start)
		end0 := max(f.Offset(end), off)
		t := Token{Type: int32(tok.Type), Off: int32(off), End0: int32(end0), line: int32(f.PosAt(off).Line)}
		f.collectComments(text, prevEnd, off)
		prevEnd = end0
		if t.Type == parse.TGoto {
			t.Type = parse.TIdent
		}
		if t.Type == '.' && tok.Str == "" {
			tok.Str = "."
		}
		f.setValue(&t, tok.Str)
		f.Tokens = append(f.Tokens, t)
		if nest.step(int(t.Type)) {
			// Past what Lua 5.1 accepts: checkLua51 reports it at this
			// token. Stopping here keeps a file of nothing but '(' from
			// costing a token, and memory, per byte.
			f.tooDeep = true
			return
		}
	}
}

// nesting follows the bracket and block depth, and the length of runs of
// unary operators, that Lua 5.1 bounds at MaxNesting syntax levels.
type nesting struct {
	depth int
	unary int
}

// step takes the next token and reports whether the limit is passed.
// It runs twice on every token: the classes come from a table, small
// enough to inline, rather than from switches over sparse constants,
// which compile to searches.
func (n *nesting) step(tt int) bool {
	c := nestClasses[nestKey(tt)&255]
	if c == 0 {
		// Most tokens (names, strings, numbers, '.', '=', ',') change
		// no depth and end a run of unary operators.
		n.unary = 0
		return false
	}
	n.depth += int(c&nestOpen) - int(c&nestClose)>>1
	// In a run of '-', 'not' and '#' every operator but perhaps the first
	// (a binary minus) is unary, and each unary operator is one level.
	if c&nestUnary != 0 {
		n.unary++
	} else {
		n.unary = 0
	}
	return n.depth > MaxNesting || n.unary > MaxNesting+1
}

const (
	nestOpen  = 1 << iota // '(', '{', '[', function, do, then, repeat
	nestClose             // ')', '}', ']', end, until, elseif
	nestUnary             // '-', not, '#'
)

// nestKey numbers token types below 256: a one-byte token is its byte
// (below 128), gopher-lua's constants follow from 128.
func nestKey(tt int) uint {
	k := uint(tt)
	if k >= parse.TAnd {
		k -= parse.TAnd - 128
	}
	return k
}

// nestClasses are the nesting classes of tokens by nestKey.
var nestClasses = func() (t [256]uint8) {
	set := func(class uint8, types ...int) {
		for _, tt := range types {
			t[nestKey(tt)] |= class
		}
	}
	set(nestOpen, '(', '{', '[', parse.TFunction, parse.TDo, parse.TThen, parse.TRepeat)
	set(nestClose, ')', '}', ']', parse.TEnd, parse.TUntil, parse.TElseIf)
	set(nestUnary, '-', parse.TNot, '#')
	return t
}()

func lexMessage(pe *parse.Error) string {
	switch {
	// In Lua's words. A `--[=` that opens no long comment never gets here
	// (see shortCommentBrackets), so this comment is unfinished.
	case pe.Message == "invalid multiline comment":
		return "unfinished long comment"
	case pe.Message == "unterminated multiline string":
		return "unfinished long string"
	case pe.Message == "invalid multiline string":
		return "invalid long string delimiter"
	case strings.Contains(pe.Message, "unterminated string"), strings.Contains(pe.Message, "unfinished"):
		return "unfinished string"
	case pe.Message == "Invalid token" || strings.Contains(pe.Message, "Invalid '~'"):
		return fmt.Sprintf("unexpected symbol near '%s'", pe.Token)
	}
	return strings.ToLower(pe.Message[:1]) + pe.Message[1:]
}

// lexNear says where Lua 5.1's lexer stopped, as luac5.1 does, for the
// token that starts at text[start:].
func lexNear(text []byte, msg string, start int) string {
	if start < 0 || start >= len(text) {
		return msg
	}
	switch msg {
	case "unfinished long string", "unfinished long comment":
		return msg + " near '<eof>'"
	case "unfinished string":
		// Lua names what it read of the string when a line break ends
		// it, and the end of the file when that does.
		for j := start + 1; j < len(text); j++ {
			switch text[j] {
			case '\\':
				j++
			case '\n', '\r':
				return fmt.Sprintf("%s near '%s'", msg, text[start:j])
			}
		}
		return msg + " near '<eof>'"
	case "invalid long string delimiter":
		end := start + 1
		for end < len(text) && text[end] == '=' {
			end++
		}
		return fmt.Sprintf("%s near '%s'", msg, text[start:end])
	case "illegal hexadecimal number":
		return fmt.Sprintf("malformed number near '%s'", luaNumeral(text, start))
	}
	return msg
}

// collectComments finds comments in a gap that holds only white space and
// comments.
func (f *File) collectComments(text []byte, from, to int) {
	if to > len(text) {
		to = len(text)
	}
	for i := from; i+1 < to; i++ {
		if text[i] != '-' || text[i+1] != '-' {
			continue
		}
		start := i
		body := i + 2
		end := to
		if lvl, ok := LongBracket(text, body); ok {
			closing := "]" + strings.Repeat("=", lvl) + "]"
			if k := bytes.Index(text[body:to], []byte(closing)); k >= 0 {
				end = body + k + len(closing)
			}
			f.addComment(start, end, string(text[body+lvl+2:max(body+lvl+2, end-len(closing))]))
		} else {
			end = body
			for end < to && text[end] != '\n' && text[end] != '\r' {
				end++
			}
			f.addComment(start, end, string(text[body:end]))
		}
		i = end - 1
	}
}

// LongBracket reports whether text[i:] opens a long bracket `[==[`, and
// its level.
func LongBracket(text []byte, i int) (int, bool) {
	if i >= len(text) || text[i] != '[' {
		return 0, false
	}
	j := i + 1
	for j < len(text) && text[j] == '=' {
		j++
	}
	if j < len(text) && text[j] == '[' {
		return j - i - 1, true
	}
	return 0, false
}

func (f *File) addComment(start, end int, body string) {
	sp := f.PosAt(start)
	line, _ := f.Line(sp.Line)
	own := strings.TrimSpace(line[:min(len(line), sp.Column-1)]) == ""
	f.Comments = append(f.Comments, Comment{
		Range:   span.Range{Start: sp, End: f.PosAt(end)},
		Text:    body,
		OwnLine: own,
	})
}

// eofRange points at the last token, where Lua reports "near '<eof>'".
func (f *File) eofRange() span.Range {
	if n := len(f.Tokens); n > 0 {
		return f.TokenRange(n-1, n-1)
	}
	p := f.PosAt(len(f.Src))
	return span.Range{Start: p, End: p}
}

// checkLua51 reports what gopher-lua accepts but Lua 5.1 (and so Redis)
// rejects, and bounds nesting. It returns true when parsing must stop.
//
// The nesting bound needs no second count here: the scanner followed it
// over the same tokens (mergeHexFloats joins only numbers and names, which
// no nesting class counts) and stopped at the first token past it, the
// last one, where that error is reported after the token's other checks.
func (f *File) checkLua51() bool {
	if f.fastScanned && !f.lua51Suspect && !f.tooDeep {
		// fastScan saw none of the tokens the walk below refuses.
		return false
	}
	var params paramLists
	// A local copy of the slice header: f.Tokens would be loaded again
	// for every token, as the calls below might change it.
	toks := f.Tokens
	for i := range toks {
		t := &toks[i]
		afterParams := params.closed
		params.step(int(t.Type))
		switch t.Type {
		case parse.T2Colon:
			// Lua 5.1 has no labels: `::` lexes as two colons.
			f.Errors = append(f.Errors, SyntaxError{Range: f.TokenRange(i, i), Message: "unexpected symbol near ':' (Lua 5.1, which Redis runs, has no labels or goto)"})
			return true
		case parse.TIdent:
			if f.isGoto(t) && i+1 < len(toks) && toks[i+1].Type == parse.TIdent && toks[i+1].line == t.line && startsStatement(toks, i) {
				next := toks[i+1]
				f.Errors = append(f.Errors, SyntaxError{Range: f.TokenRange(i+1, i+1), Message: fmt.Sprintf("'=' expected near '%s' (Lua 5.1, which Redis runs, has no goto)", f.Text(next))})
				return true
			}
		case parse.TNumber:
			if f.fastScanned && !isNumeralByte(f.Src, int(t.End0)) {
				// A numeral fastScan read (or a hex float merged from
				// its tokens, which hexFloatRE matched) that nothing
				// continues: what Lua's lexer reads is the token, and
				// strtod reads it whole.
				break
			}
			if text, bad := f.malformedNumber(i); bad {
				r := span.Range{Start: f.tokStart(t), End: f.PosAt(int(t.Off) + len(text))}
				f.Errors = append(f.Errors, SyntaxError{Range: r, Message: fmt.Sprintf("malformed number near '%s'", text)})
				return true
			}
		case parse.TString:
			if f.fastScanned {
				// fastScan refused every escape above 255.
				break
			}
			if near, bad := escapeTooLarge(f.Src[t.Off:t.End0]); bad {
				f.Errors = append(f.Errors, SyntaxError{Range: f.TokenRange(i, i), Message: fmt.Sprintf("escape sequence too large near '%s' (a decimal escape \\ddd is at most 255)", near)})
				return true
			}
		case ';', ',':
			if misplacedSeparator(toks, i, afterParams) {
				f.Errors = append(f.Errors, SyntaxError{Range: f.TokenRange(i, i), Message: fmt.Sprintf("unexpected symbol near '%c'", t.Type)})
				return true
			}
		}
	}
	if f.tooDeep {
		i := len(toks) - 1
		f.Errors = append(f.Errors, SyntaxError{Range: f.TokenRange(i, i), Message: fmt.Sprintf("chunk has too many syntax levels (more than %d nested blocks, operators or brackets)", MaxNesting)})
		return true
	}
	return false
}

// malformedNumber reports a number Lua 5.1 refuses although gopher-lua
// reads it, or reads it as several tokens: Lua's lexer takes digits and
// dots, an exponent, then every letter, digit and underscore that follows,
// and refuses the whole unless it is a number. So `0then`, `1and`, `1..2`,
// `1_000` and `1e` are malformed numbers for Redis (and gopher-lua takes
// the byte after a bare `e` into the number, line break included). It
// returns the text Lua reads.
func (f *File) malformedNumber(i int) (string, bool) {
	off := int(f.Tokens[i].Off)
	// The numeral as bytes, made a string only when it is malformed: the
	// conversions in the calls below need no allocation.
	raw := f.Src[off:luaNumeralEnd(f.Src, off)]
	var ok bool
	if len(raw) >= 2 && raw[0] == '0' && (raw[1] == 'x' || raw[1] == 'X') {
		// C's strtod, which Lua uses, also reads hexadecimal floats
		// (0x1p4), but only whole: `0x1p` (in `x = 0x1p = 2`) is
		// malformed for luac5.1, though it lexes as `0x1` and `p`.
		ok = isHexNumeral(string(raw))
	} else {
		ok = isDecimalNumeral(string(raw))
	}
	if ok {
		return "", false
	}
	return string(raw), true
}

// isHexNumeral reports whether s (starting 0x) is a hexadecimal integer
// or a hexadecimal float as strtod reads it whole.
func isHexNumeral(s string) bool {
	i := 2
	for i < len(s) && isHexByte(s[i]) {
		i++
	}
	if i == 2 {
		return false
	}
	if i == len(s) {
		return true
	}
	return hexFloatRE.MatchString(s)
}

// luaNumeral is the numeral Lua 5.1's lexer reads at src[off:].
func luaNumeral(src []byte, off int) string {
	return string(src[off:luaNumeralEnd(src, off)])
}

// luaNumeralEnd is where the numeral Lua 5.1's lexer reads at src[off:]
// ends.
func luaNumeralEnd(src []byte, off int) int {
	j := off
	for j < len(src) && (isDecimalByte(src[j]) || src[j] == '.') {
		j++
	}
	if j < len(src) && (src[j] == 'e' || src[j] == 'E') {
		j++
		if j < len(src) && (src[j] == '+' || src[j] == '-') {
			j++
		}
	}
	for j < len(src) && (isDecimalByte(src[j]) || isLetterByte(src[j]) || src[j] == '_') {
		j++
	}
	return j
}

// isDecimalNumeral reports whether s is a decimal number as C's strtod
// reads it whole: ^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$ (written
// out by hand: it runs on every number token, and TestDecimalNumeral
// compares it with the expression).
func isDecimalNumeral(s string) bool {
	i := 0
	digits := func() int {
		n := 0
		for i < len(s) && isDecimalByte(s[i]) {
			i++
			n++
		}
		return n
	}
	if digits() > 0 {
		if i < len(s) && s[i] == '.' {
			i++
			digits()
		}
	} else {
		if i >= len(s) || s[i] != '.' {
			return false
		}
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// escapeTooLarge finds a decimal escape above 255 in a quoted string's
// source (Lua 5.1 refuses it; gopher-lua keeps the low byte), and returns
// the text before it.
func escapeTooLarge(raw []byte) (string, bool) {
	if len(raw) == 0 || (raw[0] != '"' && raw[0] != '\'') {
		return "", false
	}
	for i := 1; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		j, n := i+1, 0
		for ; j < len(raw) && j < i+4 && isDecimalByte(raw[j]); j++ {
			n = n*10 + int(raw[j]-'0')
		}
		if n > 255 {
			return string(raw[:i]), true
		}
		i++ // the escaped byte, which may be a backslash
	}
	return "", false
}

// isNumeralByte reports whether src[i] is a byte Lua 5.1's lexer would
// read into a numeral before it (see luaNumeralEnd): a letter, a digit,
// '_' or '.'.
func isNumeralByte(src []byte, i int) bool {
	return i < len(src) && (byteClass[src[i]]&classIdent != 0 || src[i] == '.')
}

func isDecimalByte(c byte) bool { return '0' <= c && c <= '9' }

func isLetterByte(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// shortCommentBrackets returns text with the '[' of every `--[=` that opens
// no long comment (no second '[' follows the '='s) turned into a space.
// Lua 5.1 reads such a comment as a short one, to the end of the line;
// gopher-lua reports an invalid long comment. Form feeds and vertical tabs
// between tokens also become spaces: Lua 5.1 skips them as white space (C's
// isspace), gopher-lua refuses them. Strings and long brackets are skipped
// so that what they hold is left alone.
func shortCommentBrackets(text []byte) []byte {
	// It changes nothing unless the text holds `--[=`, a form feed, a
	// vertical tab or a NUL: a pass over the bytes, looking for the
	// language's few constructs, cost a fifth of a scan, and the library
	// searches below are many times faster.
	if !bytes.Contains(text, []byte("--[=")) && bytes.IndexByte(text, '\f') < 0 && bytes.IndexByte(text, '\v') < 0 && bytes.IndexByte(text, 0) < 0 {
		return text
	}
	out := text
	copied := false
	skipLong := func(open, lvl int) int {
		closing := "]" + strings.Repeat("=", lvl) + "]"
		if k := bytes.Index(text[open+lvl+2:], []byte(closing)); k >= 0 {
			return open + lvl + 2 + k + len(closing)
		}
		return len(text)
	}
	for i := 0; i < len(text); {
		switch c := text[i]; {
		case c == '-' && i+1 < len(text) && text[i+1] == '-':
			body := i + 2
			if lvl, ok := LongBracket(text, body); ok {
				i = skipLong(body, lvl)
				continue
			}
			if body+1 < len(text) && text[body] == '[' && text[body+1] == '=' {
				if !copied {
					out, copied = append([]byte(nil), text...), true
				}
				out[body] = ' '
			}
			i = body
			for i < len(text) && text[i] != '\n' && text[i] != '\r' {
				i++
			}
		case c == '[':
			if lvl, ok := LongBracket(text, i); ok {
				i = skipLong(i, lvl)
				continue
			}
			i++
		case c == '\'' || c == '"':
			i++
			for i < len(text) && text[i] != c && text[i] != '\n' && text[i] != '\r' {
				if text[i] == '\\' {
					i++
				}
				i++
			}
			i++
		case isLetterByte(c) || c == '_':
			// A name: its digits start no numeral.
			for i < len(text) && (isLetterByte(text[i]) || isDecimalByte(text[i]) || text[i] == '_') {
				i++
			}
		case isDecimalByte(c) || c == '.' && i+1 < len(text) && isDecimalByte(text[i+1]):
			from, to := numeralNUL(text, i)
			if from < to {
				if !copied {
					out, copied = append([]byte(nil), text...), true
				}
				for k := from; k < to; k++ {
					out[k] = ' '
				}
			}
			i = max(to, i+1)
		case c == '\f' || c == '\v':
			if !copied {
				out, copied = append([]byte(nil), text...), true
			}
			out[i] = ' '
			i++
		default:
			i++
		}
	}
	return out
}

// numeralNUL reads the numeral at text[i:] as Lua 5.1's lexer does (digits
// and dots, an exponent mark and sign, then letters, digits and '_') and
// returns the part from its first NUL byte on, and the numeral's end. The
// lexer tests the exponent mark and sign with strchr, which also matches
// the NUL that ends its set, so `1\0` is read as one numeral; strtod then
// stops at the NUL. The bytes from the NUL on are thus as good as spaces,
// and become spaces for gopher-lua, which takes a NUL for a token.
func numeralNUL(text []byte, i int) (int, int) {
	j := i
	for j < len(text) && (isDecimalByte(text[j]) || text[j] == '.') {
		j++
	}
	nul := -1
	if j < len(text) && (text[j] == 'e' || text[j] == 'E' || text[j] == 0) {
		if text[j] == 0 {
			nul = j
		}
		j++
		if j < len(text) && (text[j] == '+' || text[j] == '-' || text[j] == 0) {
			if text[j] == 0 && nul < 0 {
				nul = j
			}
			j++
		}
	}
	for j < len(text) && (isDecimalByte(text[j]) || isLetterByte(text[j]) || text[j] == '_') {
		j++
	}
	if nul < 0 {
		return j, j
	}
	return nul, j
}

// misplacedSeparator reports a ';' or ',' that gopher-lua accepts but Lua
// 5.1 refuses: Lua 5.1 has no empty statement, so a ';' must follow a
// statement (or a table field), never another ';', the start of the file or
// a block keyword or a function's parameter list (afterParams); and no list
// has an empty element, so ',' never follows ',' or ';' (`{1,,2}`, `{1;,}`).
func misplacedSeparator(toks []Token, i int, afterParams bool) bool {
	if toks[i].Type == ',' {
		return i > 0 && (toks[i-1].Type == ',' || toks[i-1].Type == ';')
	}
	if i == 0 || afterParams {
		return true
	}
	switch toks[i-1].Type {
	case parse.TIdent, parse.TString, parse.TNumber, parse.TNil, parse.TTrue, parse.TFalse, parse.T3Comma,
		')', ']', '}', parse.TEnd, parse.TBreak, parse.TReturn:
		// What ends an expression or a statement, and a bare `return;`.
		return false
	}
	return true
}

// startsStatement guesses whether token i begins a statement: the previous
// token ends an expression or a block keyword precedes it.
func startsStatement(toks []Token, i int) bool {
	if i == 0 {
		return true
	}
	switch toks[i-1].Type {
	case parse.TDo, parse.TThen, parse.TElse, parse.TRepeat, parse.TEnd, ';', ')', parse.TIdent, parse.TString, parse.TNumber, parse.TTrue, parse.TFalse, parse.TNil, ']', '}', parse.TBreak:
		return true
	}
	return false
}
