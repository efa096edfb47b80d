// Package luasrc parses one Lua 5.1 source file the way Redis would load it:
// a token index (built as gopher-lua's scanner reads the text) and a
// recursive-descent parser over it that builds gopher-lua's AST, gives
// every node a line and column range, and makes comments (suppressions)
// and the Redis shebang line available to rules.
package luasrc

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/nodemap"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/ast"
)

// MaxNesting bounds how deeply blocks and brackets may nest. Lua 5.1 refuses
// deeper chunks ("chunk has too many syntax levels", LUAI_MAXCCALLS = 200),
// and the bound keeps recursive walks over hostile input shallow.
const MaxNesting = 200

// SyntaxError is a position and a message in Lua's words.
type SyntaxError struct {
	Range   span.Range
	Message string
	// Help, when set, says what to do (the message says what is wrong).
	Help string
	// Advice is set when whether Redis sees the error depends on how the
	// host loads the file (a byte order mark, which many loaders drop): the
	// file alone does not show that the script fails, so it is reported at
	// info.
	Advice bool
}

// Comment is one comment with its text (without the leading dashes and
// brackets) and where it stands.
type Comment struct {
	Range span.Range
	Text  string
	// OwnLine is true when nothing but white space precedes it on its line.
	OwnLine bool
}

// File is a parsed script.
type File struct {
	Name string
	Src  []byte
	// lineStarts[i] is the byte offset where line i+1 starts.
	lineStarts []int
	Tokens     []Token
	// text is the text scanned, as a string that token values are sliced
	// from, and values the token values that are not (see Token).
	text     string
	values   []string
	Comments []Comment
	Shebang  *Shebang
	// Chunk is nil when the file did not parse.
	Chunk  []ast.Stmt
	Errors []SyntaxError
	// The position maps are keyed by the address of an AST node (see
	// nodemap), and the model asks them for every node.
	//
	// spans maps AST nodes to token index ranges, and marks the keys
	// written as `.name` (AttrGetExpr keys, and table fields written as
	// `name = v`) and the statements written `local function f` (f is in
	// scope in its own body).
	spans spanTable
	// names maps declaring statements (LocalAssignStmt, NumberForStmt,
	// GenericForStmt, FunctionExpr for its parameters, FuncDefStmt for a
	// method's implicit self) to the tokens of the names they declare.
	names nameTable
	// tokBuf is the pooled slice Tokens was read into, when it was
	// (fastScan), and lineBuf the one lineStarts was: release hands
	// them back.
	tokBuf     *[]Token
	lineBuf    *[]int
	commentBuf *[]Comment
	// positioned is true when the chunk parsed, every node with its
	// token span; Range falls back to whole lines for a node without one.
	positioned bool
	// fastScanned is true when fastScan built the token index: then no
	// string holds a decimal escape above 255 (fastScan gives up on one),
	// every number token is a numeral strtod reads whole, and hexNumber
	// says whether one is hexadecimal.
	fastScanned, hexNumber bool
	// lua51Suspect is set by fastScan when a token may be one that
	// checkLua51 refuses: a '::', a 'goto', a ';', a ',' after ',' or ';',
	// or a number that a letter, digit, '_' or '.' follows. Without one,
	// checkLua51 has nothing to find but tooDeep.
	lua51Suspect bool
	// tooDeep is true when the scanner stopped at its last token, where
	// the nesting passed what Lua 5.1 accepts (nesting.step).
	tooDeep bool
}

type tokSpan struct{ first, last int32 }

// setSpan records that node n spans tokens first..last (the parser calls
// the table itself, see parser.record).
func (f *File) setSpan(n any, first, last int) {
	f.spans.set(nodemap.Key(n), int32(first), int32(last), 0)
}

// span returns the tokens node n spans.
func (f *File) span(n any) (tokSpan, bool) {
	return f.spans.get(nodemap.Key(n))
}

// newPositionMaps makes the empty maps the parser fills; spans is sized
// for about spansHint nodes.
func (f *File) newPositionMaps(spansHint int) {
	f.spans = makeSpanTable(spansHint)
	// About one node in sixteen declares names.
	f.names.m.Init(spansHint/16, nodemap.Arrays[nameList]{})
}

// markLocalFunction marks s, whose span is recorded, as written `local
// function`.
func (f *File) markLocalFunction(s *ast.LocalAssignStmt) {
	f.spans.mark(nodemap.KeyOf(s), localFuncFlag)
}

// markDotKey marks key, whose span is recorded, as written `.name`.
func (f *File) markDotKey(key ast.Expr) {
	f.spans.mark(nodemap.Key(key), dotFlag)
}

// Parse reads src as Redis would. It never panics on any input; problems
// become SyntaxErrors.
func Parse(name string, src []byte) (f *File) {
	return parseFile(name, src, false)
}

// ParseDeclarations parses only as much as tells what a chunk declares at
// its top level: the body of every function is skipped (its FunctionExpr
// has no statements, and a syntax error inside it goes unreported). The
// include loader uses it for fragments whose names are all it needs, at a
// fraction of a full parse's cost.
func ParseDeclarations(name string, src []byte) *File {
	return parseFile(name, src, true)
}

func parseFile(name string, src []byte, skipBodies bool) (f *File) {
	f = &File{Name: name, Src: src}
	defer func() {
		if r := recover(); r != nil {
			// A bug of ours, not of the input: keep going with what we have
			// and say so, rather than take the whole run down.
			// The tree is dropped, and with it the position maps, which
			// key nodes by address (see nodemap).
			f.Chunk = nil
			f.spans, f.names = spanTable{}, nameTable{}
			f.positioned = false
			f.Errors = append(f.Errors, SyntaxError{Range: f.lineRange(1), Message: fmt.Sprintf("internal error while parsing: %v", r), Help: "this is a bug in lint-lua, not in the script: please report it"})
		}
	}()
	if _, ok := f.scanSource(); !ok {
		// The scanner stopped: there is no token stream to parse.
		return f
	}
	f.mergeHexFloats()
	if f.checkLua51() {
		return f
	}
	f.parse(skipBodies)
	return f
}

// scanSource does what every parse starts with: the line starts, the byte
// order mark and the Redis shebang line blanked out (reported and parsed,
// respectively), and the token index. It returns the text the tokens index
// and false when the scanner stopped, leaving no token stream to parse.
func (f *File) scanSource() (text []byte, ok bool) {
	// A released File's line starts are room for these (WithParse).
	f.lineBuf, _ = releasedLines.Get().(*[]int)
	if f.lineBuf != nil {
		f.lineStarts = computeLineStarts(f.Src, (*f.lineBuf)[:0])
	} else {
		f.lineStarts = computeLineStarts(f.Src, nil)
	}
	text = f.Src
	// Redis refuses a byte order mark: the script does not start with `#!`
	// nor with Lua. Report it, and lint the rest as if it were not there so
	// that the other findings are not lost.
	if bytes.HasPrefix(f.Src, []byte("\xEF\xBB\xBF")) {
		f.Errors = append(f.Errors, SyntaxError{
			Range:   span.Range{Start: span.Pos{Line: 1, Column: 1}, End: span.Pos{Line: 1, Column: 4}},
			Message: "the file starts with a UTF-8 byte order mark, which Redis does not accept",
			Help:    "Redis refuses the script if the loader sends the mark (Node's readFileSync, Java's readString and Python's utf-8 codec keep it; .NET's StreamReader and Python's utf-8-sig drop it): save it without a BOM",
			Advice:  true,
		})
		text = blank(text, 0, 3)
	}
	if sb, end := parseShebang(text); sb != nil {
		f.Shebang = sb
		text = blank(text, 0, end)
	}
	text = shortCommentBrackets(text)
	before := len(f.Errors)
	f.scan(text)
	return text, len(f.Errors) == before
}

// blank returns a copy of text with bytes [from,to) turned into spaces, so
// that every later position stays where it was.
func blank(text []byte, from, to int) []byte {
	out := append([]byte(nil), text...)
	for i := from; i < to && i < len(out); i++ {
		if out[i] != '\n' && out[i] != '\r' {
			out[i] = ' '
		}
	}
	return out
}

// computeLineStarts returns the line starts of src, in buf when it has
// room for them.
// LineStarts returns the offsets where the lines of src start, as Lua
// counts lines ("\n", "\r", "\r\n" and "\n\r" each end one): the lines
// and columns of a File's findings.
func LineStarts(src []byte) []int { return computeLineStarts(src, nil) }

func computeLineStarts(src []byte, buf []int) []int {
	starts := buf
	if n := bytes.Count(src, []byte{'\n'}) + 2; cap(starts) < n {
		starts = make([]int, 0, n)
	}
	starts = append(starts, 0)
	if bytes.IndexByte(src, '\r') < 0 {
		// No carriage return: every line ends at a '\n', which IndexByte
		// finds many bytes at a time.
		for i := 0; ; {
			k := bytes.IndexByte(src[i:], '\n')
			if k < 0 {
				return starts
			}
			i += k + 1
			starts = append(starts, i)
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\n' || c == '\r' {
			// Lua 5.1 (and gopher-lua) read \r\n and \n\r as one line end.
			if i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r') && src[i+1] != c {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return starts
}

// LineCount is the number of lines, not counting an empty last line after a
// final newline.
func (f *File) LineCount() int {
	n := len(f.lineStarts)
	if n > 0 && f.lineStarts[n-1] == len(f.Src) {
		n--
	}
	return n
}

// Line returns the text of a 1-based line without its terminator.
func (f *File) Line(n int) (string, bool) {
	if n < 1 || n > len(f.lineStarts) {
		return "", false
	}
	start := f.lineStarts[n-1]
	end := len(f.Src)
	if n < len(f.lineStarts) {
		end = f.lineStarts[n]
	}
	return strings.TrimRight(string(f.Src[start:end]), "\r\n"), true
}

// Offset converts a position to a byte offset.
func (f *File) Offset(p span.Pos) int {
	if p.Line < 1 {
		return 0
	}
	if p.Line > len(f.lineStarts) {
		return len(f.Src)
	}
	off := f.lineStarts[p.Line-1] + p.Column - 1
	if off > len(f.Src) {
		off = len(f.Src)
	}
	return off
}

// PosAt converts a byte offset to a position.
func (f *File) PosAt(off int) span.Pos {
	lo, hi := 0, len(f.lineStarts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if f.lineStarts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return span.Pos{Line: lo + 1, Column: off - f.lineStarts[lo] + 1}
}

func (f *File) lineRange(n int) span.Range {
	text, _ := f.Line(n)
	return span.Range{Start: span.Pos{Line: n, Column: 1}, End: span.Pos{Line: n, Column: len(text) + 1}}
}

// TokenRange is the range of tokens first..last inclusive: from the
// position of the first's offset Off to that of the last's End0. End0 is
// on the last token's start line but for a token over several lines (a
// long string, a string with an escaped line break, or `1e` and the line
// break gopher-lua reads into it, which ends at the next line's start).
func (f *File) TokenRange(first, last int) span.Range {
	// Start and end computed here, not by helpers: this runs for the
	// range of every node and name the rules report or compare.
	ls := f.lineStarts
	a, b := &f.Tokens[first], &f.Tokens[last]
	r := span.Range{Start: span.Pos{Line: int(a.line), Column: int(a.Off) - ls[a.line-1] + 1}}
	if l, end := int(b.line), int(b.End0); l < len(ls) && ls[l] <= end {
		r.End = f.PosAt(end)
	} else {
		r.End = span.Pos{Line: l, Column: end - ls[l-1] + 1}
	}
	return r
}

// Range returns where an AST node (expression or statement) stands.
func (f *File) Range(n ast.PositionHolder) span.Range {
	if s, ok := f.span(n); ok {
		return f.TokenRange(int(s.first), int(s.last))
	}
	if n == nil {
		return span.Range{Start: span.Pos{Line: 1, Column: 1}, End: span.Pos{Line: 1, Column: 1}}
	}
	line := n.Line()
	if line < 1 {
		line = 1
	}
	r := f.lineRange(line)
	// Start at the first non-blank byte so the underline is meaningful.
	text, _ := f.Line(line)
	r.Start.Column = len(text) - len(strings.TrimLeft(text, " \t")) + 1
	return r
}

// FirstToken returns the token index where a node starts, or -1.
func (f *File) FirstToken(n any) int {
	if s, ok := f.span(n); ok {
		return int(s.first)
	}
	return -1
}

// LastToken returns the token index where a node ends, or -1.
func (f *File) LastToken(n any) int {
	if s, ok := f.span(n); ok {
		return int(s.last)
	}
	return -1
}

// NameRanges returns the ranges of the names a statement or function
// declares, in order (see File.names).
func (f *File) NameRanges(decl any) []span.Range {
	first, n := f.names.list(nodemap.Key(decl))
	out := make([]span.Range, n)
	for i := range out {
		t := first + 2*i
		out[i] = f.TokenRange(t, t)
	}
	return out
}

// NameRange returns the range of the i-th name decl declares (see
// NameRanges), and false when it declares fewer.
func (f *File) NameRange(decl any, i int) (span.Range, bool) {
	first, n := f.names.list(nodemap.Key(decl))
	if i < 0 || i >= n {
		return span.Range{}, false
	}
	t := first + 2*i
	return f.TokenRange(t, t), true
}

// setNames records that decl declares the names at the token indexes
// idx (see nameTable).
func (f *File) setNames(decl any, idx []int) {
	if len(idx) == 0 {
		return
	}
	for k, t := range idx {
		if t != idx[0]+2*k {
			// The parser checks every ',' between names.
			panic(fmt.Sprintf("names at tokens %v are not a list", idx))
		}
	}
	f.names.set(nodemap.Key(decl), int32(idx[0]), int32(len(idx)))
}

// IsLocalFunction reports whether s was written `local function name`.
func (f *File) IsLocalFunction(s *ast.LocalAssignStmt) bool {
	return s != nil && f.spans.flags(nodemap.KeyOf(s))&localFuncFlag != 0
}

// IsDotKey reports whether an index key was written as `.name` (or a table
// field as `name = v`) rather than in brackets.
func (f *File) IsDotKey(e ast.Expr) bool { return f.spans.flags(nodemap.Key(e))&dotFlag != 0 }

// Positioned reports whether every node has an exact column range.
func (f *File) Positioned() bool { return f.positioned }

// NodeCount returns how many AST nodes the file has (each has its token
// span), for callers that size per-node tables.
func (f *File) NodeCount() int { return f.spans.len() }

// releasedLines holds the line starts of released Files.
var releasedLines sync.Pool

// WithParse parses src as Parse does, calls use with the File, and then
// gives the File's per-file arrays (its token index, line starts, comments
// and the table of its node spans) to the next parse: the lint of a file
// parses, models, reports and is done, and those arrays were the largest
// allocations of a run. use must keep neither the File nor anything read
// from it that is not a copy (Tokens, Comments, the AST): the File is
// emptied when use returns, so that a use after it fails rather than reads
// another file's data. Strings read from it stay valid. A File from Parse
// is never released: it is simply collected.
func WithParse(name string, src []byte, use func(*File)) {
	f := Parse(name, src)
	defer f.release()
	use(f)
}

// release gives the File's per-file arrays to the next parse and empties
// it (WithParse).
func (f *File) release() {
	// The slices Tokens and lineStarts were read into, or the copy the
	// File got of the tokens: the next Parse reads into them.
	if b := f.tokBuf; b != nil {
		releasedTokens.Put(b)
	} else if cap(f.Tokens) > 0 {
		b := new([]Token)
		*b = f.Tokens[:0]
		releasedTokens.Put(b)
	}
	if cap(f.lineStarts) > 0 {
		b := f.lineBuf
		if b == nil {
			b = new([]int)
		}
		*b = f.lineStarts[:0]
		releasedLines.Put(b)
	}
	if cap(f.Comments) > 0 {
		b := f.commentBuf
		if b == nil {
			b = new([]Comment)
		}
		// Their texts point into the File's text.
		clear(f.Comments)
		*b = f.Comments[:0]
		releasedComments.Put(b)
	}
	f.spans.release()
	*f = File{}
}
