package luasrc

import (
	"fmt"

	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"
)

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

// maxAssignTargets is the most targets one assignment may have in Redis:
// Redis 7.0.15 compiles 200 and refuses 201 ("main function has more than
// 199 variables in assignment", counting the targets before the one being
// read); stock luac5.1, its C stack one call deeper, refuses 199. Nested
// code lowers the bound, so more than 200 is always refused.
const maxAssignTargets = 200

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
				c.fail(i, i, "more than %d variables in assignment (Lua 5.1's limit): split the assignment", maxAssignTargets)
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
	if c.f.Tokens[open].Start.Line > c.f.Tokens[open-1].End.Line {
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

// paramLists follows, token by token, which '(' opens a function's
// parameter list, so that a ';' right after its ')' (an empty statement at
// the start of the body) is known not to follow a statement.
type paramLists struct {
	pending bool   // a `function` keyword whose '(' has not come yet
	open    []bool // for each open '(', whether it opens parameters
	closed  bool   // the last token was the ')' of a parameter list
}

func (p *paramLists) step(tt int) {
	p.closed = false
	switch tt {
	case parse.TFunction:
		p.pending = true
	case '(':
		p.open = append(p.open, p.pending)
		p.pending = false
	case ')':
		if n := len(p.open); n > 0 {
			p.closed = p.open[n-1]
			p.open = p.open[:n-1]
		}
	}
}
