package luasrc

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/ast"
)

// MaxDepth bounds how deeply the AST may nest before the parser gives up.
// Lua 5.1 accepts arbitrarily long left-associative chains (`a + b + ...`,
// `a.b.c...`, `f()()...`, elseif after elseif), which gopher-lua turns into
// trees as deep as the chain is long; every pass over the AST here and in
// the rules recurses, and a deep enough tree overflows the goroutine stack,
// which Go cannot recover from. No script a person writes comes near this
// bound, so a chain past it is refused with a clear message instead.
const MaxDepth = 1000

// checkDepth reports the first place where Lua 5.1's parser would run out
// of syntax levels, or where the AST is deeper than MaxDepth. It returns
// true when parsing must stop.
//
// Lua 5.1 counts one level per block (its chunk()) and one per nested
// subexpression (its subexpr()): a unary operand, the right operand of a
// binary operator, a call argument, a bracketed key, a table field. Levels
// past LUAI_MAXCCALLS (200) are "chunk has too many syntax levels". Right
// operands nest but left operands do not, which is why `a .. b .. c ...`
// (right-associative) fails after about 200 operands while `a + b + c ...`
// never does. Parentheses add levels too but gopher-lua drops them, so the
// count here can only be lower than Lua's: that check never refuses a
// script Redis accepts (MaxDepth, by design, can: see there).
func (f *File) checkDepth() bool {
	c := &depthChecker{f: f}
	c.block(nil, f.Chunk, 0, 0)
	if c.err != nil {
		f.Errors = append(f.Errors, *c.err)
		return true
	}
	return false
}

type depthChecker struct {
	f   *File
	err *SyntaxError
}

// at checks a node found at Lua level lvl and AST depth depth, and reports
// whether the walk may go on.
func (c *depthChecker) at(n ast.PositionHolder, lvl, depth int) bool {
	if c.err != nil {
		return false
	}
	var msg, help string
	switch {
	case lvl > MaxNesting:
		msg = fmt.Sprintf("chunk has too many syntax levels (more than %d nested blocks, operators or brackets)", MaxNesting)
	case depth > MaxDepth:
		msg = fmt.Sprintf("expression nested too deeply (more than %d levels of operators, calls, indexing or elseif)", MaxDepth)
		help = "split it into smaller expressions"
	default:
		return true
	}
	c.err = &SyntaxError{Range: c.lineOf(n), Message: msg, Help: help}
	return false
}

func (c *depthChecker) lineOf(n ast.PositionHolder) span.Range {
	line := 1
	if n != nil && n.Line() > 0 {
		line = n.Line()
	}
	if line > len(c.f.lineStarts) {
		line = len(c.f.lineStarts)
	}
	return c.f.lineRange(line)
}

// block walks a block whose enclosing level is outer: the block itself is
// one level deeper, and every expression a statement parses one more.
// owner is the statement or function the block belongs to (nil for the
// main chunk), where an empty block too deep is reported.
func (c *depthChecker) block(owner ast.PositionHolder, stmts []ast.Stmt, outer, depth int) {
	b := outer + 1
	if !c.at(owner, b, depth) {
		return
	}
	for _, s := range stmts {
		if c.err != nil {
			return
		}
		c.stmt(s, b, depth+1)
	}
}

func (c *depthChecker) exprs(es []ast.Expr, lvl, depth int) {
	for _, e := range es {
		c.expr(e, lvl, depth)
	}
}

func (c *depthChecker) stmt(s ast.Stmt, b, depth int) {
	if !c.at(s, b, depth) {
		return
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		// Targets are parsed as primary expressions, in the statement's
		// own level; values each as an expression.
		c.exprs(s.Lhs, b, depth+1)
		c.exprs(s.Rhs, b+1, depth+1)
	case *ast.LocalAssignStmt:
		// `local function f` parses its body without a subexpr; the
		// token walk that tells it from `local f = function` has not run
		// yet, so take the lower level for both.
		if len(s.Exprs) == 1 {
			if fn, ok := s.Exprs[0].(*ast.FunctionExpr); ok {
				c.block(fn, fn.Stmts, b, depth+1)
				return
			}
		}
		c.exprs(s.Exprs, b+1, depth+1)
	case *ast.FuncCallStmt:
		c.expr(s.Expr, b, depth+1)
	case *ast.DoBlockStmt:
		c.block(s, s.Stmts, b, depth)
	case *ast.WhileStmt:
		c.expr(s.Condition, b+1, depth+1)
		c.block(s, s.Stmts, b, depth)
	case *ast.RepeatStmt:
		c.block(s, s.Stmts, b, depth)
		c.expr(s.Condition, b+1, depth+1)
	case *ast.IfStmt:
		c.expr(s.Condition, b+1, depth+1)
		c.block(s, s.Then, b, depth)
		// An elseif is a nested IfStmt as the sole statement of Else; Lua
		// parses it at the same level (and `else if` one deeper, so taking
		// the same level can only undercount).
		if len(s.Else) == 1 {
			if inner, ok := s.Else[0].(*ast.IfStmt); ok {
				c.stmt(inner, b, depth+1)
				return
			}
		}
		c.block(s, s.Else, b, depth)
	case *ast.NumberForStmt:
		c.expr(s.Init, b+1, depth+1)
		c.expr(s.Limit, b+1, depth+1)
		if s.Step != nil {
			c.expr(s.Step, b+1, depth+1)
		}
		c.block(s, s.Stmts, b, depth)
	case *ast.GenericForStmt:
		c.exprs(s.Exprs, b+1, depth+1)
		c.block(s, s.Stmts, b, depth)
	case *ast.FuncDefStmt:
		if s.Name != nil {
			c.expr(s.Name.Func, b, depth+1)
			c.expr(s.Name.Receiver, b, depth+1)
		}
		if s.Func != nil {
			c.block(s, s.Func.Stmts, b, depth)
		}
	case *ast.ReturnStmt:
		c.exprs(s.Exprs, b+1, depth+1)
	}
}

// expr walks an expression parsed at Lua level lvl: its left operand and
// the object of a call or index stay at that level, everything Lua parses
// with a fresh subexpr() is one level deeper.
func (c *depthChecker) expr(e ast.Expr, lvl, depth int) {
	if e == nil || !c.at(e, lvl, depth) {
		return
	}
	switch e := e.(type) {
	case *ast.AttrGetExpr:
		c.expr(e.Object, lvl, depth+1)
		// `.name` is a plain name; `[k]` is an expression.
		if _, name := e.Key.(*ast.StringExpr); name {
			c.expr(e.Key, lvl, depth+1)
		} else {
			c.expr(e.Key, lvl+1, depth+1)
		}
	case *ast.TableExpr:
		for _, fld := range e.Fields {
			if _, name := fld.Key.(*ast.StringExpr); name {
				c.expr(fld.Key, lvl, depth+1)
			} else {
				c.expr(fld.Key, lvl+1, depth+1)
			}
			c.expr(fld.Value, lvl+1, depth+1)
		}
	case *ast.FuncCallExpr:
		c.expr(e.Func, lvl, depth+1)
		c.expr(e.Receiver, lvl, depth+1)
		argLvl := lvl + 1
		if len(e.Args) == 1 {
			// f{...} and f"..." take their argument without a subexpr;
			// f({...}) cannot be told apart here, so undercount.
			switch e.Args[0].(type) {
			case *ast.TableExpr, *ast.StringExpr:
				argLvl = lvl
			}
		}
		c.exprs(e.Args, argLvl, depth+1)
	case *ast.LogicalOpExpr:
		c.expr(e.Lhs, lvl, depth+1)
		c.expr(e.Rhs, lvl+1, depth+1)
	case *ast.RelationalOpExpr:
		c.expr(e.Lhs, lvl, depth+1)
		c.expr(e.Rhs, lvl+1, depth+1)
	case *ast.StringConcatOpExpr:
		c.expr(e.Lhs, lvl, depth+1)
		c.expr(e.Rhs, lvl+1, depth+1)
	case *ast.ArithmeticOpExpr:
		c.expr(e.Lhs, lvl, depth+1)
		c.expr(e.Rhs, lvl+1, depth+1)
	case *ast.UnaryMinusOpExpr:
		c.expr(e.Expr, lvl+1, depth+1)
	case *ast.UnaryNotOpExpr:
		c.expr(e.Expr, lvl+1, depth+1)
	case *ast.UnaryLenOpExpr:
		c.expr(e.Expr, lvl+1, depth+1)
	case *ast.FunctionExpr:
		c.block(e, e.Stmts, lvl, depth+1)
	}
}
