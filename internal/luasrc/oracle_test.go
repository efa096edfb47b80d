package luasrc

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"
)

// The pipeline Parse used before the hand-written parser: gopher-lua's
// parser over a rewritten text, then a walk that puts token positions back
// on its tree and the Lua 5.1 checks its grammar lacks. It is the oracle
// the parser is compared with (TestParserMatchesGopherLua,
// FuzzParserMatchesGopherLua).

// parseGopher is Parse as it was with gopher-lua's parser.
func parseGopher(name string, src []byte) (f *File) {
	f = &File{Name: name, Src: src}
	defer func() {
		if r := recover(); r != nil {
			f.Chunk = nil
			f.Errors = append(f.Errors, SyntaxError{Range: f.lineRange(1), Message: fmt.Sprintf("internal error while parsing: %v", r)})
		}
	}()
	text, ok := f.scanSource()
	if !ok {
		return f
	}
	hexFloats := f.mergeHexFloats()
	if f.checkLua51() {
		return f
	}
	chunk, err := parse.Parse(bytes.NewReader(f.parseText(text, hexFloats)), name)
	if err != nil {
		f.Errors = append(f.Errors, f.convertParseError(err))
		return f
	}
	f.Chunk = chunk
	if f.checkDepth() {
		f.Chunk = nil
		return f
	}
	f.newPositionMaps(len(f.Tokens))
	f.positioned = f.walkPositions()
	if f.positioned && f.checkParsed() {
		f.Chunk = nil
	}
	return f
}

// gotoStandIn replaces the identifier `goto`, which Lua 5.1 treats as an
// ordinary name but gopher-lua reserves, with a name of the same length.
const gotoStandIn = "_g0_"

// parseText is what gopher-lua's parser reads: `goto` names renamed and
// hex floats written as decimals of the same length.
func (f *File) parseText(text []byte, hexFloats [][2]int) []byte {
	var out []byte
	for _, r := range hexFloats {
		if out == nil {
			out = append([]byte(nil), text...)
		}
		copy(out[r[0]:r[1]], decimalStandIn(string(text[r[0]:r[1]]), r[1]-r[0]))
	}
	for _, t := range f.Tokens {
		if t.Type == parse.TIdent && f.isGoto(&t) {
			if out == nil {
				out = append([]byte(nil), text...)
			}
			copy(out[t.Off:t.End0], gotoStandIn)
		}
	}
	if out == nil {
		return text
	}
	return out
}

func (f *File) convertParseError(err error) SyntaxError {
	var pe *parse.Error
	if !errors.As(err, &pe) {
		return SyntaxError{Range: f.lineRange(1), Message: err.Error()}
	}
	if pe.Pos.Line < 1 {
		return SyntaxError{Range: f.eofRange(), Message: "unexpected end of file (a block is missing its 'end', or an expression is incomplete)"}
	}
	start := span.Pos{Line: pe.Pos.Line, Column: pe.Pos.Column}
	r := span.Range{Start: start, End: span.Pos{Line: start.Line, Column: start.Column + 1}}
	tokText := pe.Token
	for i, t := range f.Tokens {
		if tr := f.TokenRange(i, i); tr.Start == start {
			r.End = tr.End
			tokText = f.Text(t)
			break
		}
	}
	if tokText == gotoStandIn {
		tokText = "goto"
	}
	msg := pe.Message
	switch msg {
	case "syntax error", "parse error":
		msg = fmt.Sprintf("unexpected symbol near '%s'", tokText)
	default:
		msg = fmt.Sprintf("%s near '%s'", msg, tokText)
	}
	return SyntaxError{Range: f.clamp(r), Message: msg}
}

// clamp keeps a range reported from gopher-lua's positions inside the file:
// its scanner counts column 0 just after a line break, and takes the byte
// after a bare exponent into a number, line break included.
func (f *File) clamp(r span.Range) span.Range {
	pos := func(p span.Pos) span.Pos {
		p.Line = min(max(p.Line, 1), len(f.lineStarts))
		text, _ := f.Line(p.Line)
		p.Column = min(max(p.Column, 1), len(text)+1)
		return p
	}
	r.Start, r.End = pos(r.Start), pos(r.End)
	if r.End.Line < r.Start.Line || (r.End.Line == r.Start.Line && r.End.Column < r.Start.Column) {
		r.End = r.Start
	}
	return r
}

// checkParsed reports what gopher-lua's grammar accepts but Lua 5.1's
// refuses, which only the tree with its token positions shows: a `break`
// outside a loop, a call in parentheses used as a statement, and a call
// whose '(' starts a new line. Each was refused by Redis 7.0.15. It returns
// true when the file must be treated as not parsed.
func (f *File) checkParsed() bool {
	// The main chunk is a vararg function: `...` is its arguments.
	c := &lua51Checker{f: f, match: matchParens(f.Tokens), vararg: true}
	c.block(f.Chunk, false)
	if c.err != nil {
		f.Errors = append(f.Errors, *c.err)
		return true
	}
	return false
}

type lua51Checker struct {
	f *File
	// match[i] is the index of the parenthesis matching the one at i, or
	// -1 (and for tokens that are not parentheses).
	match []int
	err   *SyntaxError
	// vararg is whether the function being checked declares `...`.
	vararg bool
}

func (c *lua51Checker) fail(first, last int, format string, args ...any) {
	if c.err == nil {
		c.err = &SyntaxError{Range: c.f.TokenRange(first, last), Message: fmt.Sprintf(format, args...)}
	}
}

// near names the token after index i as Lua does in its messages.
func (c *lua51Checker) near(i int) string {
	if i+1 < len(c.f.Tokens) {
		return c.f.Text(c.f.Tokens[i+1])
	}
	return "<eof>"
}

func (c *lua51Checker) block(stmts []ast.Stmt, inLoop bool) {
	for _, s := range stmts {
		if c.err != nil {
			return
		}
		c.stmt(s, inLoop)
	}
}

func (c *lua51Checker) exprs(es []ast.Expr) {
	for _, e := range es {
		c.expr(e)
	}
}

func (c *lua51Checker) stmt(s ast.Stmt, inLoop bool) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		if len(s.Lhs) > maxAssignTargets {
			// Lua 5.1 bounds the targets by what is left of its C call
			// depth (LUAI_MAXCCALLS): Redis refuses a 201st target at the
			// top level, and fewer in nested code.
			if i := c.f.FirstToken(s.Lhs[maxAssignTargets]); i >= 0 {
				c.fail(i, i, "more than %d variables in assignment (Lua 5.1's limit)", maxAssignTargets)
				return
			}
		}
		c.exprs(s.Lhs)
		c.exprs(s.Rhs)
	case *ast.LocalAssignStmt:
		c.exprs(s.Exprs)
	case *ast.FuncCallStmt:
		// `(f())` is a parenthesized expression, not a call: Lua refuses
		// it as a statement ("syntax error"). gopher-lua drops the
		// parentheses and takes it for the call.
		first, last := c.f.FirstToken(s), c.f.LastToken(s)
		if first >= 0 && c.f.Tokens[first].Type == '(' && c.match[first] == last {
			c.fail(first, last, "syntax error near '%s' (a call in parentheses is not a statement: remove the parentheses)", c.near(last))
			return
		}
		c.expr(s.Expr)
	case *ast.DoBlockStmt:
		c.block(s.Stmts, inLoop)
	case *ast.WhileStmt:
		c.expr(s.Condition)
		c.block(s.Stmts, true)
	case *ast.RepeatStmt:
		c.block(s.Stmts, true)
		c.expr(s.Condition)
	case *ast.IfStmt:
		c.expr(s.Condition)
		c.block(s.Then, inLoop)
		c.block(s.Else, inLoop)
	case *ast.NumberForStmt:
		c.expr(s.Init)
		c.expr(s.Limit)
		c.expr(s.Step)
		c.block(s.Stmts, true)
	case *ast.GenericForStmt:
		c.exprs(s.Exprs)
		c.block(s.Stmts, true)
	case *ast.FuncDefStmt:
		if s.Func != nil {
			c.function(s.Func)
		}
	case *ast.ReturnStmt:
		c.exprs(s.Exprs)
	case *ast.BreakStmt:
		if !inLoop {
			// A function body is a new context: a loop around the
			// function does not count.
			i := c.f.FirstToken(s)
			if i >= 0 {
				c.fail(i, i, "no loop to break near '%s' (break must be inside while, repeat or for, in the same function)", c.near(i))
			}
		}
	}
}

func (c *lua51Checker) expr(e ast.Expr) {
	if e == nil || c.err != nil {
		return
	}
	switch e := e.(type) {
	case *ast.AttrGetExpr:
		c.expr(e.Object)
		c.expr(e.Key)
	case *ast.TableExpr:
		for _, fld := range e.Fields {
			c.expr(fld.Key)
			c.expr(fld.Value)
		}
	case *ast.FuncCallExpr:
		c.expr(e.Func)
		c.expr(e.Receiver)
		c.callArgs(e)
		c.exprs(e.Args)
	case *ast.LogicalOpExpr:
		c.expr(e.Lhs)
		c.expr(e.Rhs)
	case *ast.RelationalOpExpr:
		c.expr(e.Lhs)
		c.expr(e.Rhs)
	case *ast.StringConcatOpExpr:
		c.expr(e.Lhs)
		c.expr(e.Rhs)
	case *ast.ArithmeticOpExpr:
		c.expr(e.Lhs)
		c.expr(e.Rhs)
	case *ast.UnaryMinusOpExpr:
		c.expr(e.Expr)
	case *ast.UnaryNotOpExpr:
		c.expr(e.Expr)
	case *ast.UnaryLenOpExpr:
		c.expr(e.Expr)
	case *ast.FunctionExpr:
		c.function(e)
	case *ast.Comma3Expr:
		// gopher-lua takes `...` anywhere; Lua 5.1 only in a function
		// that declares it.
		if !c.vararg {
			if i := c.f.FirstToken(e); i >= 0 {
				c.fail(i, i, "cannot use '...' outside a vararg function near '...' (declare the function with ... in its parameters)")
			}
		}
	}
}

func (c *lua51Checker) function(e *ast.FunctionExpr) {
	outer := c.vararg
	c.vararg = e.ParList != nil && e.ParList.HasVargs
	c.block(e.Stmts, false)
	c.vararg = outer
}

// callArgs refuses `f` and `(x)` on two lines: Lua 5.1 will not guess
// whether that is a call or two statements ("ambiguous syntax").
func (c *lua51Checker) callArgs(e *ast.FuncCallExpr) {
	last := c.f.LastToken(e)
	if last <= 0 || c.f.Tokens[last].Type != ')' {
		return
	}
	open := c.match[last]
	if open <= 0 {
		return
	}
	if c.f.TokenRange(open, open).Start.Line > c.f.TokenRange(open-1, open-1).End.Line {
		c.fail(open, open, "ambiguous syntax (function call x new statement) near '('")
	}
}

// matchParens pairs the parentheses of toks.
func matchParens(toks []Token) []int {
	match := make([]int, len(toks))
	var open []int
	for i, t := range toks {
		match[i] = -1
		switch t.Type {
		case '(':
			open = append(open, i)
		case ')':
			if n := len(open); n > 0 {
				match[i], match[open[n-1]] = open[n-1], i
				open = open[:n-1]
			}
		}
	}
	return match
}
