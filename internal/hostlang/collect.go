package hostlang

import (
	"slices"
	"sort"
)

// collect parses every expression that starts in the stream, records the
// candidates (expressions with a literal, or joining several operands) and
// the bindings (names given to expressions).
func (w *walker) collect(st *stream) {
	toks := st.toks
	type scope struct {
		close int
		name  string
		// decl marks the body of a class, object or the like, whose
		// assignments run once, not on a path of the code around.
		decl bool
	}
	var scopes []scope
	def := ""
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		for len(scopes) > 0 && scopes[len(scopes)-1].close < i {
			scopes = scopes[:len(scopes)-1]
		}
		if t.Kind == tkSep {
			scopes, def = nil, ""
			continue
		}
		if w.is(st, i, "{") && st.match[i] > i {
			name := w.funcNameBefore(st, i)
			if name == "" && len(scopes) > 0 {
				name = scopes[len(scopes)-1].name
			}
			if len(scopes) < 1<<12 {
				scopes = append(scopes, scope{st.match[i], name, w.declBody(st, i)})
			}
			if open, close, ok := w.paramsBefore(st, i); ok {
				w.addParamScope(st, open, close, toks[i].Start, toks[st.match[i]].End)
			}
		}
		if t.Kind == TkIdent && w.t.DefFunctions && w.text(t) == "def" {
			k := i + 1
			if w.is(st, k, "self") && w.is(st, k+1, ".") {
				k += 2
			}
			if k < len(toks) && toks[k].Kind == TkIdent {
				def = w.text(toks[k])
				if w.is(st, k+1, "(") && st.match[k+1] > k+1 {
					w.addParamScope(st, k+1, st.match[k+1], toks[k].Start, w.defEnd(st, i))
				}
			}
		}
		if t.Kind == TkIdent && i+1 < len(toks) && w.appendOp(st, i+1) {
			name := bareName(w.text(t))
			if len(w.appends[name]) < 1<<10 {
				w.appends[name] = append(w.appends[name], t.Start)
				w.appendSites[name] = append(w.appendSites[name], appendSite{st: st, tok: i})
			}
			if w.t.ShiftAppends && w.stmtStart(st, i) && st.exprAt[i] == nil {
				// `s << "..."` on its own appends the text to s, as `s
				// += "..."` does: what it appends is an expression of
				// its own, not a concatenation with s's text.
				if e := w.parseExpr(st, i+2, 0); e != nil {
					if w.hasLit(e, 0) || len(e.ops) > 1 {
						w.cands = append(w.cands, e)
					}
				}
				continue
			}
		}
		if st.exprAt[i] != nil || !w.isStart(st, i) {
			continue
		}
		e := w.parseExpr(st, i, 0)
		if e == nil {
			continue
		}
		fn := def
		if len(scopes) > 0 && scopes[len(scopes)-1].name != "" {
			fn = scopes[len(scopes)-1].name
		}
		name, isFn := w.bindingSite(st, i, e, fn)
		if name != "" && !isFn && w.selfAppend(st, i, e, name) {
			// `s = s + "..."` appends to s as `s += "..."` does.
			if len(w.appends[name]) < 1<<10 {
				p := &expr{st: st, first: e.ops[1].first, last: e.last, ops: e.ops[1:], name: name}
				p.start, p.end = w.hostRange(st, p.first, p.last)
				w.appends[name] = append(w.appends[name], toks[i-2].Start)
				w.appendSites[name] = append(w.appendSites[name], appendSite{st: st, tok: i - 2, piece: p, whole: e})
			}
			name = ""
		}
		if name != "" {
			field := w.is(st, i-1, ":") || w.is(st, i-1, "=>") && !w.t.ArrowLambdas
			b := &binding{off: toks[i].Start, fn: isFn, field: field, alts: []*expr{e}, st: st, flowEnd: len(w.src)}
			for k := len(scopes) - 1; k >= 0; k-- {
				if !scopes[k].decl {
					b.flowEnd = toks[scopes[k].close].End
					break
				}
			}
			if w.is(st, i-1, "=") {
				b.stmt, b.guarded = w.assignStart(st, i-1)
			}
			if e.name == "" {
				e.name = name
			}
			// `a || b`, `a ?? b`, `a or b`, `a ?: b`: the name holds
			// one of them.
			for k := e.last; k < len(toks) && len(b.alts) < 8; {
				op := w.text(toks[k])
				if toks[k].Kind == tkNewline || !(op == "||" || op == "??" || op == "or" || op == "?:") {
					break
				}
				alt := w.parseExpr(st, k+1, 1)
				if alt == nil {
					break
				}
				b.alts = append(b.alts, alt)
				if w.hasLit(alt, 0) || len(alt.ops) > 1 {
					w.cands = append(w.cands, alt)
				}
				k = alt.last
			}
			if last := b.alts[len(b.alts)-1].last; w.t.TrailingConditions && last < len(toks) && toks[last].Kind == TkIdent {
				// `x = a if c else b`, `x = a if c`, `x = a unless c`.
				switch w.text(toks[last]) {
				case "if", "unless", "while", "until":
					b.guarded = true
				}
			}
			if len(w.bindings[name]) < 1<<10 {
				w.bindings[name] = append(w.bindings[name], b)
			}
		}
		// A filled template (`T.format(...)`) is a candidate too: its
		// template is a fragment of it (evalOperand).
		if w.hasLit(e, 0) || len(e.ops) > 1 || slices.ContainsFunc(e.ops, formats) {
			w.cands = append(w.cands, e)
		}
		for _, op := range e.ops {
			if op.rawLit {
				w.cands = append(w.cands, w.rawLitExpr(st, op))
			}
		}
	}
}

// addParamScope records the names between the parentheses at open and
// close as parameters over the host range [from, to). Type names come
// along (`String script`); they name no binding a script reference uses.
func (w *walker) addParamScope(st *stream, open, close, from, to int) {
	for k := open + 1; k < close && k < open+64; k++ {
		if st.toks[k].Kind == TkIdent {
			name := bareName(w.text(st.toks[k]))
			if len(w.params[name]) < 1<<10 {
				w.params[name] = append(w.params[name], [2]int{from, to})
			}
		}
	}
}

// paramsBefore finds the parameter list of the body opening at token i
// (`(...) {`, `(...): T {`, `(...) throws E {`, `(...) => {`).
func (w *walker) paramsBefore(st *stream, i int) (int, int, bool) {
	q := i - 1
	for k := 0; q >= 0 && k < 12; k++ {
		if w.is(st, q, ")") {
			break
		}
		t := st.toks[q]
		if !(t.Kind == TkIdent || w.is(st, q, ":") || w.is(st, q, ".") || w.is(st, q, "<") || w.is(st, q, ">") ||
			w.is(st, q, "?") || w.is(st, q, ",") || w.is(st, q, "=>") || w.is(st, q, "[") || w.is(st, q, "]")) {
			return 0, 0, false
		}
		q--
	}
	if q < 0 || !w.is(st, q, ")") || st.match[q] < 0 || st.match[q] >= q {
		return 0, 0, false
	}
	return st.match[q], q, true
}

// defEnd is where the Python or Ruby function whose `def` is token i
// ends: at the next def or class written no further right, or at the end.
func (w *walker) defEnd(st *stream, i int) int {
	col := w.column(st.toks[i].Start)
	for k := i + 1; k < len(st.toks) && k < i+200000; k++ {
		t := st.toks[k]
		if t.Kind == TkIdent && (w.text(t) == "def" || w.text(t) == "class") && w.column(t.Start) <= col {
			return t.Start
		}
	}
	return len(w.src)
}

// column is the byte column of offset off on its line.
func (w *walker) column(off int) int {
	c := 0
	for off > 0 && w.src[off-1] != '\n' && c < 1000 {
		off--
		c++
	}
	return c
}

// paramFloor returns, for an unqualified name used at offset off, the
// offset before which its bindings do not count because it is a
// parameter of the function around off (its own bindings inside the
// function still do), or -1 when it is no parameter there.
func (w *walker) paramFloor(name string, off int) int {
	floor := -1
	for _, r := range w.params[name] {
		if r[0] <= off && off < r[1] && r[0] > floor {
			floor = r[0]
		}
	}
	return floor
}

// hasLit reports whether e has a literal of its own.
func (w *walker) hasLit(e *expr, depth int) bool {
	if depth > maxParseDepth {
		return false
	}
	for _, op := range e.ops {
		switch op.kind {
		case opLit:
			return true
		case opWrap, opParen:
			if op.inner != nil && w.hasLit(op.inner, depth+1) {
				return true
			}
		}
	}
	return false
}

// bindingSite returns the name an expression starting at i is given, if
// any, and whether it is a function's result.
func (w *walker) bindingSite(st *stream, i int, e *expr, fn string) (string, bool) {
	toks := st.toks
	if i == 0 {
		return "", false
	}
	p := i - 1
	switch {
	case w.is(st, p, "="):
		// A keyword argument or a parameter's default is no binding:
		// `f(script="...")`, `def f(x="...")`.
		if w.is(st, p-2, "(") || w.is(st, p-2, ",") && w.t.NamedArgsEqual {
			return "", false
		}
		return w.declName(st, p-1)
	case w.is(st, p, ":") && p >= 2 && (w.is(st, p-2, "{") || w.is(st, p-2, ",")):
		// An object, dict or hash field `key: value`.
		switch k := toks[p-1]; k.Kind {
		case TkIdent:
			return bareName(w.text(k)), false
		case TkString:
			return w.s.Lits[k.Lit].Val.Text.String(), false
		}
	case w.is(st, p, "=>") && p >= 1:
		switch k := toks[p-1]; {
		case k.Kind == TkString:
			return w.s.Lits[k.Lit].Val.Text.String(), false
		case k.Kind == TkNumber && w.t.Symbols && w.src[k.Start] == ':':
			return w.text(k)[1:], false
		case k.Kind == TkIdent && w.t.ArrowProperties:
			// An expression-bodied property.
			return w.text(k), true
		case w.is(st, p-1, ")") && st.match[p-1] > 0:
			m := st.match[p-1]
			b := m - 1
			if w.is(st, b, "=") || w.is(st, b, ":") {
				b--
			}
			if b >= 0 && toks[b].Kind == TkIdent && !controlWords[w.text(toks[b])] {
				return bareName(w.text(toks[b])), true
			}
		}
	case toks[p].Kind == TkIdent && w.text(toks[p]) == "return":
		return fn, true
	case w.t.PrefixCalls && toks[p].Kind == TkIdent && p >= 2 && w.is(st, p-1, "(") && (w.is(st, p-2, "def") || w.is(st, p-2, "defonce")):
		// (def name value)
		return bareName(w.text(toks[p])), false
	case w.t.AttrBindings && toks[p].Kind == TkIdent && w.src[toks[p].Start] == '@' && (p == 0 || toks[p-1].Kind == tkNewline):
		return bareName(w.text(toks[p])), false
	case toks[p].Kind == tkNewline && w.t.KeywordBlocks:
		// def name[(params)] NL expr NL end: the method's value.
		q := p - 1
		if w.is(st, q, ")") && st.match[q] > 0 {
			q = st.match[q] - 1
		}
		if q < 1 || toks[q].Kind != TkIdent {
			return "", false
		}
		isDef := w.is(st, q-1, "def") || w.is(st, q-1, ".") && w.is(st, q-2, "self") && w.is(st, q-3, "def")
		ends := e.last+1 < len(toks) && toks[e.last].Kind == tkNewline && w.is(st, e.last+1, "end")
		if isDef && ends {
			return w.text(toks[q]), true
		}
	case w.is(st, p, ",") && w.t.DefineFunc != "" && p >= 3 && toks[p-1].Kind == TkString && w.is(st, p-2, "(") && w.is(st, p-3, w.t.DefineFunc):
		return w.s.Lits[toks[p-1].Lit].Val.Text.String(), false
	}
	return "", false
}

// declName finds the name declared before the `=` that precedes token
// q+1: `NAME =`, `name: Type =`, `fun name(): T =`, `Type Name { get; } =`.
func (w *walker) declName(st *stream, q int) (string, bool) {
	toks := st.toks
	if q < 0 {
		return "", false
	}
	// A type annotation: walk back over type-like tokens to a `:`.
	for k := q; k >= 0 && k > q-16; k-- {
		t := toks[k]
		if w.is(st, k, ":") {
			if k >= 1 && toks[k-1].Kind == TkIdent {
				return bareName(w.text(toks[k-1])), false
			}
			if w.is(st, k-1, ")") && st.match[k-1] > 0 {
				if m := st.match[k-1]; m >= 1 && toks[m-1].Kind == TkIdent {
					return w.text(toks[m-1]), true
				}
			}
			break
		}
		if !(t.Kind == TkIdent || w.is(st, k, ".") || w.is(st, k, "<") || w.is(st, k, ">") || w.is(st, k, "?") ||
			w.is(st, k, "[") || w.is(st, k, "]") || w.is(st, k, ",") || w.is(st, k, "|") ||
			t.Kind == TkPunct && slices.Contains(w.t.AnnotationOps, w.text(t))) {
			break
		}
	}
	switch t := toks[q]; {
	case t.Kind == TkIdent && !w.keywordTok(t):
		return bareName(w.text(t)), false
	case w.is(st, q, ")") && st.match[q] > 0:
		if m := st.match[q]; m >= 1 && toks[m-1].Kind == TkIdent {
			return w.text(toks[m-1]), true
		}
	case w.is(st, q, "}") && st.match[q] > 0:
		if m := st.match[q]; m >= 1 && toks[m-1].Kind == TkIdent {
			return w.text(toks[m-1]), false
		}
	}
	return "", false
}

// funcNameBefore names the function whose body opens at token i (`{`):
// `name(...) {`, `name(...): T {`, `name(...) throws E {`, `f = (...) =>
// {`, `function name(...) {`; empty for blocks of if, for, while...
func (w *walker) funcNameBefore(st *stream, i int) string {
	toks := st.toks
	q := i - 1
	for k := 0; q >= 0 && k < 12; k++ {
		if w.is(st, q, ")") {
			break
		}
		t := toks[q]
		if !(t.Kind == TkIdent || w.is(st, q, ":") || w.is(st, q, ".") || w.is(st, q, "<") || w.is(st, q, ">") ||
			w.is(st, q, "?") || w.is(st, q, ",") || w.is(st, q, "=>") || w.is(st, q, "[") || w.is(st, q, "]")) {
			return ""
		}
		q--
	}
	if q < 0 || !w.is(st, q, ")") || st.match[q] <= 0 {
		return ""
	}
	b := st.match[q] - 1
	if w.is(st, b, "function") {
		b--
	}
	if w.is(st, b, "=") || w.is(st, b, ":") {
		b--
	}
	if b >= 0 && toks[b].Kind == TkIdent && !controlWords[w.text(toks[b])] {
		return bareName(w.text(toks[b]))
	}
	return ""
}

// sortBindings orders each name's bindings by offset.
func (w *walker) sortBindings() {
	for _, bs := range w.bindings {
		sort.SliceStable(bs, func(i, j int) bool { return bs[i].off < bs[j].off })
	}
}

// guardWords start a statement that runs another on a condition or in a
// loop: `if (c) x = ...`, `else x = ...`, Python's `if c: x = ...`.
var guardWords = map[string]bool{
	"if": true, "elif": true, "elsif": true, "else": true, "unless": true, "for": true, "foreach": true,
	"while": true, "until": true, "do": true, "when": true, "case": true, "catch": true, "switch": true,
}

// assignStart walks back from the `=` at token eq to the start of its
// statement, and reports that token and whether a condition or a loop
// runs the statement (`if (c) x = ...`, `else x = ...`, `if c: x = ...`).
func (w *walker) assignStart(st *stream, eq int) (int, bool) {
	k := eq - 1
	for n := 0; k >= 0 && n < 64; n++ {
		t := st.toks[k]
		if t.Kind == tkNewline || t.Kind == tkSep || w.is(st, k, ";") || w.is(st, k, "{") || w.is(st, k, "}") {
			break
		}
		if t.Kind == TkIdent && guardWords[w.text(t)] {
			return k, true
		}
		if w.is(st, k, ")") && st.match[k] >= 0 && st.match[k] < k {
			k = st.match[k] - 1
			continue
		}
		k--
	}
	return k + 1, false
}

// typeWords declare the body that follows as a class's, an object's or a
// module's.
var typeWords = map[string]bool{
	"class": true, "object": true, "interface": true, "enum": true, "struct": true, "record": true,
	"module": true, "namespace": true, "trait": true, "companion": true, "impl": true,
}

// declBody reports whether the body opening at token i (`{`) is a class's,
// an object's or the like: a type word stands before it in its statement.
func (w *walker) declBody(st *stream, i int) bool {
	for k, n := i-1, 0; k >= 0 && n < 24; k, n = k-1, n+1 {
		t := st.toks[k]
		if t.Kind == tkSep || w.is(st, k, ";") || w.is(st, k, "{") || w.is(st, k, "}") {
			return false
		}
		if t.Kind == TkIdent && typeWords[w.text(t)] {
			return true
		}
	}
	return false
}

// settled reports whether the value a plain name holds at offset off is
// that of one assignment the file shows: its nearest assignment before
// off (not the one off is inside of: `p = '{' + p + '}'`) reaches off on
// every path, and holds a known value, not one of several (`a || b`). A
// name assigned in a branch or a loop that off is not inside of (`if (c)
// { p = '{' + p + '}' }`, Python's and Ruby's `x = a if c`), or in a
// block that ends before off, may hold the value it had before, or
// another: a hole filled with one branch's text would say what the
// script holds at run time is that text. A name with no assignment
// before off is left to resolve (a constant declared below its use).
func (w *walker) settled(name string, off int) bool {
	return w.settledAt(name, off, 0)
}

// settledOp is settled for a reference operand: a plain name that is no
// call (a qualified one, `this.prefix`, is resolved as before).
func (w *walker) settledOp(st *stream, op *operand) bool {
	return op.qual != "" || op.call || w.settled(bareName(op.name), st.toks[op.first].Start)
}

// settledAt is settled, depth names down a chain of aliases (`s = p`):
// an alias of a name that is not settled where it is assigned is not
// settled either.
func (w *walker) settledAt(name string, off, depth int) bool {
	bs := w.bindings[name]
	last := sort.Search(len(bs), func(k int) bool { return bs[k].off >= off }) - 1
	floor := w.paramFloor(name, off)
	for k, n := last, 0; k >= 0 && n < 16; k, n = k-1, n+1 {
		b := bs[k]
		if b.fn || b.field || b.off < floor {
			continue
		}
		if b.alts[len(b.alts)-1].end > off {
			// off is inside this assignment: the one before it counts.
			continue
		}
		if b.guarded || b.flowEnd <= off || len(b.alts) > 1 || w.dedented(b, off) {
			return false
		}
		if a := b.alts[0]; len(a.ops) == 1 && a.ops[0].kind == opRef && a.ops[0].qual == "" && identityOnly(a.ops[0].post) {
			if depth >= maxEvalDepth || !w.settledAt(bareName(a.ops[0].name), a.st.toks[a.ops[0].first].Start, depth+1) {
				return false
			}
		}
		return w.eval(b.alts[0]) != nil
	}
	return true
}

// dedented reports whether, in Python or Ruby, a statement between
// assignment b and offset off is written left of b's line: the block b is
// in (an if, a loop, a function) has ended before off.
func (w *walker) dedented(b *binding, off int) bool {
	if !w.t.LineBlocks || b.st != w.streams[0] {
		return false
	}
	w.indentIndex()
	toks := b.st.toks
	next := w.nextDedent[w.lineStart[b.stmt]]
	return int(next) < len(toks) && toks[next].Start < off
}

// indentIndex fills lineStart, the first token of each token's line
// (lines are those the tokenizer ends with a newline token), and, for
// each such first token, nextDedent: the first token after it that starts
// a line further left, or the number of tokens. One pass each (the next
// smaller element, with a stack), so that a file of many assignments and
// uses stays linear.
func (w *walker) indentIndex() {
	if w.lineStart != nil {
		return
	}
	toks := w.streams[0].toks
	w.lineStart = make([]int32, len(toks))
	w.nextDedent = make([]int32, len(toks))
	col := make([]int, len(toks))
	start := 0
	for k := range toks {
		if k == 0 || toks[k-1].Kind == tkNewline {
			start = k
			col[k] = w.column(toks[k].Start)
		}
		w.lineStart[k] = int32(start)
	}
	var stack []int
	for k := len(toks) - 1; k >= 0; k-- {
		if int(w.lineStart[k]) != k || toks[k].Kind == tkNewline {
			continue
		}
		for len(stack) > 0 && col[stack[len(stack)-1]] >= col[k] {
			stack = stack[:len(stack)-1]
		}
		w.nextDedent[k] = int32(len(toks))
		if len(stack) > 0 {
			w.nextDedent[k] = int32(stack[len(stack)-1])
		}
		stack = append(stack, k)
	}
}

// stmtStart reports whether token i starts a Ruby statement.
func (w *walker) stmtStart(st *stream, i int) bool {
	if i == 0 {
		return true
	}
	p := st.toks[i-1]
	switch {
	case p.Kind == tkNewline || p.Kind == tkSep || w.is(st, i-1, ";"):
		return true
	case p.Kind == TkIdent:
		switch w.text(p) {
		case "then", "else", "do", "begin":
			return true
		}
	}
	return false
}

// appendOp reports whether token i appends to the name before it: `+=`,
// PHP's `.=`, Ruby's `<<`.
func (w *walker) appendOp(st *stream, i int) bool {
	switch {
	case w.is(st, i, "+="):
		return w.t.ConcatOp == "+"
	case w.is(st, i, ".="):
		return w.t.ConcatOp == "."
	case w.is(st, i, "<<"):
		return w.t.ShiftAppends
	}
	return false
}

// appended reports whether the file appends to the name between offsets
// from and to.
func (w *walker) appended(name string, from, to int) bool {
	as := w.appends[name]
	k := sort.SearchInts(as, from+1)
	return k < len(as) && as[k] < to
}

// resolve finds the expression a name holds at offset off: the nearest
// binding before off, or else the first after it (a constant declared
// below its use); with call set, a function's result is preferred. A name
// appended to (`s += "..."`) between its nearest binding and off holds a
// text built at run time: the joined text of its pieces when every append
// of that binding comes before off and they join (joinAppends), else nil.
func (w *walker) resolve(name string, off int, call, fields bool) *expr {
	bs := w.bindings[name]
	if len(bs) == 0 {
		return nil
	}
	if !fields {
		// A parameter: only what the function itself assigns it.
		if floor := w.paramFloor(name, off); floor >= 0 {
			var inside []*binding
			for _, b := range bs {
				if b.off >= floor && b.off < off {
					inside = append(inside, b)
				}
			}
			bs = inside
		}
	}
	// The bindings are sorted by offset: the last one before off.
	last := sort.Search(len(bs), func(k int) bool { return bs[k].off >= off }) - 1
	from := -1
	if last >= 0 {
		from = bs[last].off
	}
	if w.appended(name, from, off) {
		if last >= 0 {
			if j := w.joins[bs[last]]; j != nil && j.lastOff < off && !w.appended(name, j.lastOff, off) {
				return j.e
			}
		}
		return nil
	}
	for _, wantFn := range []bool{call, !call} {
		// The nearest binding before off whose value is known, else the
		// first after it. A few are looked at each way: a name bound
		// many times over with unknown values gives up rather than
		// scanning them all for every use.
		for k, n := last, 0; k >= 0 && n < 16; k, n = k-1, n+1 {
			if t := w.knownAlt(bs[k], wantFn, fields); t != nil {
				return t
			}
		}
		for k, n := last+1, 0; k < len(bs) && n < 16; k, n = k+1, n+1 {
			if t := w.knownAlt(bs[k], wantFn, fields); t != nil {
				return t
			}
		}
	}
	return nil
}

// selfWords qualify a member of the object or class at hand.
var selfWords = map[string]bool{"this": true, "self": true, "cls": true, "static": true, "parent": true, "super": true, "Self": true}

// resolveOp resolves a reference operand. A qualified one (`x.name`)
// resolves when its qualifier is the object or class at hand, a type the
// file declares, or a name the file declares (a module-level object); a
// field of an object literal (`{lua: ...}`) answers only qualified names,
// so that a parameter named like a field stays unknown.
func (w *walker) resolveOp(st *stream, op *operand) *expr {
	q := bareName(op.qual)
	fields := q != ""
	if q != "" && !selfWords[q] && !w.types[q] {
		if w.external(op) || !w.declared(q) {
			return nil
		}
	}
	return w.resolve(op.name, st.toks[op.first].Start, op.call, fields)
}

// declared reports whether the file declares the name (not only as an
// object field).
func (w *walker) declared(name string) bool {
	for _, b := range w.bindings[name] {
		if !b.field {
			return true
		}
	}
	return false
}

// knownAlt is the first of a binding's expressions whose value is known,
// when the binding is of the kind wanted.
func (w *walker) knownAlt(b *binding, wantFn, fields bool) *expr {
	if b.fn != wantFn || b.field && !fields {
		return nil
	}
	for _, alt := range b.alts {
		if w.eval(alt) != nil {
			return alt
		}
	}
	return nil
}
