package hostlang

import (
	"bytes"
	"strings"
	"sync"
)

// The expression walker works on the token streams the tokenizers make.
// It knows, for every language, only the shapes that carry a script: a
// chain of operands joined by the language's concatenation operator, each
// a literal (adjacent literals merged where the language joins them), a
// name (resolved through same-file bindings), a call of a known formatting
// or dedenting function, or a parenthesized expression; postfix methods
// that transform a string (trimIndent, strip, format...); and calls of
// the script APIs with their arguments.

// stream is a token sequence with its brackets matched.
type stream struct {
	toks  []token
	match []int
	// exprAt[i] is the expression parsed at token i, if any.
	exprAt []*expr
	// lastHeredoc[i] is the last token at or before i that is a Ruby
	// heredoc with a body apart, or -1.
	lastHeredoc []int
}

func newStream(toks []token, src []byte, lits []Literal) *stream {
	st := &stream{toks: toks, match: make([]int, len(toks)), exprAt: make([]*expr, len(toks)), lastHeredoc: make([]int, len(toks))}
	var stack []int
	heredoc := -1
	for i, t := range toks {
		st.match[i] = -1
		if t.Kind == TkString && lits[t.Lit].BodyEnd > 0 {
			heredoc = i
		}
		st.lastHeredoc[i] = heredoc
		if t.Kind == tkSep {
			stack = stack[:0]
			continue
		}
		if t.Kind != TkPunct || t.End-t.Start != 1 {
			continue
		}
		switch c := src[t.Start]; c {
		case '(', '[', '{':
			stack = append(stack, i)
		case ')', ']', '}':
			// Pop to the matching opener, looking a few levels down
			// only (an unclosed bracket inside is skipped); an
			// unmatched closer matches nothing. The bound keeps
			// hostile input (a run of closers) linear.
			open := byte('(')
			switch c {
			case ']':
				open = '['
			case '}':
				open = '{'
			}
			for k := len(stack) - 1; k >= 0 && k >= len(stack)-4; k-- {
				if src[toks[stack[k]].Start] == open {
					st.match[stack[k]] = i
					st.match[i] = stack[k]
					stack = stack[:k]
					break
				}
			}
		}
	}
	return st
}

type opKind uint8

const (
	// opOther is an operand whose value is unknown.
	opOther opKind = iota
	opLit
	opRef
	// opWrap is a known function applied to a string: dedent(x),
	// sprintf(x, ...), String.format(x, ...), trim(x).
	opWrap
	opParen
)

// argRange is a token range [first, last).
type argRange struct{ first, last int }

// postfix is a method applied to an operand ("%" for Python's and Ruby's
// formatting operator, whose argument is args[0]).
type postfix struct {
	name string
	args []argRange
}

type operand struct {
	first, last int
	kind        opKind
	lits        []int // opLit: the token indexes of the literals
	name        string
	call        bool
	fn          string
	inner       *expr
	args        []argRange
	post        []postfix
	// dynamic marks an opOther that computes a value at run time (a call
	// with arguments, an index, a method of a literal that is not
	// known), as opposed to one that is no string at all (a number, a
	// list, an object, `new X()`, a lambda).
	dynamic bool
	// number is an integer literal operand: concatenated, it is its
	// digits.
	number bool
	// rawLit marks literals (lits) whose value an unknown method
	// transforms; raw is the expression of the literals as written.
	rawLit bool
	raw    *expr
	// qual is the name before the last of a reference chain (`Scripts`
	// of `Scripts.unlock()`).
	qual string
	// lit1 holds lits of a single literal, the commonest.
	lit1 [1]int
}

// rawLitExpr is the expression of an operand's literals as written,
// before the unknown method that makes the operand's value unknown.
func (w *walker) rawLitExpr(st *stream, op *operand) *expr {
	if op.raw == nil {
		last := op.lits[len(op.lits)-1] + 1
		e := &expr{st: st, first: op.first, last: last, ops: []*operand{{first: op.first, last: last, kind: opLit, lits: op.lits}}}
		e.start, e.end = w.hostRange(st, op.first, last)
		op.raw = e
	}
	return op.raw
}

// expr is a string expression: operands joined by concatenation.
type expr struct {
	st          *stream
	first, last int
	ops         []*operand
	start, end  int
	contained   bool

	state    uint8 // 0 unevaluated, 1 evaluating, 2 done
	val      *Value
	fragment bool
	calls    []Call
	foundBy  string
	template string
	name     string
	// numeric marks a value that is a number constant's digits.
	numeric bool
	// mayMatter caches mayMatter: 0 unknown, 1 yes, -1 no.
	mayMatter int8
	// op1 holds ops of a single operand, the commonest.
	op1 [1]*operand
}

// walker holds one Extract's state.
type walker struct {
	s    *Scanner
	src  []byte
	lang Lang
	// t and wrappers are the language's traits and wrapper functions.
	t        *Traits
	wrappers map[string]string
	keywords *keywordSet
	apis     *APIs
	streams  []*stream
	cands    []*expr
	bindings map[string][]*binding
	targets  map[*expr]bool
	evalDeep int
	// types are the classes, objects and modules the file declares.
	types map[string]bool
	// created maps the offset of a creating call's name to the script
	// of the object it makes.
	created map[int]*expr
	// subAt maps offsets to tokens of the hole stream, made on demand.
	subAt map[int]int
	// params maps a name to the host ranges of the functions that have
	// a parameter of that name.
	params map[string][][2]int
	// appends maps a name to the offsets where the file appends to it
	// (`s += "..."`, PHP `$s .= "..."`, Ruby `s << "..."`), in order.
	appends map[string][]int
	// appendSites are the same appends' name tokens, index for index.
	appendSites map[string][]appendSite
	// joins maps an assignment appended to to the text its pieces join
	// into (joinAppends).
	joins map[*binding]*join
	// lineStart and nextDedent index the main stream's indentation, for
	// Python and Ruby (indentIndex), made when first needed.
	lineStart, nextDedent []int32
	// ops and exprs are where parseOperand and parseExpr take their
	// operands and expressions from.
	ops   slab[operand]
	exprs slab[expr]
}

// slab hands out zero values of T carved from chunks. The collector parses
// an expression at nearly every token of a file that may hold a script,
// each an operand or two, and allocating them one at a time was a tenth of
// Redisson's extraction: chunks that grow with the file give the same
// fresh zero values (never reused) for a few allocations in place of
// thousands. A chunk lives as long as one of its values does: all of them
// end with the walker.
type slab[T any] struct {
	free []T
	// next is the length of the next chunk: 16, doubling to 512, so that
	// a small file does not pay for a large one.
	next int
}

func (s *slab[T]) alloc() *T {
	if len(s.free) == 0 {
		n := min(max(16, s.next), 512)
		s.free, s.next = make([]T, n), 2*n
	}
	v := &s.free[0]
	s.free = s.free[1:]
	return v
}

// external reports whether a reference names a member of a type the file
// does not declare (`LuaScripts::pop()` in a file that only uses the
// class): a same-named local binding is not what it holds.
func (w *walker) external(op *operand) bool {
	q := bareName(op.qual)
	if q == "" || q[0] < 'A' || q[0] > 'Z' || w.types[q] {
		return false
	}
	return true
}

// declaredTypes collects the names after class, interface, object,
// module, enum, struct, trait and record.
func (w *walker) declaredTypes(st *stream) {
	for i := 0; i+1 < len(st.toks); i++ {
		t := st.toks[i]
		if t.Kind != TkIdent || st.toks[i+1].Kind != TkIdent {
			continue
		}
		switch w.text(t) {
		case "class", "interface", "object", "module", "enum", "struct", "trait", "record":
			w.types[w.text(st.toks[i+1])] = true
		}
	}
}

// binding is a same-file name and the expressions it may hold (several
// when the value is `a || b`).
type binding struct {
	off int
	fn  bool
	// field marks a field of an object literal, dict or hash (`key:
	// value`, `'key' => value`).
	field bool
	alts  []*expr
	// For an assignment (`name = value`), what says whether it reaches a
	// later use (settled): guarded marks one a branch or a loop runs
	// (`if (c) x = ...`, `x = ... if c`); flowEnd is where the innermost
	// block of code around it ends (a body of a branch, a loop or a
	// function, not of a class), or the file's length; stmt is the token
	// its statement starts at, in st.
	guarded bool
	flowEnd int
	st      *stream
	stmt    int
}

const maxParseDepth = 64

func (w *walker) text(t token) string { return string(w.src[t.Start:t.End]) }

func (w *walker) is(st *stream, i int, p string) bool {
	if i < 0 || i >= len(st.toks) {
		return false
	}
	t := st.toks[i]
	return t.End-t.Start == len(p) && string(w.src[t.Start:t.End]) == p && (t.Kind == TkPunct || t.Kind == TkIdent)
}

func (w *walker) isMember(st *stream, i int) bool {
	if i < 0 || i >= len(st.toks) || st.toks[i].Kind != TkPunct {
		return false
	}
	return w.t.member(w.text(st.toks[i]))
}

func (w *walker) isConcat(st *stream, i int) bool {
	if i < 0 || i >= len(st.toks) || st.toks[i].Kind != TkPunct {
		return false
	}
	switch w.text(st.toks[i]) {
	case "+", ".", "<>", "..":
		return w.text(st.toks[i]) == w.t.ConcatOp
	case "<<":
		return w.t.ShiftAppends
	}
	return false
}

// adjacent reports whether the language joins adjacent literals.
func (w *walker) adjacent() bool { return w.t.AdjacentLiterals }

// keywordSets are made on first use: a run over .lua files alone never
// needs them.
var keywordSets sync.Map // Lang -> *keywordSet

// keywordSet is a language's reserved words, with a filter that rules out
// most names before they are hashed: a bit for each length (up to
// maxKeywordLen, longer ones share the last) and first byte of a word of
// the set. The walker asks about nearly every name of a kept file, and
// the hashing was 2 to 3% of a run over Redisson.
type keywordSet struct {
	words map[string]bool
	seen  [maxKeywordLen + 1][4]uint64
}

const maxKeywordLen = 15

func keywordsOf(l Lang) *keywordSet {
	if k, ok := keywordSets.Load(l); ok {
		return k.(*keywordSet)
	}
	k2, _ := keywordSets.LoadOrStore(l, newKeywordSet(l.Keywords()))
	return k2.(*keywordSet)
}

// newKeywordSet is the set of the words of text, separated by spaces.
func newKeywordSet(text string) *keywordSet {
	k := &keywordSet{words: map[string]bool{}}
	for _, w := range strings.Fields(text) {
		k.words[w] = true
		k.seen[min(len(w), maxKeywordLen)][w[0]>>6] |= 1 << (w[0] & 63)
	}
	return k
}

// has reports whether name is a word of the set.
func (k *keywordSet) has(name []byte) bool {
	if len(name) == 0 || k.seen[min(len(name), maxKeywordLen)][name[0]>>6]&(1<<(name[0]&63)) == 0 {
		return false
	}
	return k.words[string(name)]
}

// keyword reports whether name is reserved in the walker's language.
func (w *walker) keyword(name string) bool { return w.keywords.has([]byte(name)) }

// keywordTok is keyword of t's text, without making a string of it.
func (w *walker) keywordTok(t token) bool { return w.keywords.has(w.src[t.Start:t.End]) }

var controlWords = map[string]bool{
	"if": true, "for": true, "while": true, "switch": true, "catch": true, "using": true, "lock": true,
	"foreach": true, "fixed": true, "synchronized": true, "when": true, "with": true, "elif": true,
	"unless": true, "until": true, "return": true, "new": true, "typeof": true, "sizeof": true,
	"nameof": true, "await": true, "function": true, "fun": true, "do": true, "else": true, "try": true,
}

// bareName strips a PHP or Ruby sigil.
func bareName(s string) string {
	return strings.TrimLeft(s, "$@")
}

// isStart reports whether token i may start an expression (it is not the
// continuation of one that began before it).
func (w *walker) isStart(st *stream, i int) bool {
	t := st.toks[i]
	paren := t.Kind == TkPunct && w.src[t.Start] == '(' && t.End-t.Start == 1
	if t.Kind == TkPunct && w.src[t.Start] == '-' && t.End-t.Start == 1 && w.is(st, i-1, "=") &&
		i+1 < len(st.toks) && st.toks[i+1].Kind == TkNumber {
		// `X = -1`: a negative constant a template may use.
		return true
	}
	if (w.is(st, i, "{") || w.is(st, i, "[")) && w.is(st, i-1, "=") {
		// An object or a list given a name: the name is declared, and
		// qualified references into it may resolve (`scripts.ping`).
		return true
	}
	if t.Kind != TkString && t.Kind != TkIdent && !paren {
		return false
	}
	if t.Kind == TkIdent && w.keywordTok(t) && string(w.src[t.Start:t.End]) != "new" {
		return false
	}
	if i == 0 {
		return true
	}
	p := st.toks[i-1]
	if p.Kind == tkNewline {
		// A line that continues an operator at the end of the one
		// before (`"a" +` NL `"b"`) starts nothing.
		q := i - 1
		for q > 0 && st.toks[q].Kind == tkNewline {
			q--
		}
		return !(w.isConcat(st, q) || w.isMember(st, q))
	}
	switch p.Kind {
	case tkSep, TkNumber:
		return true
	case TkString:
		return !(w.adjacent() && t.Kind == TkString) && !paren
	case TkIdent:
		return !paren
	case TkPunct:
		if w.isConcat(st, i-1) || w.isMember(st, i-1) {
			return false
		}
		switch w.text(p) {
		case ")", "]":
			return false
		case "%":
			return !w.t.PercentFormat
		}
		return true
	}
	return true
}

// parseExpr parses a string expression at token i, or returns nil when no
// operand starts there.
func (w *walker) parseExpr(st *stream, i, depth int) *expr {
	if i < 0 || i >= len(st.toks) || depth > maxParseDepth {
		return nil
	}
	if e := st.exprAt[i]; e != nil {
		return e
	}
	op, j := w.parseOperand(st, i, depth)
	if op == nil {
		return nil
	}
	e := w.exprs.alloc()
	e.st, e.first = st, i
	e.op1[0] = op
	e.ops = e.op1[:1:1]
	for j < len(st.toks) && w.isConcat(st, j) {
		k := j + 1
		for k < len(st.toks) && st.toks[k].Kind == tkNewline {
			k++
		}
		op2, k2 := w.parseOperand(st, k, depth)
		if op2 == nil {
			break
		}
		e.ops = append(e.ops, op2)
		j = k2
	}
	e.last = j
	e.start, e.end = w.hostRange(st, i, j)
	st.exprAt[i] = e
	e.contained = depth > 0
	return e
}

// hostRange is the host range of tokens [first, last), heredoc bodies
// included.
func (w *walker) hostRange(st *stream, first, last int) (int, int) {
	if last <= first {
		t := st.toks[min(first, len(st.toks)-1)]
		return t.Start, t.Start
	}
	start, end := st.toks[first].Start, st.toks[last-1].End
	// Heredoc bodies follow one another in token order: the last
	// heredoc of the range has the body that ends furthest.
	if k := st.lastHeredoc[last-1]; k >= first {
		end = max(end, w.s.Lits[st.toks[k].Lit].BodyEnd)
	}
	return start, min(end, len(w.src))
}

// transforms are the methods known to return the string they are called
// on, transformed.
var transforms = map[string]string{
	"strip": "trim", "trim": "trim", "Trim": "trim", "lstrip": "ltrim", "rstrip": "rtrim",
	"trimStart": "ltrim", "trimEnd": "rtrim", "TrimStart": "ltrim", "TrimEnd": "rtrim",
	"stripLeading": "ltrim", "stripTrailing": "rtrim", "trimIndent": "trimIndent", "trimMargin": "trimMargin", "stripMargin": "stripMargin",
	"stripIndent": "stripIndent", "squish": "squish", "strip_heredoc": "squiggly",
	"freeze": "id", "intern": "id", "dup": "id", "to_s": "id", "toString": "id", "ToString": "id",
	"encode": "id", "to_str": "id", "String": "id", "getBytes": "id", "toByteArray": "id", "as_bytes": "id",
	"format": "format", "formatted": "printf",
}

// parseOperand parses one operand at i and returns it with the index
// after it.
func (w *walker) parseOperand(st *stream, i, depth int) (*operand, int) {
	toks := st.toks
	if i >= len(toks) {
		return nil, i
	}
	t := toks[i]
	op := w.ops.alloc()
	op.first = i
	j := i + 1
	switch t.Kind {
	case TkString:
		op.kind = opLit
		op.lit1[0] = i
		op.lits = op.lit1[:1:1]
		if w.adjacent() {
			for j < len(toks) && toks[j].Kind == TkString {
				op.lits = append(op.lits, j)
				j++
			}
		}
	case TkNumber:
		op.number = isInteger(w.text(t))
	case TkIdent:
		name := w.text(t)
		if name == "new" {
			// new Type(...), new Type[] {...}, new(...): no string.
			j = w.skipNew(st, i+1)
			break
		}
		if w.keyword(name) {
			return nil, i
		}
		chain := name
		last := name
		for j+1 < len(toks) && w.isMember(st, j) {
			k := j + 1
			k = w.skipGenerics(st, k)
			if k >= len(toks) || toks[k].Kind != TkIdent {
				break
			}
			_, wrapper := w.wrappers[chain+"."+w.text(toks[k])]
			if _, isTransform := transforms[w.text(toks[k])]; isTransform && !wrapper {
				// A transform is a postfix of the chain so far.
				break
			}
			// The chain's text matters only to match the short names of
			// wrappers and list makers: a long one is not kept whole.
			if len(chain) < 64 {
				chain += w.text(toks[j]) + w.text(toks[k])
			}
			op.qual = last
			last = w.text(toks[k])
			j = k + 1
		}
		j = w.skipGenerics(st, j)
		if w.t.MacroCalls && w.is(st, j, "!") && (w.is(st, j+1, "(") || w.is(st, j+1, "[")) {
			// A macro call, name!(...) or name![...].
			j++
		}
		if j < len(toks) && (w.is(st, j, "(") || w.t.MacroCalls && w.is(st, j, "[") && w.is(st, j-1, "!")) && st.match[j] > j {
			close := st.match[j]
			args := w.splitArgs(st, j+1, close)
			if fn, ok := w.wrappers[chain]; ok && len(args) > 0 {
				op.kind = opWrap
				op.fn = fn
				op.inner = w.parseArg(st, args[0], depth+1)
				op.args = args[1:]
				if op.inner == nil {
					op.kind, op.dynamic = opOther, true
				}
			} else if len(args) == 0 {
				op.kind, op.name, op.call = opRef, bareName(last), true
			} else {
				op.dynamic = true
			}
			j = close + 1
		} else {
			op.kind, op.name = opRef, bareName(last)
		}
	case TkPunct:
		c := w.src[t.Start]
		if c == '-' && t.End-t.Start == 1 && i+1 < len(toks) && toks[i+1].Kind == TkNumber && toks[i+1].Start == t.End && isInteger(w.text(toks[i+1])) {
			// A negative integer.
			op.number = true
			j = i + 2
			break
		}
		if t.End-t.Start != 1 || (c != '(' && c != '[' && c != '{') {
			return nil, i
		}
		close := st.match[i]
		if close < 0 {
			return nil, i
		}
		if c == '(' {
			if inner := w.parseExpr(st, i+1, depth+1); inner != nil && inner.last == close {
				op.kind, op.inner = opParen, inner
			} else {
				op.dynamic = true
			}
		}
		j = close + 1
	default:
		return nil, i
	}
	j = w.parsePostfix(st, op, j, depth)
	op.last = j
	return op, j
}

func isInteger(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// skipNew skips what follows `new`: a type with generics, then an
// argument list, an array's brackets and an initializer.
func (w *walker) skipNew(st *stream, j int) int {
	toks := st.toks
	for j < len(toks) && (toks[j].Kind == TkIdent || w.isMember(st, j) || w.is(st, j, "::")) {
		j++
		j = w.skipGenerics(st, j)
	}
	for j < len(toks) && (w.is(st, j, "(") || w.is(st, j, "[") || w.is(st, j, "{")) && st.match[j] > j {
		j = st.match[j] + 1
	}
	return j
}

// skipGenerics skips a type argument list `<...>` at j (Java, C#, Kotlin,
// TypeScript), recognized by holding only type-like tokens.
func (w *walker) skipGenerics(st *stream, j int) int {
	if !w.t.Generics || !w.is(st, j, "<") {
		return j
	}
	depth := 0
	for k := j; k < len(st.toks) && k < j+40; k++ {
		t := st.toks[k]
		switch {
		case w.is(st, k, "<"):
			depth++
		case w.is(st, k, ">"):
			depth--
			if depth == 0 {
				return k + 1
			}
		case w.is(st, k, ">>"):
			depth -= 2
			if depth <= 0 {
				return k + 1
			}
		case t.Kind == TkIdent, w.is(st, k, "."), w.is(st, k, ","), w.is(st, k, "?"), w.is(st, k, "["), w.is(st, k, "]"), w.is(st, k, "*"):
		default:
			return j
		}
	}
	return j
}

// parsePostfix parses the methods, calls and indexes after an operand.
func (w *walker) parsePostfix(st *stream, op *operand, j, depth int) int {
	toks := st.toks
	for j < len(toks) {
		// Ruby and Kotlin continue a chain on the next line with a
		// leading dot.
		if toks[j].Kind == tkNewline && j+1 < len(toks) && w.isMember(st, j+1) {
			j++
			continue
		}
		switch {
		case w.isMember(st, j):
			k := w.skipGenerics(st, j+1)
			if k >= len(toks) || toks[k].Kind != TkIdent {
				return j
			}
			m := w.text(toks[k])
			k++
			var args []argRange
			if k < len(toks) && w.is(st, k, "(") && st.match[k] > k {
				args = w.splitArgs(st, k+1, st.match[k])
				k = st.match[k] + 1
			}
			w.addPostfix(op, m, args)
			j = k
		case w.is(st, j, "(") && st.match[j] > j:
			if op.kind == opRef && !op.call && st.match[j] == j+1 {
				op.call = true
			} else {
				op.kind, op.dynamic = opOther, true
			}
			j = st.match[j] + 1
		case w.is(st, j, "[") && st.match[j] > j:
			if op.kind != opOther || op.dynamic {
				op.kind, op.dynamic = opOther, true
			}
			j = st.match[j] + 1
		case w.is(st, j, "!!"), w.t.NonNullBang && w.is(st, j, "!") && !w.is(st, j+1, "="):
			j++
		case w.is(st, j, "%") && w.t.PercentFormat && (op.kind == opLit || op.kind == opRef || op.kind == opParen):
			arg, k := w.parseOperand(st, j+1, depth+1)
			if arg == nil {
				return j
			}
			op.post = append(op.post, postfix{name: "%", args: []argRange{{j + 1, k}}})
			j = k
		default:
			return j
		}
	}
	return j
}

// addPostfix records a method called on the operand.
func (w *walker) addPostfix(op *operand, m string, args []argRange) {
	if op.kind == opOther {
		return
	}
	tr, ok := transforms[m]
	if !ok || (tr == "format" && w.t.FormatMethod == "") {
		// An unknown method: its result is not the string. A literal
		// it is called on is kept as written (rawLit), for the script
		// it most likely is (`<<-EOF.gsub(/^ {14}/, '')`).
		op.rawLit = op.kind == opLit
		op.kind, op.dynamic = opOther, true
		return
	}
	op.post = append(op.post, postfix{name: m, args: args})
}

// splitArgs splits tokens [from, to) at top-level commas, or into forms
// with PrefixCalls. Ruby's command calls may continue past a line end after
// a comma.
func (w *walker) splitArgs(st *stream, from, to int) []argRange {
	var out []argRange
	if from >= to {
		return nil
	}
	if w.t.PrefixCalls {
		return w.splitForms(st, from, to)
	}
	start := from
	for k := from; k < to; k++ {
		t := st.toks[k]
		if t.Kind == TkPunct && st.match[k] > k && st.match[k] < to {
			k = st.match[k]
			continue
		}
		if w.is(st, k, ",") {
			out = append(out, argRange{start, k})
			start = k + 1
		}
	}
	if start < to {
		out = append(out, argRange{start, to})
	}
	// Drop newlines around arguments and a trailing empty one.
	for i := range out {
		for out[i].first < out[i].last && st.toks[out[i].first].Kind == tkNewline {
			out[i].first++
		}
		for out[i].last > out[i].first && st.toks[out[i].last-1].Kind == tkNewline {
			out[i].last--
		}
	}
	if n := len(out); n > 0 && out[n-1].first == out[n-1].last {
		out = out[:n-1]
	}
	return out
}

// splitForms splits tokens [from, to) into forms (PrefixCalls): reader
// prefixes, then a name with its members and the list it heads (`car/lua
// ( ... )`), a bracketed group, or one token.
func (w *walker) splitForms(st *stream, from, to int) []argRange {
	var out []argRange
	toks := st.toks
	for k := from; k < to; {
		start := k
		for k < to && toks[k].Kind == TkPunct && st.match[k] < 0 && isReaderPrefix(w.src[toks[k].Start]) {
			k++
		}
		switch {
		case k >= to:
		case toks[k].Kind == TkIdent:
			k++
			for k+1 < to && w.isMember(st, k) && toks[k+1].Kind == TkIdent {
				k += 2
			}
			if k < to && w.is(st, k, "(") && st.match[k] > k && st.match[k] < to {
				k = st.match[k] + 1
			}
		case toks[k].Kind == TkPunct && st.match[k] > k && st.match[k] < to:
			k = st.match[k] + 1
		default:
			k++
		}
		out = append(out, argRange{start, k})
	}
	return out
}

// isReaderPrefix reports whether c is a Lisp reader prefix: quote,
// syntax quote, unquote, deref, metadata, dispatch.
func isReaderPrefix(c byte) bool {
	return c == '\'' || c == '`' || c == '~' || c == '@' || c == '^' || c == '#'
}

// parseArg parses an argument as an expression that must cover it.
func (w *walker) parseArg(st *stream, a argRange, depth int) *expr {
	if a.first >= a.last {
		return nil
	}
	e := w.parseExpr(st, a.first, depth)
	if e == nil || e.last != a.last {
		return nil
	}
	return e
}

// kwArg reports whether argument a is a keyword argument (`name=v`,
// `name: v`, Ruby `:name => v`) and returns its name and value.
func (w *walker) kwArg(st *stream, a argRange) (string, argRange, bool) {
	if a.last-a.first < 2 {
		return "", a, false
	}
	t := st.toks[a.first]
	sep := w.text(st.toks[a.first+1])
	switch {
	case t.Kind == TkIdent && (sep == "=" || sep == ":") && !(sep == ":" && w.t.NoColonNamedArgs):
		return bareName(w.text(t)), argRange{a.first + 2, a.last}, true
	case t.Kind == TkNumber && w.t.Symbols && sep == "=>" && w.src[t.Start] == ':':
		return w.text(t)[1:], argRange{a.first + 2, a.last}, true
	case t.Kind == TkString && sep == "=>" || t.Kind == TkString && sep == ":" && w.t.QuotedKeys:
		return w.s.Lits[t.Lit].Val.Text.String(), argRange{a.first + 2, a.last}, true
	}
	return "", a, false
}

// argText is an argument's source, blanks trimmed.
func (w *walker) argText(st *stream, a argRange) string {
	if a.first >= a.last {
		return ""
	}
	return string(bytes.TrimSpace(w.src[st.toks[a.first].Start:st.toks[a.last-1].End]))
}

// objectField finds field name in the object literal `{...}` that is
// argument a, and returns its value.
func (w *walker) objectField(st *stream, a argRange, name string) (argRange, bool) {
	if a.last-a.first < 2 || !w.is(st, a.first, "{") || st.match[a.first] != a.last-1 {
		return argRange{}, false
	}
	for _, f := range w.splitArgs(st, a.first+1, a.last-1) {
		if n, v, ok := w.kwArg(st, f); ok && n == name {
			return v, true
		}
		// Shorthand `{ lua }`.
		if f.last-f.first == 1 && st.toks[f.first].Kind == TkIdent && w.text(st.toks[f.first]) == name {
			return f, true
		}
	}
	return argRange{}, false
}
