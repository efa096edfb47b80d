package luasrc

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/nodemap"
	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"
)

// walkPositions follows the AST in source order over the token index and
// records the tokens each node spans. gopher-lua keeps only line numbers, and
// it drops parentheses; the walk puts both back. It returns false when the
// tokens do not match the AST (a bug of ours), in which case ranges fall back
// to lines.
func (f *File) walkPositions() (ok bool) {
	w := &posWalker{f: f}
	defer func() {
		if r := recover(); r != nil {
			if _, mine := r.(walkMismatch); !mine {
				panic(r)
			}
			ok = false
			f.spans.m.Reset()
		}
	}()
	w.block(f.Chunk)
	w.skipSemis()
	if w.i != len(f.Tokens) {
		w.fail("trailing tokens")
	}
	return true
}

type walkMismatch string

type posWalker struct {
	f *File
	i int
	// parens holds the token indexes of '(' that wrap an expression and are
	// not closed yet.
	parens []int
}

func (w *posWalker) fail(why string) {
	panic(walkMismatch(fmt.Sprintf("%s at token %d", why, w.i)))
}

func (w *posWalker) cur() int {
	if w.i < len(w.f.Tokens) {
		return int(w.f.Tokens[w.i].Type)
	}
	return -1
}

func (w *posWalker) expect(tt int) int {
	if w.cur() != tt {
		w.fail(fmt.Sprintf("want token %d, have %d", tt, w.cur()))
	}
	w.i++
	return w.i - 1
}

// name consumes an identifier and returns its index.
func (w *posWalker) name() int {
	return w.expect(parse.TIdent)
}

func (w *posWalker) identText(i int) string { return w.f.Text(w.f.Tokens[i]) }

func (w *posWalker) skipSemis() {
	for w.cur() == ';' {
		w.i++
	}
}

func (w *posWalker) block(stmts []ast.Stmt) {
	for _, s := range stmts {
		w.skipSemis()
		w.stmt(s)
	}
	w.skipSemis()
}

func (w *posWalker) record(n any, first int) {
	last := w.i - 1
	if last < first {
		last = first
	}
	w.f.setSpan(n, first, last)
}

func (w *posWalker) exprList(es []ast.Expr) {
	for k, e := range es {
		if k > 0 {
			w.expect(',')
		}
		w.expr(e)
	}
}

func (w *posWalker) names(decl any, n int) {
	idx := make([]int, 0, n)
	for k := 0; k < n; k++ {
		if k > 0 {
			w.expect(',')
		}
		idx = append(idx, w.name())
	}
	w.f.setNames(decl, idx)
}

func (w *posWalker) fixNames(names []string, decl any) {
	first, n := w.f.names.list(nodemap.Key(decl))
	for k := range n {
		t := first + 2*k
		if k < len(names) && names[k] == gotoStandIn && w.identText(t) == "goto" {
			names[k] = "goto"
		}
	}
}

func (w *posWalker) stmt(s ast.Stmt) {
	first := w.i
	switch s := s.(type) {
	case *ast.AssignStmt:
		w.exprList(s.Lhs)
		w.expect('=')
		w.exprList(s.Rhs)
	case *ast.LocalAssignStmt:
		w.expect(parse.TLocal)
		if w.cur() == parse.TFunction {
			// Marked once its span is recorded, below.
			defer w.f.markLocalFunction(s)
			w.expect(parse.TFunction)
			w.f.setNames(s, []int{w.name()})
			fn, _ := s.Exprs[0].(*ast.FunctionExpr)
			if fn == nil {
				w.fail("local function without body")
			}
			w.funcBody(fn, first)
		} else {
			w.names(s, len(s.Names))
			if len(s.Exprs) > 0 {
				w.expect('=')
				w.exprList(s.Exprs)
			}
		}
		w.fixNames(s.Names, s)
	case *ast.FuncCallStmt:
		w.expr(s.Expr)
	case *ast.DoBlockStmt:
		w.expect(parse.TDo)
		w.block(s.Stmts)
		w.expect(parse.TEnd)
	case *ast.WhileStmt:
		w.expect(parse.TWhile)
		w.expr(s.Condition)
		w.expect(parse.TDo)
		w.block(s.Stmts)
		w.expect(parse.TEnd)
	case *ast.RepeatStmt:
		w.expect(parse.TRepeat)
		w.block(s.Stmts)
		w.expect(parse.TUntil)
		w.expr(s.Condition)
	case *ast.IfStmt:
		w.expect(parse.TIf)
		w.ifRest(s, first)
		w.expect(parse.TEnd)
	case *ast.NumberForStmt:
		w.expect(parse.TFor)
		w.f.setNames(s, []int{w.name()})
		w.expect('=')
		w.expr(s.Init)
		w.expect(',')
		w.expr(s.Limit)
		if s.Step != nil {
			w.expect(',')
			w.expr(s.Step)
		}
		w.expect(parse.TDo)
		w.block(s.Stmts)
		w.expect(parse.TEnd)
		if s.Name == gotoStandIn {
			s.Name = "goto"
		}
	case *ast.GenericForStmt:
		w.expect(parse.TFor)
		w.names(s, len(s.Names))
		w.fixNames(s.Names, s)
		w.expect(parse.TIn)
		w.exprList(s.Exprs)
		w.expect(parse.TDo)
		w.block(s.Stmts)
		w.expect(parse.TEnd)
	case *ast.FuncDefStmt:
		w.expect(parse.TFunction)
		if s.Name.Func != nil {
			w.funcName(s.Name.Func)
		} else {
			w.funcName(s.Name.Receiver)
			w.expect(':')
			w.f.setNames(s, []int{w.name()})
		}
		w.funcBody(s.Func, first)
	case *ast.ReturnStmt:
		w.expect(parse.TReturn)
		w.exprList(s.Exprs)
	case *ast.BreakStmt:
		w.expect(parse.TBreak)
	case *ast.LabelStmt:
		w.expect(parse.T2Colon)
		w.name()
		w.expect(parse.T2Colon)
	case *ast.GotoStmt:
		w.expect(parse.TGoto)
		w.name()
	default:
		w.fail(fmt.Sprintf("unknown statement %T", s))
	}
	w.record(s, first)
}

// ifRest walks `cond then block {elseif cond then block} [else block]`;
// gopher-lua nests each elseif as the sole statement of Else.
func (w *posWalker) ifRest(s *ast.IfStmt, first int) {
	w.expr(s.Condition)
	w.expect(parse.TThen)
	w.block(s.Then)
	switch {
	case w.cur() == parse.TElseIf:
		inner, ok := s.Else[0].(*ast.IfStmt)
		if len(s.Else) != 1 || !ok {
			w.fail("elseif without nested if")
		}
		at := w.expect(parse.TElseIf)
		w.ifRest(inner, at)
		w.record(inner, at)
	case w.cur() == parse.TElse:
		w.expect(parse.TElse)
		w.block(s.Else)
	}
}

func (w *posWalker) funcName(e ast.Expr) {
	first := w.i
	switch e := e.(type) {
	case *ast.IdentExpr:
		w.name()
		w.fixIdent(e, first)
	case *ast.AttrGetExpr:
		w.funcName(e.Object)
		w.expect('.')
		k := w.name()
		w.f.setSpan(e.Key, k, k)
		w.f.markDotKey(e.Key)
	default:
		w.fail("bad function name")
	}
	w.record(e, first)
}

func (w *posWalker) fixIdent(e *ast.IdentExpr, at int) {
	if e.Value == gotoStandIn && w.identText(at) == "goto" {
		e.Value = "goto"
	}
}

func (w *posWalker) funcBody(fn *ast.FunctionExpr, first int) {
	w.expect('(')
	n := len(fn.ParList.Names)
	w.names(fn, n)
	w.fixNames(fn.ParList.Names, fn)
	if fn.ParList.HasVargs {
		if n > 0 {
			w.expect(',')
		}
		w.expect(parse.T3Comma)
	}
	w.expect(')')
	w.block(fn.Stmts)
	w.expect(parse.TEnd)
	w.record(fn, first)
}

// expr walks an expression, first taking the parentheses that wrap it, and
// afterwards closing every wrapping parenthesis that opened right before its
// first token.
func (w *posWalker) expr(e ast.Expr) {
	for w.cur() == '(' {
		w.parens = append(w.parens, w.i)
		w.i++
	}
	first := w.i
	switch e := e.(type) {
	case *ast.NilExpr:
		w.expect(parse.TNil)
	case *ast.TrueExpr:
		w.expect(parse.TTrue)
	case *ast.FalseExpr:
		w.expect(parse.TFalse)
	case *ast.NumberExpr:
		w.expect(parse.TNumber)
	case *ast.StringExpr:
		w.expect(parse.TString)
	case *ast.Comma3Expr:
		w.expect(parse.T3Comma)
	case *ast.IdentExpr:
		w.name()
		w.fixIdent(e, first)
	case *ast.AttrGetExpr:
		w.expr(e.Object)
		if w.cur() == '.' {
			w.i++
			k := w.name()
			w.f.setSpan(e.Key, k, k)
			w.f.markDotKey(e.Key)
		} else {
			w.expect('[')
			w.expr(e.Key)
			w.expect(']')
		}
	case *ast.TableExpr:
		w.table(e)
	case *ast.FuncCallExpr:
		if e.Func != nil {
			w.expr(e.Func)
		} else {
			w.expr(e.Receiver)
			w.expect(':')
			w.name()
		}
		w.args(e.Args)
	case *ast.LogicalOpExpr:
		w.binary(e.Lhs, e.Rhs)
	case *ast.RelationalOpExpr:
		w.binary(e.Lhs, e.Rhs)
	case *ast.StringConcatOpExpr:
		w.binary(e.Lhs, e.Rhs)
	case *ast.ArithmeticOpExpr:
		w.binary(e.Lhs, e.Rhs)
	case *ast.UnaryMinusOpExpr:
		w.expect('-')
		w.expr(e.Expr)
	case *ast.UnaryNotOpExpr:
		w.expect(parse.TNot)
		w.expr(e.Expr)
	case *ast.UnaryLenOpExpr:
		w.expect('#')
		w.expr(e.Expr)
	case *ast.FunctionExpr:
		w.expect(parse.TFunction)
		w.funcBody(e, first)
	default:
		w.fail(fmt.Sprintf("unknown expression %T", e))
	}
	w.record(e, first)
	// Close the wrapping parentheses that belong to this node: those opened
	// in the unbroken run of '(' just before its first token.
	run := 0
	for k := first - 1; k >= 0 && w.f.Tokens[k].Type == '('; k-- {
		run++
	}
	for w.cur() == ')' && len(w.parens) > 0 && w.parens[len(w.parens)-1] >= first-run {
		w.parens = w.parens[:len(w.parens)-1]
		w.i++
	}
}

func (w *posWalker) binary(lhs, rhs ast.Expr) {
	w.expr(lhs)
	w.i++ // the operator
	w.expr(rhs)
}

func (w *posWalker) args(args []ast.Expr) {
	switch w.cur() {
	case '(':
		w.i++
		w.exprList(args)
		w.expect(')')
	case '{':
		if len(args) != 1 {
			w.fail("table call without one argument")
		}
		w.expr(args[0])
	case parse.TString:
		if len(args) != 1 {
			w.fail("string call without one argument")
		}
		w.expr(args[0])
	default:
		w.fail("call without arguments")
	}
}

func (w *posWalker) table(t *ast.TableExpr) {
	w.expect('{')
	for k, fld := range t.Fields {
		if k > 0 {
			if w.cur() != ',' && w.cur() != ';' {
				w.fail("field separator")
			}
			w.i++
		}
		switch {
		case fld.Key == nil:
			w.expr(fld.Value)
		case w.cur() == '[':
			w.i++
			w.expr(fld.Key)
			w.expect(']')
			w.expect('=')
			w.expr(fld.Value)
		default:
			kt := w.name()
			w.f.setSpan(fld.Key, kt, kt)
			w.f.markDotKey(fld.Key)
			w.expect('=')
			w.expr(fld.Value)
		}
	}
	if w.cur() == ',' || w.cur() == ';' {
		w.i++
	}
	w.expect('}')
}
