package luasrc

import (
	"math"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/parse"
)

// fastScan builds the token index and comments the way scanGopher does,
// token for token, without gopher-lua's scanner: that one reads byte by
// byte through a bufio.Reader and allocates a buffer and strings for every
// token, and it was a tenth of a whole lint. fastScan works on the bytes in
// place and slices every token's value out of one string copy of the text.
//
// It follows gopher-lua's lexer exactly for what it accepts (see the
// Scanner in gopher-lua's parse/lexer.go; TestFastScanMatches and
// FuzzFastScan compare the two) and gives up, returning false with f
// untouched (but for notes read only once it succeeds, hexNumber and
// lua51Suspect), on anything unusual: a lexical error, a number gopher-lua
// reads oddly, a string with a decimal escape above 255. The caller then
// runs gopher-lua's scanner, so errors keep its positions and messages.
func (f *File) fastScan(text []byte) bool {
	s := string(text)
	n := len(s)
	var values []string
	// The tokens are read into the slice of a released File, which this
	// one then owns until it is released (WithParse); with none, into scratch space
	// that the File gets a copy of.
	pool := &releasedTokens
	toks, _ := releasedTokens.Get().(*[]Token)
	if toks == nil {
		pool, toks = &tokenScratch, tokenScratch.Get().(*[]Token)
	}
	out := (*toks)[:0]
	defer func() {
		if toks != nil {
			*toks = out[:0]
			pool.Put(toks)
		}
	}()
	// A released File's comments are room for these (emptied).
	var comments []Comment
	cbuf, _ := releasedComments.Get().(*[]Comment)
	if cbuf != nil {
		comments = (*cbuf)[:0]
	}
	var nest nesting
	// Positions come from a cursor over f.lineStarts that only moves
	// forward, as tokens and comments do.
	cur := newLineCursor(f.lineStarts)
	var buf []byte // decoded string values
	i := 0
	for {
		// White space gopher-lua skips: space, tab and line breaks only.
		for i < n && byteClass[s[i]]&classSpace != 0 {
			i++
		}
		if i >= n {
			break
		}
		start := i
		c := s[i]
		typ := int(c)
		// The value is s[vs:i] but for a string, whose value is str.
		vs := start
		var str string
		// One jump on the class of the first byte: a chain of byte
		// comparisons cost more than a tenth of the scan.
		cls := startClass[c]
		if cls == startDot && i+1 < n && isDecimalByte(s[i+1]) {
			cls = startDigit // ".5"
		}
		switch cls {
		case startName:
			i++
			for i < n && byteClass[s[i]]&classIdent != 0 {
				i++
			}
			typ = parse.TIdent
			// Only a name whose first byte and length a reserved word
			// has can be one: most names skip the search.
			if l := i - start; l <= maxKeyword && keywordShapes[c]&(1<<l) != 0 {
				if kw, ok := keyword(s[start:i]); ok {
					if kw != parse.TGoto {
						typ = kw
					} else {
						// A name for Lua 5.1, unless a goto statement.
						f.lua51Suspect = true
					}
				}
			}
		case startDot:
			i++
			if i < n && s[i] == '.' {
				i++
				typ = parse.T2Comma
				if i < n && s[i] == '.' {
					i++
					typ = parse.T3Comma
				}
			}
		case startDigit:
			end, drop, ok := scanNumber(s, i)
			if !ok {
				return false
			}
			i = end
			vs = start + drop
			typ = parse.TNumber
			if c == '0' && i-start > 2 && s[start+1]|0x20 == 'x' {
				// Read only once fastScanned is set: a store here
				// costs the loop less than a variable of its own.
				f.hexNumber = true
			}
			if i < n && (byteClass[s[i]]&classIdent != 0 || s[i] == '.') {
				// Lua's lexer reads on: a hex float, or malformed.
				f.lua51Suspect = true
			}
		case startMinus:
			if i+1 >= n || s[i+1] != '-' {
				i++
				break
			}
			body := i + 2
			if body < n && s[body] == '[' && body+1 < n && (s[body+1] == '[' || s[body+1] == '=') {
				end, _, ok := longString(s, body+1, nil)
				if !ok {
					return false
				}
				i = end
			} else {
				// To the end of the line: the library's byte searches
				// beat a loop over comments of some length.
				k := strings.IndexByte(s[body:], '\n')
				if k < 0 {
					k = n - body
				}
				if r := strings.IndexByte(s[body:body+k], '\r'); r >= 0 {
					k = r
				}
				i = body + k
			}
			sp := cur.pos(start)
			own := f.ownLine(cur.start, start)
			ep := cur.pos(i)
			var txt string
			if lvl := longLevel(s, body); lvl >= 0 {
				txt = s[body+lvl+2 : i-lvl-2]
			} else {
				txt = s[body:i]
			}
			comments = append(comments, Comment{Range: span.Range{Start: sp, End: ep}, Text: txt, OwnLine: own})
			continue
		case startQuote:
			end, v, ok := quotedString(s, i, buf[:0])
			if !ok {
				return false
			}
			i = end
			str = v
			typ = parse.TString
		case startBracket:
			if i+1 < n && (s[i+1] == '[' || s[i+1] == '=') {
				end, v, ok := longString(s, i+1, &buf)
				if !ok {
					return false
				}
				i = end
				str = v
				typ = parse.TString
			} else {
				i++
			}
		case startCompare:
			if i+1 < n && s[i+1] == '=' {
				i += 2
				switch c {
				case '=':
					typ = parse.TEqeq
				case '~':
					typ = parse.TNeq
				case '<':
					typ = parse.TLte
				default:
					typ = parse.TGte
				}
				break
			}
			if c == '~' {
				return false
			}
			i++
		case startColon:
			i++
			if i < n && s[i] == ':' {
				i++
				typ = parse.T2Colon
				f.lua51Suspect = true // a label, refused
			}
		case startSeparator:
			// Lua 5.1 refuses ';' in several places, and ',' after ','
			// or ';'.
			if c == ';' || len(out) > 0 && (out[len(out)-1].Type == ',' || out[len(out)-1].Type == ';') {
				f.lua51Suspect = true
			}
			i++
		case startSingle:
			i++
		default:
			return false
		}
		v0, v1 := int32(vs), int32(i)
		if typ == parse.TString {
			// Most strings are slices of s; a decoded one is not.
			if d := uintptr(unsafe.Pointer(unsafe.StringData(str))) - uintptr(unsafe.Pointer(unsafe.StringData(s))); len(str) == 0 {
				v0, v1 = int32(start), int32(start)
			} else if d < uintptr(n) {
				v0, v1 = int32(d), int32(int(d)+len(str))
			} else {
				values = append(values, str)
				v0, v1 = int32(-len(values)), 0
			}
		}
		out = append(out, Token{Type: int32(typ), Off: int32(start), End0: int32(i), line: int32(cur.lineOf(start)), v0: v0, v1: v1})
		if nest.step(typ) {
			// As scanGopher: stop where Lua 5.1 gives up.
			f.tooDeep = true
			break
		}
	}
	// The tokens were read into scratch space that is reused from file to
	// file; the File gets them at their exact number. A guess from the
	// file's size overshoots (real scripts have between one token per
	// 3.5 and one per 15 bytes): reading straight into a slice of a
	// quarter of the file's size allocated 18% more bytes in
	// BenchmarkParse, and ran more instructions, than this copy.
	if pool == &releasedTokens {
		*toks = out
		f.Tokens, f.tokBuf = out, toks
		toks = nil
	} else {
		f.Tokens = slices.Clone(out)
	}
	f.Comments, f.commentBuf = comments, cbuf
	f.text, f.values = s, values
	f.fastScanned = true
	return true
}

// lineCursor converts offsets that never decrease to positions.
type lineCursor struct {
	ls    []int // File.lineStarts
	line  int   // index of the line of the last offset converted
	start int   // ls[line]
	next  int   // ls[line+1], or MaxInt on the last line
}

func newLineCursor(ls []int) lineCursor {
	c := lineCursor{ls: ls}
	c.advance(0)
	return c
}

func (c *lineCursor) pos(off int) span.Pos {
	if off >= c.next {
		c.advance(off)
	}
	return span.Pos{Line: c.line + 1, Column: off - c.start + 1}
}

// lineOf is the 1-based line of offset off.
func (c *lineCursor) lineOf(off int) int {
	if off >= c.next {
		c.advance(off)
	}
	return c.line + 1
}

func (c *lineCursor) advance(off int) {
	for c.line+1 < len(c.ls) && c.ls[c.line+1] <= off {
		c.line++
	}
	c.start, c.next = c.ls[c.line], math.MaxInt
	if c.line+1 < len(c.ls) {
		c.next = c.ls[c.line+1]
	}
}

// tokenScratch holds the slices fastScan reads tokens into.
var tokenScratch = sync.Pool{New: func() any { return new([]Token) }}

// releasedComments holds the comment slices of released Files.
var releasedComments sync.Pool

// releasedTokens holds the token slices of released Files (WithParse).
var releasedTokens sync.Pool

// longLevel returns the level of the long bracket that opens at s[i:]
// (`[==[` is 2), or -1 when none does.
func longLevel(s string, i int) int {
	if i >= len(s) || s[i] != '[' {
		return -1
	}
	j := i + 1
	for j < len(s) && s[j] == '=' {
		j++
	}
	if j < len(s) && s[j] == '[' {
		return j - i - 1
	}
	return -1
}

// ownLine reports whether only white space precedes offset off on the line
// starting at lineStart, in the source as written (as addComment decides,
// with strings.TrimSpace, which also knows Unicode's spaces).
func (f *File) ownLine(lineStart, off int) bool {
	for k := lineStart; k < off; k++ {
		switch c := f.Src[k]; {
		case c == ' ' || c == '\t' || c == '\v' || c == '\f':
		case c >= 0x80:
			return strings.TrimSpace(string(f.Src[lineStart:off])) == ""
		default:
			return false
		}
	}
	return true
}

// byteClass classifies bytes for fastScan's inner loops, a load each
// instead of a chain of comparisons.
var byteClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			t[c] |= classSpace
		}
		if isIdentByte(byte(c)) {
			t[c] |= classIdent
		}
	}
	return t
}()

const (
	classSpace = 1 << iota // white space gopher-lua skips
	classIdent             // a byte of a name
)

// The classes of a token's first byte (startClass), for fastScan's
// dispatch. startBad, zero, is every byte fastScan leaves to gopher-lua's
// scanner.
const (
	startBad       = iota
	startName      // a letter or '_'
	startDigit     // a decimal digit
	startDot       // '.', which may also start a number (".5")
	startMinus     // '-', which may start a comment
	startQuote     // '"' or '\''
	startBracket   // '[', which may open a long string
	startCompare   // '=', '~', '<', '>': alone or before '='
	startColon     // ':' or '::'
	startSeparator // ',' or ';'
	startSingle    // a token of one byte whatever follows
)

var startClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch b := byte(c); {
		case b == '_' || isLetterByte(b):
			t[c] = startName
		case isDecimalByte(b):
			t[c] = startDigit
		}
	}
	t['.'], t['-'], t['"'], t['\''], t['['], t[':'] = startDot, startMinus, startQuote, startQuote, startBracket, startColon
	for _, c := range "=~<>" {
		t[c] = startCompare
	}
	t[','], t[';'] = startSeparator, startSeparator
	for _, c := range "+*/%^#(){}]" {
		t[c] = startSingle
	}
	return t
}()

// maxKeyword is the length of the longest reserved word, and
// keywordShapes[c] has bit l set when a reserved word of length l starts
// with byte c: a name of another shape is no reserved word.
const maxKeyword = 8

var keywordShapes = func() (t [256]uint16) {
	for _, w := range reservedWords {
		t[w[0]] |= 1 << len(w)
	}
	return t
}()

func isIdentByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func isHexByte(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// reservedWords are the words keyword knows.
var reservedWords = []string{"and", "break", "do", "else", "elseif", "end", "false", "for", "function", "if", "in",
	"local", "nil", "not", "or", "return", "repeat", "then", "true", "until", "while", "goto"}

// keyword returns the token type of a reserved word (gopher-lua's
// reservedWords, goto included).
func keyword(w string) (int, bool) {
	switch w {
	case "and":
		return parse.TAnd, true
	case "break":
		return parse.TBreak, true
	case "do":
		return parse.TDo, true
	case "else":
		return parse.TElse, true
	case "elseif":
		return parse.TElseIf, true
	case "end":
		return parse.TEnd, true
	case "false":
		return parse.TFalse, true
	case "for":
		return parse.TFor, true
	case "function":
		return parse.TFunction, true
	case "if":
		return parse.TIf, true
	case "in":
		return parse.TIn, true
	case "local":
		return parse.TLocal, true
	case "nil":
		return parse.TNil, true
	case "not":
		return parse.TNot, true
	case "or":
		return parse.TOr, true
	case "return":
		return parse.TReturn, true
	case "repeat":
		return parse.TRepeat, true
	case "then":
		return parse.TThen, true
	case "true":
		return parse.TTrue, true
	case "until":
		return parse.TUntil, true
	case "while":
		return parse.TWhile, true
	case "goto":
		return parse.TGoto, true
	}
	return 0, false
}

// scanNumber reads a numeral at i as gopher-lua's scanNumber does and
// returns where it ends and how many leading bytes its value drops
// (gopher-lua reads "012" as "12"). ok is false for what gopher-lua reads
// oddly (a bare exponent takes the next byte whatever it is, "0x" alone is
// an error): the slow path handles those.
func scanNumber(s string, i int) (end, drop int, ok bool) {
	n := len(s)
	if s[i] == '0' && i+1 < n && (s[i+1] == 'x' || s[i+1] == 'X') {
		j := i + 2
		for j < n && isHexByte(s[j]) {
			j++
		}
		return j, 0, j > i+2
	}
	if s[i] == '0' && i+1 < n && isDecimalByte(s[i+1]) {
		drop = 1
	}
	// The first byte (a digit, or the '.' of ".5"), then digits.
	j := i + 1
	for j < n && isDecimalByte(s[j]) {
		j++
	}
	if j < n && s[j] == '.' {
		j++
		for j < n && isDecimalByte(s[j]) {
			j++
		}
	}
	if j < n && (s[j] == 'e' || s[j] == 'E') {
		j++
		if j < n && (s[j] == '-' || s[j] == '+') {
			j++
		}
		if j >= n || !isDecimalByte(s[j]) {
			return 0, 0, false
		}
		for j < n && isDecimalByte(s[j]) {
			j++
		}
	}
	return j, drop, true
}

// quotedString reads a quoted string at i as gopher-lua's scanString does:
// a line break ends it in error, escapes are decoded (\ddd up to three
// digits, any other escaped byte stands for itself, an escaped line break
// for "\n"). buf is scratch space.
func quotedString(s string, i int, buf []byte) (end int, val string, ok bool) {
	n := len(s)
	quote := s[i]
	j := i + 1
	// The common case: no escape, a slice of s.
	for j < n && s[j] != quote && s[j] != '\\' && s[j] != '\n' && s[j] != '\r' {
		j++
	}
	if j < n && s[j] == quote {
		return j + 1, s[i+1 : j], true
	}
	buf = append(buf, s[i+1:j]...)
	for j < n {
		c := s[j]
		switch {
		case c == quote:
			return j + 1, string(buf), true
		case c == '\n' || c == '\r':
			return 0, "", false
		case c != '\\':
			buf = append(buf, c)
			j++
			continue
		}
		j++
		if j >= n {
			return 0, "", false
		}
		e := s[j]
		j++
		switch e {
		case 'a':
			buf = append(buf, '\a')
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'v':
			buf = append(buf, '\v')
		case '\n', '\r':
			// One line break: \r\n and \n\r count once.
			if j < n && (s[j] == '\n' || s[j] == '\r') && s[j] != e {
				j++
			}
			buf = append(buf, '\n')
		default:
			if isDecimalByte(e) {
				v := int(e - '0')
				for k := 0; k < 2 && j < n && isDecimalByte(s[j]); k++ {
					v = v*10 + int(s[j]-'0')
					j++
				}
				if v > 255 {
					return 0, "", false
				}
				buf = append(buf, byte(v))
			} else {
				buf = append(buf, e)
			}
		}
	}
	return 0, "", false
}

// longString reads a long bracket whose first '[' is at i-1 (s[i] is '['
// or '='), as gopher-lua's scanMultilineString does: a line break right
// after the opening is skipped, and every line break in the value is "\n".
// bufp, when not nil, receives scratch space for a value that needs
// rewriting; comments pass nil and get no value.
func longString(s string, i int, bufp *[]byte) (end int, val string, ok bool) {
	n := len(s)
	level := 0
	for i < n && s[i] == '=' {
		level++
		i++
	}
	if i >= n || s[i] != '[' {
		return 0, "", false
	}
	i++
	if i < n && (s[i] == '\n' || s[i] == '\r') {
		c := s[i]
		i++
		if i < n && (s[i] == '\n' || s[i] == '\r') && s[i] != c {
			i++
		}
	}
	body := i
	for j := i; j < n; j++ {
		if s[j] != ']' {
			continue
		}
		k := j + 1
		for k < n && s[k] == '=' {
			k++
		}
		if k-j-1 == level && k < n && s[k] == ']' {
			if bufp == nil {
				return k + 1, "", true
			}
			return k + 1, longValue(s[body:j], bufp), true
		}
	}
	return 0, "", false
}

// longValue is a long string's value: its text with every line break
// (\n, \r, \r\n, \n\r) as "\n".
func longValue(v string, bufp *[]byte) string {
	cr := false
	for k := 0; k < len(v); k++ {
		if v[k] == '\r' {
			cr = true
			break
		}
	}
	if !cr {
		return v
	}
	buf := (*bufp)[:0]
	for k := 0; k < len(v); k++ {
		c := v[k]
		if c == '\n' || c == '\r' {
			if k+1 < len(v) && (v[k+1] == '\n' || v[k+1] == '\r') && v[k+1] != c {
				k++
			}
			c = '\n'
		}
		buf = append(buf, c)
	}
	*bufp = buf
	return string(buf)
}
