package hostlang

import (
	"slices"
	"sort"
)

// A script a program builds by appending literal pieces to one name
// (FireflySoft.RateLimit's `string s = @"local ret={} ..."; if (updatable)
// { s += @"local sw_key=..."; } s += @"if current~=false then ..."`) is one
// script, whichever pieces run: read piece by piece, a local declared in
// one is an undefined global in the next and an `if` closed in a later
// one is a syntax error. When the joins are known, the pieces are joined
// in the order they are written, each conditional one taken, into one
// expression whose text maps every byte back to its piece; that is the
// script, and the pieces are fragments of it. The joins are known when
// the name is given a text in a plain assignment that no branch or loop
// runs, and every append of it before the next assignment is a statement
// of its own in the same block or in an if (or try) inside it, appending
// a text the file knows. An append in a loop (run any number of times),
// in an else, a case or an elif (one of several pieces runs, not all), or
// in another function, or of a text the file does not know leaves the
// pieces as they are: found by their content, as pieces of a script built
// at run time.

// appendSite is where a name is appended to: the name's token in st. For
// `s = s + "..."`, piece is what is appended and whole the right side.
type appendSite struct {
	st    *stream
	tok   int
	piece *expr
	whole *expr
}

// selfAppend reports whether the expression e at token i is the right side
// of a statement `name = name + ...` that appends to name.
func (w *walker) selfAppend(st *stream, i int, e *expr, name string) bool {
	if i < 2 || !w.is(st, i-1, "=") || st.toks[i-2].Kind != TkIdent || bareName(w.text(st.toks[i-2])) != name || !w.plainAppend(st, i-2) {
		return false
	}
	if len(e.ops) < 2 {
		return false
	}
	op := e.ops[0]
	return op.kind == opRef && op.qual == "" && !op.call && len(op.post) == 0 && bareName(op.name) == name
}

// join is the text an assignment's appended pieces make.
type join struct {
	e *expr
	// lastOff is where the last piece ends: a use of the name after it
	// reads the joined text.
	lastOff int
}

// joinAppends joins the pieces appended to each assignment, where the
// joins are known (above).
func (w *walker) joinAppends() {
	names := make([]string, 0, len(w.appendSites))
	for name := range w.appendSites {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		sites := w.appendSites[name]
		bs := w.bindings[name]
		for k := 0; k < len(sites); {
			off := sites[k].st.toks[sites[k].tok].Start
			last := sort.Search(len(bs), func(n int) bool { return bs[n].off >= off }) - 1
			// The appends up to the next assignment are the pieces of
			// this one.
			end := k + 1
			for end < len(sites) && (last+1 >= len(bs) || sites[end].st.toks[sites[end].tok].Start < bs[last+1].off) {
				end++
			}
			if last >= 0 {
				w.joinPieces(name, bs[last], sites[k:end])
			}
			k = end
		}
	}
}

// joinPieces joins the pieces appended at sites to assignment b, when the
// joins are known.
func (w *walker) joinPieces(name string, b *binding, sites []appendSite) {
	st := b.st
	if b.fn || b.field || b.guarded || len(b.alts) != 1 || st != w.streams[0] {
		return
	}
	init := b.alts[0]
	bt := init.first
	if !w.is(st, bt-1, "=") || w.eval(init) == nil {
		return
	}
	pieces := make([]*expr, 0, len(sites))
	for _, s := range sites {
		if s.st != st || s.tok <= bt {
			return
		}
		off := st.toks[s.tok].Start
		if off >= b.flowEnd || w.dedented(b, off) || !w.plainAppend(st, s.tok) || !w.joinsOnEveryRun(st, init.last, s.tok) {
			return
		}
		p := s.piece
		if p == nil {
			p = st.exprAt[s.tok+2]
		}
		if p == nil || !w.statementEnds(st, p.last) || slices.ContainsFunc(p.ops, func(op *operand) bool { return op.kind == opOther }) || w.eval(p) == nil {
			return
		}
		pieces = append(pieces, p)
	}
	last := pieces[len(pieces)-1]
	e := &expr{st: st, first: init.first, last: last.last, start: init.start, end: last.end, name: name}
	e.ops = append(e.ops, init.ops...)
	for _, p := range pieces {
		e.ops = append(e.ops, p.ops...)
	}
	init.fragment = true
	for _, p := range pieces {
		p.fragment = true
	}
	for _, s := range sites {
		if s.whole != nil {
			s.whole.fragment = true
		}
	}
	w.joins[b] = &join{e: e, lastOff: last.end}
	w.cands = append(w.cands, e)
}

// plainAppend reports whether the append whose name is token i is a
// statement of its own: the name starts it (`s += "..."`, not `x = s +=
// "..."`, nor `a.s += ...` of another object).
func (w *walker) plainAppend(st *stream, i int) bool {
	if i == 0 {
		return true
	}
	p := st.toks[i-1]
	switch {
	case p.Kind == tkNewline || p.Kind == tkSep || w.is(st, i-1, ";") || w.is(st, i-1, "{") || w.is(st, i-1, "}"):
		return true
	case w.is(st, i-1, ")"):
		// `if (c) s += "..."`: an if's condition, not a loop's.
		return w.ifHeader(st, i-1)
	case p.Kind == TkIdent:
		switch w.text(p) {
		case "then", "begin":
			return w.t.KeywordBlocks
		}
	}
	return false
}

// statementEnds reports whether the appended expression ending before
// token i ends its statement (not `s += "a" if c else "b"`, nor a chain),
// or is one Ruby runs under a condition (`s << "a" if c`).
func (w *walker) statementEnds(st *stream, i int) bool {
	if i >= len(st.toks) {
		return true
	}
	t := st.toks[i]
	if w.t.StatementModifiers && (w.is(st, i, "if") || w.is(st, i, "unless")) {
		for k := i + 1; k < len(st.toks) && st.toks[k].Kind != tkNewline && st.toks[k].Kind != tkSep; k++ {
			if st.toks[k].Kind == TkIdent && loopWords[w.text(st.toks[k])] {
				return false
			}
		}
		return true
	}
	return t.Kind == tkNewline || t.Kind == tkSep || w.is(st, i, ";") || w.is(st, i, "}")
}

// ifHeader reports whether the `)` at token i closes the condition of an
// `if` that is not an `else if`.
func (w *walker) ifHeader(st *stream, i int) bool {
	m := st.match[i]
	if m < 1 || m >= i || !w.is(st, m-1, "if") {
		return false
	}
	return !w.is(st, m-2, "else")
}

// loopWords start the statements of Python and Ruby whose bodies may run
// any number of times, or one of several alternatives, or later.
var loopWords = map[string]bool{
	"for": true, "while": true, "until": true, "loop": true, "each": true, "times": true, "upto": true,
	"downto": true, "step": true, "map": true, "each_with_index": true, "do": true, "def": true, "lambda": true,
	"else": true, "elif": true, "elsif": true, "when": true, "case": true, "in": true, "rescue": true,
	"except": true, "match": true, "with": true, "proc": true,
}

// joinsOnEveryRun reports whether the append at token to runs at most
// once each time the statement ending before token from does, and never
// instead of another piece: between them, it is inside no block but the
// body of an if (or a try) that opens after from.
func (w *walker) joinsOnEveryRun(st *stream, from, to int) bool {
	if w.t.LineBlocks {
		for k := from; k < to; k++ {
			if st.toks[k].Kind == TkIdent && loopWords[w.text(st.toks[k])] {
				return false
			}
		}
		return true
	}
	for k := to - 1; k >= from; k-- {
		switch {
		case w.is(st, k, "}"):
			if m := st.match[k]; m >= from && m < k {
				k = m
				continue
			}
			return false
		case w.is(st, k, "{"):
			if m := st.match[k]; m >= 0 && m < to {
				continue
			}
			if !w.is(st, k-1, "try") && !(w.is(st, k-1, ")") && w.ifHeader(st, k-1)) {
				return false
			}
		}
	}
	return true
}
