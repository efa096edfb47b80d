package luasrc

import (
	"fmt"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/nodemap"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"
)

// The parser is a recursive-descent parser for Lua 5.1 over the token
// index. It follows lparser.c of Lua 5.1 for the grammar and its error
// messages, and builds exactly the tree gopher-lua's parser builds (the
// same ast node types, fields and Line/LastLine values, which rules and the
// model read), so gopher-lua's ast stays the AST of lint-lua while its
// parser, which cost more than a whole lint should, serves only as the
// oracle of the tests (parseGopher, TestParserMatchesGopherLua,
// FuzzParserMatchesGopherLua).
//
// While it parses it records what the rules need besides the tree (token
// spans of nodes, declared names, `local function`, `.name` keys) and
// performs Lua 5.1's checks that gopher-lua's grammar lacks: `break`
// outside a loop, `...` outside a vararg function, a call in parentheses
// as a statement, `f` and `(x)` on two lines, more than 200 assignment
// targets, and the nesting bounds of checkDepth (computed bottom-up; the
// exact walk runs only when a bound is passed, for its message).

// tEOF is the token type past the last token.
const tEOF = -1

// unaryPriority is Lua 5.1's UNARY_PRIORITY: above '*', below '^'.
const unaryPriority = 8

type parser struct {
	f    *File
	toks []Token
	i    int
	// vararg is whether the current function declares `...`; loop whether
	// the current statement is inside a loop of the current function.
	vararg, loop bool
	stacks
	slabs
	// slabSize is how many nodes of a kind one slab holds: sized to the
	// file, so that a small script does not pay for large slabs.
	slabSize int
	// skipBodies skips function bodies (ParseDeclarations).
	skipBodies bool
}

// stacks are the scratch stacks of lists being built; each list is copied
// out at its exact size when complete. They are handed from parse to parse
// (stackPool): grown from nothing in every parse, they cost more
// allocations than the AST's slabs. What a list leaves above a stack's
// length is this file's nodes, alive in its tree anyway, and release
// clears it.
type stacks struct {
	stmts []ast.Stmt
	exprs []ast.Expr
	flds  []*ast.Field
	strs  []string
	idx   []int
}

var stackPool = sync.Pool{New: func() any { return new(stacks) }}

// release empties the stacks, so that the pool keeps no node or string
// of this file alive, and gives them back.
func (s *stacks) release(to *stacks) {
	clear(s.stmts[:cap(s.stmts)])
	clear(s.exprs[:cap(s.exprs)])
	clear(s.flds[:cap(s.flds)])
	clear(s.strs[:cap(s.strs)])
	*to = stacks{stmts: s.stmts[:0], exprs: s.exprs[:0], flds: s.flds[:0], strs: s.strs[:0], idx: s.idx[:0]}
	stackPool.Put(to)
}

// bail unwinds the parser after a syntax error has been recorded.
type bail struct{}

// met holds checkDepth's measures of a subtree: how many syntax levels
// (l) and how much AST depth (h) it reaches below the node, counted as
// checkDepth counts them.
type met struct{ l, h int32 }

func (m *met) take(l, h int32) {
	if l > m.l {
		m.l = l
	}
	if h > m.h {
		m.h = h
	}
}

// ex is a parsed expression with what its parent needs to know.
type ex struct {
	e     ast.Expr
	first int // token where its span starts (after wrapping parentheses)
	met
	// call: the expression ends in call arguments (gopher-lua's
	// functioncall); paren: it is a parenthesized expression with nothing
	// after it.
	call, paren bool
}

// parse builds f.Chunk and the position maps from f.Tokens. It returns
// false, with an error recorded, when the tokens are not a Lua 5.1 chunk.
func (f *File) parse(skipBodies bool) bool {
	st := stackPool.Get().(*stacks)
	p := &parser{f: f, toks: f.Tokens, vararg: true, stacks: *st, slabSize: min(max(len(f.Tokens)/32, 4), 128), skipBodies: skipBodies}
	defer p.stacks.release(st)
	// Real scripts have about 0.6 nodes with a span per token: sized so
	// that the map seldom grows.
	f.newPositionMaps(len(f.Tokens) * 3 / 4)
	chunk, m, ok := p.chunk()
	if !ok {
		f.spans, f.names = spanTable{}, nameTable{}
		return false
	}
	f.Chunk = chunk
	if int(m.l) > MaxNesting || int(m.h) > MaxDepth {
		// checkDepth finds the same place and says where it is.
		if f.checkDepth() {
			f.Chunk = nil
			f.spans, f.names = spanTable{}, nameTable{}
			return false
		}
	}
	f.positioned = true
	return true
}

func (p *parser) chunk() (chunk []ast.Stmt, m met, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, mine := r.(bail); !mine {
				panic(r)
			}
			chunk, ok = nil, false
		}
	}()
	chunk, m = p.block(1)
	if p.i < len(p.toks) {
		p.failNear("'<eof>' expected")
	}
	return chunk, m, true
}

func (p *parser) tt() int {
	if p.i < len(p.toks) {
		return int(p.toks[p.i].Type)
	}
	return tEOF
}

func (p *parser) line(i int) int { return int(p.toks[i].line) }

// val is the value of token i.
func (p *parser) val(i int) string { return p.f.Value(p.toks[i]) }

// fail records a syntax error at token i (or at the end of the file) and
// unwinds.
func (p *parser) fail(i int, msg string) {
	p.failHelp(i, msg, "")
}

// failHelp is fail with a help that says what to do.
func (p *parser) failHelp(i int, msg, help string) {
	var r span.Range
	if i >= len(p.toks) {
		r = p.f.eofRange()
	} else {
		r = p.f.TokenRange(i, i)
	}
	p.f.Errors = append(p.f.Errors, SyntaxError{Range: r, Message: msg, Help: help})
	panic(bail{})
}

// near names token i as Lua does in its messages.
func (p *parser) near(i int) string {
	if i >= len(p.toks) {
		return "<eof>"
	}
	return p.f.Text(p.toks[i])
}

func (p *parser) failNear(msg string) {
	p.fail(p.i, fmt.Sprintf("%s near '%s'", msg, p.near(p.i)))
}

// tokenName is how Lua names a token it expected.
func tokenName(tt int) string {
	switch tt {
	case parse.TIdent:
		return "<name>"
	case tEOF:
		return "<eof>"
	case parse.TEnd:
		return "end"
	case parse.TThen:
		return "then"
	case parse.TDo:
		return "do"
	case parse.TUntil:
		return "until"
	case parse.TIn:
		return "in"
	case parse.TFunction:
		return "function"
	case parse.TIf:
		return "if"
	case parse.TWhile:
		return "while"
	case parse.TFor:
		return "for"
	case parse.TRepeat:
		return "repeat"
	}
	return string(rune(tt))
}

// check consumes a token of type tt or fails as Lua's checknext.
func (p *parser) check(tt int) {
	if p.tt() != tt {
		p.failNear(fmt.Sprintf("'%s' expected", tokenName(tt)))
	}
	p.i++
}

// match consumes the token that closes who (at token open) as Lua's
// check_match, naming the line of the opening when it is another.
func (p *parser) match(what, who, open int) {
	if p.tt() == what {
		p.i++
		return
	}
	cur := len(p.f.lineStarts)
	if p.i < len(p.toks) {
		cur = p.f.tokEndLine(&p.toks[p.i])
	}
	if where := p.line(open); where != cur {
		p.failNear(fmt.Sprintf("'%s' expected (to close '%s' at line %d)", tokenName(what), tokenName(who), where))
	}
	p.failNear(fmt.Sprintf("'%s' expected", tokenName(what)))
}

func (p *parser) checkName() int {
	if p.tt() != parse.TIdent {
		p.failNear("'<name>' expected")
	}
	p.i++
	return p.i - 1
}

func (p *parser) tooDeep() {
	p.fail(p.i, fmt.Sprintf("chunk has too many syntax levels (more than %d nested blocks, operators or brackets)", MaxNesting))
}

// record records that node n spans tokens first..last (first alone when
// last is before it). Small enough to inline: it runs for every node.
func (p *parser) record(n any, first, last int) {
	p.f.spans.set(nodemap.Key(n), int32(first), int32(max(first, last)), 0)
}

// names stores the token indexes p.idx[base:] as what decl declares.
func (p *parser) names(decl any, base int) {
	p.f.setNames(decl, p.idx[base:])
	p.idx = p.idx[:base]
}

func (p *parser) name1(decl any, tok int) {
	p.idx = append(p.idx, tok)
	p.names(decl, len(p.idx)-1)
}

// stringsFrom copies p.strs[base:] out, never nil.
func (p *parser) stringsFrom(base int) []string {
	out := takeList(p, &p.slabs.strLists, len(p.strs)-base)
	copy(out, p.strs[base:])
	p.strs = p.strs[:base]
	return out
}

func blockFollow(tt int) bool {
	switch tt {
	case parse.TEnd, parse.TElse, parse.TElseIf, parse.TUntil, tEOF:
		return true
	}
	return false
}

// block parses statements up to a token that ends a block. lvl is the
// block's syntax level, counted low where checkDepth may count one more
// (so that refusing past MaxNesting here is always right); the exact
// count is the returned met, relative to the level outside the block.
func (p *parser) block(lvl int) ([]ast.Stmt, met) {
	if lvl > MaxNesting {
		p.tooDeep()
	}
	base := len(p.stmts)
	var m met
	m.l = 1
	for {
		tt := p.tt()
		if tt == ';' {
			p.i++
			continue
		}
		if blockFollow(tt) {
			break
		}
		var s ast.Stmt
		var sm met
		last := tt == parse.TReturn || tt == parse.TBreak
		if last {
			s, sm = p.lastStat(lvl)
		} else {
			s, sm = p.statement(lvl)
		}
		p.stmts = append(p.stmts, s)
		m.take(1+sm.l, 1+sm.h)
		if last {
			if p.tt() == ';' {
				p.i++
			}
			break
		}
	}
	out := takeList(p, &p.slabs.stmtLists, len(p.stmts)-base)
	copy(out, p.stmts[base:])
	p.stmts = p.stmts[:base]
	return out, m
}

func (p *parser) lastStat(b int) (ast.Stmt, met) {
	first := p.i
	ln := p.line(first)
	p.i++
	if p.toks[first].Type == parse.TBreak {
		if !p.loop {
			p.fail(first, fmt.Sprintf("no loop to break near '%s' (break must be inside while, repeat or for, in the same function)", p.near(p.i)))
		}
		s := &ast.BreakStmt{}
		s.SetLine(ln)
		p.record(s, first, first)
		return s, met{}
	}
	s := take(p, &p.slabs.returns)
	s.SetLine(ln)
	var m met
	if tt := p.tt(); !blockFollow(tt) && tt != ';' {
		var em met
		s.Exprs, em = p.exprList(b + 1)
		m.take(1+em.l, 1+em.h)
	}
	p.record(s, first, p.i-1)
	return s, m
}

func (p *parser) statement(b int) (ast.Stmt, met) {
	first := p.i
	ln := p.line(first)
	switch p.toks[first].Type {
	case parse.TIf:
		return p.ifStat(b)
	case parse.TWhile:
		p.i++
		cond := p.subexpr(b+1, 0)
		p.check(parse.TDo)
		body, bm := p.loopBlock(b + 1)
		end := p.i
		p.match(parse.TEnd, parse.TWhile, first)
		s := &ast.WhileStmt{Condition: cond.e, Stmts: body}
		s.SetLine(ln)
		s.SetLastLine(p.line(end))
		p.record(s, first, end)
		m := bm
		m.take(1+cond.l, 1+cond.h)
		return s, m
	case parse.TDo:
		p.i++
		body, bm := p.block(b + 1)
		end := p.i
		p.match(parse.TEnd, parse.TDo, first)
		s := &ast.DoBlockStmt{Stmts: body}
		s.SetLine(ln)
		s.SetLastLine(p.line(end))
		p.record(s, first, end)
		return s, bm
	case parse.TFor:
		return p.forStat(b)
	case parse.TRepeat:
		p.i++
		body, bm := p.loopBlock(b + 1)
		p.match(parse.TUntil, parse.TRepeat, first)
		cond := p.subexpr(b+1, 0)
		s := &ast.RepeatStmt{Condition: cond.e, Stmts: body}
		s.SetLine(ln)
		s.SetLastLine(cond.e.Line())
		p.record(s, first, p.i-1)
		m := bm
		m.take(1+cond.l, 1+cond.h)
		return s, m
	case parse.TFunction:
		return p.funcStat(b)
	case parse.TLocal:
		p.i++
		if p.tt() == parse.TFunction {
			p.i++
			n := p.checkName()
			fn, bm := p.funcBody(first, p.i, p.i, b+1)
			s := alloc(p, &p.slabs.locals, ast.LocalAssignStmt{Names: p.oneString(p.val(n)), Exprs: p.oneExpr(fn)})
			s.SetLine(ln)
			s.SetLastLine(fn.LastLine())
			p.name1(s, n)
			p.record(s, first, p.i-1)
			p.f.markLocalFunction(s)
			return s, met{l: bm.l, h: bm.h + 1}
		}
		sb, ib := len(p.strs), len(p.idx)
		for {
			n := p.checkName()
			p.strs = append(p.strs, p.val(n))
			p.idx = append(p.idx, n)
			if p.tt() != ',' {
				break
			}
			p.i++
		}
		s := alloc(p, &p.slabs.locals, ast.LocalAssignStmt{Names: p.stringsFrom(sb)})
		s.SetLine(ln)
		p.names(s, ib)
		var m met
		if p.tt() == '=' {
			p.i++
			// Counted one level low: checkDepth takes a lone function
			// as a block of the statement, anything else one deeper.
			var em met
			s.Exprs, em = p.exprList(b)
			if _, fn := s.Exprs[0].(*ast.FunctionExpr); fn && len(s.Exprs) == 1 {
				m = em
			} else {
				m.take(1+em.l, 1+em.h)
			}
		} else {
			s.Exprs = []ast.Expr{}
		}
		p.record(s, first, p.i-1)
		return s, m
	}
	return p.exprStat(b)
}

// loopBlock is a block inside a loop, where break is allowed.
func (p *parser) loopBlock(lvl int) ([]ast.Stmt, met) {
	outer := p.loop
	p.loop = true
	body, m := p.block(lvl)
	p.loop = outer
	return body, m
}

func (p *parser) ifStat(b int) (ast.Stmt, met) {
	first := p.i
	p.i++
	cond := p.subexpr(b+1, 0)
	p.check(parse.TThen)
	then, bm := p.block(b + 1)
	s := alloc(p, &p.slabs.ifs, ast.IfStmt{Condition: cond.e, Then: then})
	s.SetLine(p.line(first))
	m := bm
	m.take(1+cond.l, 1+cond.h)
	if p.tt() != parse.TElseIf && p.tt() != parse.TElse {
		end := p.i
		p.match(parse.TEnd, parse.TIf, first)
		s.SetLastLine(p.line(end))
		p.record(s, first, end)
		return s, m
	}
	// gopher-lua nests each elseif as the sole statement of Else; checkDepth
	// counts each one level of depth deeper than the one before.
	type link struct {
		s  *ast.IfStmt
		at int
		m  met
	}
	chain := []link{{s: s, at: first, m: m}}
	cur := s
	for p.tt() == parse.TElseIf {
		at := p.i
		p.i++
		c := p.subexpr(b+1, 0)
		p.check(parse.TThen)
		th, tm := p.block(b + 1)
		in := alloc(p, &p.slabs.ifs, ast.IfStmt{Condition: c.e, Then: th})
		in.SetLine(p.line(at))
		cur.Else = []ast.Stmt{in}
		cur = in
		tm.take(1+c.l, 1+c.h)
		chain = append(chain, link{s: in, at: at, m: tm})
	}
	if p.tt() == parse.TElse {
		p.i++
		// One level low: checkDepth counts a lone `if` in it (`else if`)
		// at the level of this one.
		els, em := p.block(b)
		cur.Else = els
		if len(els) == 1 {
			if _, nested := els[0].(*ast.IfStmt); nested {
				// checkDepth takes `else if` for an elseif: the inner
				// statement at the level of the outer one.
				em.l--
			}
		}
		chain[len(chain)-1].m.take(em.l, em.h)
	}
	end := p.i
	p.match(parse.TEnd, parse.TIf, first)
	s.SetLastLine(p.line(end))
	p.record(s, first, end)
	inner := chain[len(chain)-1].m
	for k := len(chain) - 1; k > 0; k-- {
		p.record(chain[k].s, chain[k].at, end-1)
		outer := chain[k-1].m
		outer.take(inner.l, 1+inner.h)
		inner = outer
	}
	return s, inner
}

func (p *parser) forStat(b int) (ast.Stmt, met) {
	first := p.i
	ln := p.line(first)
	p.i++
	n := p.checkName()
	var m met
	switch p.tt() {
	case '=':
		p.i++
		init := p.subexpr(b+1, 0)
		p.check(',')
		limit := p.subexpr(b+1, 0)
		m.take(1+init.l, 1+init.h)
		m.take(1+limit.l, 1+limit.h)
		var step ast.Expr
		if p.tt() == ',' {
			p.i++
			st := p.subexpr(b+1, 0)
			step = st.e
			m.take(1+st.l, 1+st.h)
		}
		p.check(parse.TDo)
		body, bm := p.loopBlock(b + 1)
		end := p.i
		p.match(parse.TEnd, parse.TFor, first)
		s := &ast.NumberForStmt{Name: p.val(n), Init: init.e, Limit: limit.e, Step: step, Stmts: body}
		s.SetLine(ln)
		s.SetLastLine(p.line(end))
		p.name1(s, n)
		p.record(s, first, end)
		m.take(bm.l, bm.h)
		return s, m
	case ',', parse.TIn:
		sb, ib := len(p.strs), len(p.idx)
		p.strs = append(p.strs, p.val(n))
		p.idx = append(p.idx, n)
		for p.tt() == ',' {
			p.i++
			k := p.checkName()
			p.strs = append(p.strs, p.val(k))
			p.idx = append(p.idx, k)
		}
		names := p.stringsFrom(sb)
		p.check(parse.TIn)
		exprs, em := p.exprList(b + 1)
		m.take(1+em.l, 1+em.h)
		p.check(parse.TDo)
		body, bm := p.loopBlock(b + 1)
		end := p.i
		p.match(parse.TEnd, parse.TFor, first)
		s := &ast.GenericForStmt{Names: names, Exprs: exprs, Stmts: body}
		s.SetLine(ln)
		s.SetLastLine(p.line(end))
		p.names(s, ib)
		p.record(s, first, end)
		m.take(bm.l, bm.h)
		return s, m
	}
	p.failNear("'=' or 'in' expected")
	return nil, m
}

func (p *parser) funcStat(b int) (ast.Stmt, met) {
	first := p.i
	p.i++
	n := p.checkName()
	id := &ast.IdentExpr{Value: p.val(n)}
	id.SetLine(p.line(n))
	p.record(id, n, n)
	var fn ast.Expr = id
	var nm met
	for p.tt() == '.' {
		p.i++
		k := p.checkName()
		key := p.dotKeyAt(k)
		a := &ast.AttrGetExpr{Object: fn, Key: key}
		a.SetLine(p.line(k))
		p.record(a, n, k)
		fn = a
		nm.h++
	}
	name := &ast.FuncName{Func: fn}
	method := -1
	if p.tt() == ':' {
		p.i++
		method = p.checkName()
		name = &ast.FuncName{Receiver: fn, Method: p.val(method)}
	}
	body, bm := p.funcBody(first, p.i, first, b+1)
	s := &ast.FuncDefStmt{Name: name, Func: body}
	s.SetLine(p.line(first))
	s.SetLastLine(body.LastLine())
	if method >= 0 {
		p.name1(s, method)
	}
	p.record(s, first, p.i-1)
	m := bm
	m.take(nm.l, 1+nm.h)
	return s, m
}

// stringAt makes the string expression of token k (a string, or a name
// used as a key), with its line and span.
func (p *parser) stringAt(k int) *ast.StringExpr {
	return p.stringNode(k, 0)
}

// dotKeyAt makes the key of `.name` or of a `name = v` field.
func (p *parser) dotKeyAt(k int) *ast.StringExpr {
	return p.stringNode(k, dotFlag)
}

func (p *parser) stringNode(k int, fl nodeFlags) *ast.StringExpr {
	s := take(p, &p.slabs.strExprs)
	s.Value = p.val(k)
	s.SetLine(p.line(k))
	p.f.spans.set(nodemap.KeyOf(s), int32(k), int32(k), fl)
	return s
}

// funcBody parses `(params) block end`. first is where the function's
// span starts, lineTok the token whose line is the function's line (its
// '(' as gopher-lua's funcbody, or the `function` of an expression),
// matchTok the token Lua names when `end` is missing, and lvl the level
// of the body. It returns the function and the measures of its block.
func (p *parser) funcBody(first, lineTok, matchTok, lvl int) (*ast.FunctionExpr, met) {
	p.check('(')
	sb, ib := len(p.strs), len(p.idx)
	vararg := false
	if p.tt() != ')' {
		for {
			switch p.tt() {
			case parse.TIdent:
				p.strs = append(p.strs, p.val(p.i))
				p.idx = append(p.idx, p.i)
				p.i++
			case parse.T3Comma:
				p.i++
				vararg = true
			default:
				p.failNear("<name> or '...' expected")
			}
			if vararg || p.tt() != ',' {
				break
			}
			p.i++
		}
	}
	p.check(')')
	fn := alloc(p, &p.slabs.funcs, ast.FunctionExpr{ParList: alloc(p, &p.slabs.parLists, ast.ParList{HasVargs: vararg, Names: p.stringsFrom(sb)})})
	p.names(fn, ib)
	var body []ast.Stmt
	var bm met
	if end := p.bodyEnd(); p.skipBodies && end >= 0 {
		p.i = end
	} else {
		outerVararg, outerLoop := p.vararg, p.loop
		p.vararg, p.loop = vararg, false
		body, bm = p.block(lvl)
		p.vararg, p.loop = outerVararg, outerLoop
	}
	end := p.i
	p.match(parse.TEnd, parse.TFunction, matchTok)
	fn.Stmts = body
	fn.SetLine(p.line(lineTok))
	fn.SetLastLine(p.line(end))
	p.record(fn, first, end)
	return fn, bm
}

// bodyEnd returns the index of the `end` that closes the function body
// starting at p.i, counting the keywords that open a block (function, if,
// do, repeat) against those that close one (end, until), or -1 when the
// tokens do not close it that way (the full parse then says why).
func (p *parser) bodyEnd() int {
	if !p.skipBodies {
		return -1
	}
	depth := 1
	for j := p.i; j < len(p.toks); j++ {
		switch p.toks[j].Type {
		case parse.TFunction, parse.TIf, parse.TDo, parse.TRepeat:
			depth++
		case parse.TEnd, parse.TUntil:
			depth--
			if depth == 0 {
				if p.toks[j].Type != parse.TEnd {
					return -1
				}
				return j
			}
		}
	}
	return -1
}

// exprStat is an assignment or a call statement.
func (p *parser) exprStat(b int) (ast.Stmt, met) {
	first := p.i
	v := p.suffixed(b)
	// After a call, '=' or ',' starts the next statement, which Lua
	// refuses there ("unexpected symbol").
	if tt := p.tt(); (tt == '=' || tt == ',') && !v.call {
		if !isVar(v) {
			p.failNear("syntax error")
		}
		base := len(p.exprs)
		p.exprs = append(p.exprs, v.e)
		var m met
		m.take(v.l, 1+v.h)
		for p.tt() == ',' {
			p.i++
			w := p.suffixed(b)
			if !isVar(w) {
				p.failNear("syntax error")
			}
			if len(p.exprs)-base == maxAssignTargets {
				// Lua 5.1 bounds the targets by what is left of its C
				// call depth (LUAI_MAXCCALLS): Redis refuses a 201st
				// target at the top level, and fewer in nested code.
				p.failHelp(w.first, fmt.Sprintf("more than %d variables in assignment (Lua 5.1's limit)", maxAssignTargets), "split the assignment")
			}
			p.exprs = append(p.exprs, w.e)
			m.take(w.l, 1+w.h)
		}
		p.check('=')
		lhs := takeList(p, &p.slabs.exprLists, len(p.exprs)-base)
		copy(lhs, p.exprs[base:])
		p.exprs = p.exprs[:base]
		rhs, em := p.exprList(b + 1)
		m.take(1+em.l, 1+em.h)
		s := alloc(p, &p.slabs.assigns, ast.AssignStmt{Lhs: lhs, Rhs: rhs})
		s.SetLine(lhs[0].Line())
		p.record(s, first, p.i-1)
		return s, m
	}
	if v.paren {
		// `(f())` is a parenthesized expression, not a call: Lua refuses
		// it as a statement. gopher-lua takes it for the call.
		if _, call := v.e.(*ast.FuncCallExpr); call {
			p.fail(first, fmt.Sprintf("syntax error near '%s' (a call in parentheses is not a statement: remove the parentheses)", p.near(p.i)))
		}
		p.failNear("syntax error")
	}
	if !v.call {
		if isVar(v) {
			p.failNear("'=' expected")
		}
		p.failNear("syntax error")
	}
	s := alloc(p, &p.slabs.callStmts, ast.FuncCallStmt{Expr: v.e})
	s.SetLine(v.e.Line())
	p.record(s, first, p.i-1)
	return s, met{l: v.l, h: 1 + v.h}
}

// isVar reports whether v can be assigned to: a name or an index.
func isVar(v ex) bool {
	if v.paren || v.call {
		return false
	}
	switch v.e.(type) {
	case *ast.IdentExpr, *ast.AttrGetExpr:
		return true
	}
	return false
}

// exprList parses `expr {, expr}` at level lvl; the measures are the
// largest of the expressions'.
func (p *parser) exprList(lvl int) ([]ast.Expr, met) {
	e := p.subexpr(lvl, 0)
	var m met
	m.take(e.l, e.h)
	if p.tt() != ',' {
		// Most lists have one expression: no need for the stack.
		return p.oneExpr(e.e), m
	}
	base := len(p.exprs)
	p.exprs = append(p.exprs, e.e)
	for p.tt() == ',' {
		p.i++
		e := p.subexpr(lvl, 0)
		p.exprs = append(p.exprs, e.e)
		m.take(e.l, e.h)
	}
	out := takeList(p, &p.slabs.exprLists, len(p.exprs)-base)
	copy(out, p.exprs[base:])
	p.exprs = p.exprs[:base]
	return out, m
}

// binaryPriority is Lua 5.1's priority table: left and right priority of
// a binary operator, 0 for a token that is none.
func binaryPriority(tt int) (int, int) {
	switch tt {
	case parse.TOr:
		return 1, 1
	case parse.TAnd:
		return 2, 2
	case '<', '>', parse.TLte, parse.TGte, parse.TEqeq, parse.TNeq:
		return 3, 3
	case parse.T2Comma:
		return 5, 4 // right associative
	case '+', '-':
		return 6, 6
	case '*', '/', '%':
		return 7, 7
	case '^':
		return 10, 9 // right associative
	}
	return 0, 0
}

func (p *parser) binaryNode(tt int, lhs, rhs ast.Expr) ast.Expr {
	switch tt {
	case parse.TOr:
		return alloc(p, &p.slabs.logic, ast.LogicalOpExpr{Operator: "or", Lhs: lhs, Rhs: rhs})
	case parse.TAnd:
		return alloc(p, &p.slabs.logic, ast.LogicalOpExpr{Operator: "and", Lhs: lhs, Rhs: rhs})
	case '<':
		return alloc(p, &p.slabs.rels, ast.RelationalOpExpr{Operator: "<", Lhs: lhs, Rhs: rhs})
	case '>':
		return alloc(p, &p.slabs.rels, ast.RelationalOpExpr{Operator: ">", Lhs: lhs, Rhs: rhs})
	case parse.TLte:
		return alloc(p, &p.slabs.rels, ast.RelationalOpExpr{Operator: "<=", Lhs: lhs, Rhs: rhs})
	case parse.TGte:
		return alloc(p, &p.slabs.rels, ast.RelationalOpExpr{Operator: ">=", Lhs: lhs, Rhs: rhs})
	case parse.TEqeq:
		return alloc(p, &p.slabs.rels, ast.RelationalOpExpr{Operator: "==", Lhs: lhs, Rhs: rhs})
	case parse.TNeq:
		return alloc(p, &p.slabs.rels, ast.RelationalOpExpr{Operator: "~=", Lhs: lhs, Rhs: rhs})
	case parse.T2Comma:
		return alloc(p, &p.slabs.concats, ast.StringConcatOpExpr{Lhs: lhs, Rhs: rhs})
	case '+':
		return alloc(p, &p.slabs.ariths, ast.ArithmeticOpExpr{Operator: "+", Lhs: lhs, Rhs: rhs})
	case '-':
		return alloc(p, &p.slabs.ariths, ast.ArithmeticOpExpr{Operator: "-", Lhs: lhs, Rhs: rhs})
	case '*':
		return alloc(p, &p.slabs.ariths, ast.ArithmeticOpExpr{Operator: "*", Lhs: lhs, Rhs: rhs})
	case '/':
		return alloc(p, &p.slabs.ariths, ast.ArithmeticOpExpr{Operator: "/", Lhs: lhs, Rhs: rhs})
	case '%':
		return alloc(p, &p.slabs.ariths, ast.ArithmeticOpExpr{Operator: "%", Lhs: lhs, Rhs: rhs})
	}
	return alloc(p, &p.slabs.ariths, ast.ArithmeticOpExpr{Operator: "^", Lhs: lhs, Rhs: rhs})
}

// subexpr is Lua 5.1's subexpr: operators binding tighter than limit.
// lvl is the expression's syntax level (see block).
func (p *parser) subexpr(lvl, limit int) ex {
	if lvl > MaxNesting {
		p.tooDeep()
	}
	var v ex
	switch tt := p.tt(); tt {
	case parse.TNot, '-', '#':
		op := p.i
		p.i++
		o := p.subexpr(lvl+1, unaryPriority)
		var u ast.Expr
		switch tt {
		case parse.TNot:
			u = &ast.UnaryNotOpExpr{Expr: o.e}
		case '-':
			u = &ast.UnaryMinusOpExpr{Expr: o.e}
		default:
			u = &ast.UnaryLenOpExpr{Expr: o.e}
		}
		u.SetLine(o.e.Line())
		p.record(u, op, p.i-1)
		v = ex{e: u, first: op, met: met{l: 1 + o.l, h: 1 + o.h}}
	default:
		v = p.simple(lvl)
	}
	for {
		op := p.tt()
		left, right := binaryPriority(op)
		if left <= limit {
			return v
		}
		p.i++
		r := p.subexpr(lvl+1, right)
		e := p.binaryNode(op, v.e, r.e)
		e.SetLine(v.e.Line())
		p.record(e, v.first, p.i-1)
		m := met{l: v.l, h: 1 + v.h}
		m.take(1+r.l, 1+r.h)
		v = ex{e: e, first: v.first, met: m}
	}
}

func (p *parser) simple(lvl int) ex {
	i := p.i
	if i >= len(p.toks) {
		return p.suffixed(lvl)
	}
	t := &p.toks[i]
	var e ast.Expr
	switch p.tt() {
	case parse.TNumber:
		n := take(p, &p.slabs.nums)
		n.Value = numberValue(p.f.Value(*t))
		e = n
	case parse.TString:
		s := take(p, &p.slabs.strExprs)
		s.Value = p.f.Value(*t)
		e = s
	case parse.TNil:
		e = &ast.NilExpr{}
	case parse.TTrue:
		e = &ast.TrueExpr{}
	case parse.TFalse:
		e = &ast.FalseExpr{}
	case parse.T3Comma:
		if !p.vararg {
			p.fail(i, "cannot use '...' outside a vararg function near '...' (declare the function with ... in its parameters)")
		}
		e = &ast.Comma3Expr{}
	case '{':
		return p.table(lvl)
	case parse.TFunction:
		p.i++
		fn, bm := p.funcBody(i, i, p.i, lvl+1)
		return ex{e: fn, first: i, met: met{l: bm.l, h: bm.h + 1}}
	default:
		return p.suffixed(lvl)
	}
	p.i++
	e.SetLine(int(t.line))
	p.record(e, i, i)
	return ex{e: e, first: i}
}

// numberValue is the value gopher-lua gives a number token: a hex float
// (merged by mergeHexFloats) reads as the decimal parseText shows it.
func numberValue(v string) string {
	if len(v) > 2 && (v[1] == 'x' || v[1] == 'X') && strings.ContainsAny(v, "pP") {
		return strings.TrimRight(decimalStandIn(v, len(v)), " ")
	}
	return v
}

// suffixed is Lua 5.1's primaryexp: a name or a parenthesized expression
// followed by fields, indexes, method calls and calls.
func (p *parser) suffixed(lvl int) ex {
	var v ex
	switch p.tt() {
	case parse.TIdent:
		i := p.i
		p.i++
		id := take(p, &p.slabs.idents)
		id.Value = p.val(i)
		id.SetLine(p.line(i))
		p.record(id, i, i)
		v = ex{e: id, first: i}
	case '(':
		open := p.i
		p.i++
		in := p.subexpr(lvl, 0)
		p.match(')', '(', open)
		if in.call {
			// gopher-lua's afunctioncall: the call keeps its line.
			in.e.(*ast.FuncCallExpr).AdjustRet = true
		} else {
			in.e.SetLine(p.line(open))
			if c3, ok := in.e.(*ast.Comma3Expr); ok {
				c3.AdjustRet = true
			}
		}
		v = ex{e: in.e, first: in.first, met: in.met, paren: true}
	default:
		p.failNear("unexpected symbol")
	}
	for {
		switch p.tt() {
		case '.':
			p.i++
			k := p.checkName()
			a := take(p, &p.slabs.attrs)
			a.Object, a.Key = v.e, p.dotKeyAt(k)
			a.SetLine(v.e.Line())
			p.record(a, v.first, k)
			v = ex{e: a, first: v.first, met: met{l: v.l, h: 1 + v.h}}
		case '[':
			p.i++
			k := p.subexpr(lvl, 0)
			p.check(']')
			a := take(p, &p.slabs.attrs)
			a.Object, a.Key = v.e, k.e
			a.SetLine(v.e.Line())
			p.record(a, v.first, p.i-1)
			m := met{l: v.l, h: 1 + v.h}
			if _, name := k.e.(*ast.StringExpr); name {
				m.take(k.l, 1+k.h)
			} else {
				m.take(1+k.l, 1+k.h)
			}
			v = ex{e: a, first: v.first, met: m}
		case ':':
			p.i++
			name := p.checkName()
			args, am := p.args(lvl)
			c := take(p, &p.slabs.calls)
			c.Receiver, c.Method, c.Args = v.e, p.val(name), args
			c.SetLine(v.e.Line())
			p.record(c, v.first, p.i-1)
			m := met{l: v.l, h: 1 + v.h}
			m.take(am.l, am.h)
			v = ex{e: c, first: v.first, met: m, call: true}
		case '(', parse.TString, '{':
			args, am := p.args(lvl)
			c := take(p, &p.slabs.calls)
			c.Func, c.Args = v.e, args
			c.SetLine(v.e.Line())
			p.record(c, v.first, p.i-1)
			m := met{l: v.l, h: 1 + v.h}
			m.take(am.l, am.h)
			v = ex{e: c, first: v.first, met: m, call: true}
		default:
			return v
		}
	}
}

// args parses call arguments; the measures are relative to the call.
func (p *parser) args(lvl int) ([]ast.Expr, met) {
	switch p.tt() {
	case parse.TString:
		s := p.stringAt(p.i)
		p.i++
		args := takeList(p, &p.slabs.exprLists, 1)
		args[0] = s
		return args, met{h: 1}
	case '{':
		t := p.table(lvl)
		args := takeList(p, &p.slabs.exprLists, 1)
		args[0] = t.e
		return args, met{l: t.l, h: 1 + t.h}
	case '(':
		open := p.i
		// The end line of the token before is searched for only when it
		// starts on an earlier line than the '(' (it may end on the same).
		if open > 0 && p.toks[open].line > p.toks[open-1].line && int(p.toks[open].line) > p.f.tokEndLine(&p.toks[open-1]) {
			p.fail(open, "ambiguous syntax (function call x new statement) near '('")
		}
		p.i++
		if p.tt() == ')' {
			p.i++
			return []ast.Expr{}, met{}
		}
		args, am := p.exprList(lvl)
		p.match(')', '(', open)
		// f{...} and f"..." take their argument without a new level in
		// Lua, and checkDepth cannot tell f({...}) from them.
		if len(args) == 1 {
			switch args[0].(type) {
			case *ast.TableExpr, *ast.StringExpr:
				return args, met{l: am.l, h: 1 + am.h}
			}
		}
		return args, met{l: 1 + am.l, h: 1 + am.h}
	}
	p.failNear("function arguments expected")
	return nil, met{}
}

// table parses a table constructor.
func (p *parser) table(lvl int) ex {
	open := p.i
	p.i++
	base := len(p.flds)
	var m met
	for p.tt() != '}' {
		var fld *ast.Field
		switch {
		case p.tt() == parse.TIdent && p.i+1 < len(p.toks) && p.toks[p.i+1].Type == '=':
			k := p.i
			p.i += 2
			v := p.subexpr(lvl+1, 0)
			fld = alloc(p, &p.slabs.fields, ast.Field{Key: p.dotKeyAt(k), Value: v.e})
			m.take(0, 1)
			m.take(1+v.l, 1+v.h)
		case p.tt() == '[':
			p.i++
			k := p.subexpr(lvl, 0)
			p.check(']')
			p.check('=')
			v := p.subexpr(lvl+1, 0)
			fld = alloc(p, &p.slabs.fields, ast.Field{Key: k.e, Value: v.e})
			if _, name := k.e.(*ast.StringExpr); name {
				m.take(k.l, 1+k.h)
			} else {
				m.take(1+k.l, 1+k.h)
			}
			m.take(1+v.l, 1+v.h)
		default:
			v := p.subexpr(lvl+1, 0)
			fld = alloc(p, &p.slabs.fields, ast.Field{Value: v.e})
			m.take(1+v.l, 1+v.h)
		}
		p.flds = append(p.flds, fld)
		if tt := p.tt(); tt != ',' && tt != ';' {
			break
		}
		p.i++
	}
	p.match('}', '{', open)
	fields := takeList(p, &p.slabs.fieldLists, len(p.flds)-base)
	copy(fields, p.flds[base:])
	p.flds = p.flds[:base]
	t := alloc(p, &p.slabs.tables, ast.TableExpr{Fields: fields})
	t.SetLine(p.line(open))
	p.record(t, open, p.i-1)
	return ex{e: t, first: open, met: m}
}

// The parser takes the most common nodes, and the backing arrays of
// lists, from slabs: one allocation for many nodes instead of one each.
// They stay ordinary pointers and slices (a list's capacity is its length,
// so that an append elsewhere copies it rather than overwrite a neighbour).
type slabs struct {
	idents    []ast.IdentExpr
	strExprs  []ast.StringExpr
	nums      []ast.NumberExpr
	attrs     []ast.AttrGetExpr
	calls     []ast.FuncCallExpr
	exprLists []ast.Expr
	stmtLists []ast.Stmt

	returns   []ast.ReturnStmt
	locals    []ast.LocalAssignStmt
	assigns   []ast.AssignStmt
	callStmts []ast.FuncCallStmt
	ifs       []ast.IfStmt
	funcs     []ast.FunctionExpr
	parLists  []ast.ParList
	logic     []ast.LogicalOpExpr
	rels      []ast.RelationalOpExpr
	ariths    []ast.ArithmeticOpExpr
	concats   []ast.StringConcatOpExpr
	tables    []ast.TableExpr
	fields    []ast.Field

	strLists   []string
	fieldLists []*ast.Field
}

// alloc takes a node from a slab and sets it to v.
func alloc[T any](p *parser, buf *[]T, v T) *T {
	n := take(p, buf)
	*n = v
	return n
}

// oneString and oneExpr are lists of one element.
func (p *parser) oneString(s string) []string {
	l := takeList(p, &p.slabs.strLists, 1)
	l[0] = s
	return l
}

func (p *parser) oneExpr(e ast.Expr) []ast.Expr {
	l := takeList(p, &p.slabs.exprLists, 1)
	l[0] = e
	return l
}

func take[T any](p *parser, buf *[]T) *T {
	if len(*buf) == 0 {
		*buf = make([]T, p.slabSize)
	}
	n := &(*buf)[0]
	*buf = (*buf)[1:]
	return n
}

// takeList returns a list of n elements (never nil).
func takeList[T any](p *parser, buf *[]T, n int) []T {
	if n == 0 {
		return []T{}
	}
	if n > p.slabSize/2 {
		return make([]T, n)
	}
	if len(*buf) < n {
		*buf = make([]T, 2*p.slabSize)
	}
	s := (*buf)[:n:n]
	*buf = (*buf)[n:]
	return s
}
