package ruleutil

// The fixer: the exact source text of nodes and where each stands, for the
// rules that offer a fix.

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// Fixer builds the edits of suggested fixes for one pass: exact source
// text of nodes, and where a node stands (its parent), so that a rewrite
// can tell whether only the truth of a value is used and whether the new
// text needs parentheses.
type Fixer struct {
	M      *model.Model
	Parent map[any]any
}

// NewFixer returns a Fixer over m, with the parent of each statement recorded.
func NewFixer(m *model.Model) *Fixer {
	fx := &Fixer{M: m, Parent: map[any]any{}}
	fx.stmts(nil, m.File.Chunk, 0)
	return fx
}

// walkDepth bounds the parent walk like model.Inspect bounds its own.
const walkDepth = 1000

func (fx *Fixer) stmts(parent any, ss []ast.Stmt, d int) {
	for _, s := range ss {
		fx.stmt(parent, s, d)
	}
}

func (fx *Fixer) stmt(parent any, s ast.Stmt, d int) {
	if s == nil || d > walkDepth {
		return
	}
	fx.Parent[s] = parent
	d++
	ex := func(es ...ast.Expr) {
		for _, e := range es {
			fx.expr(s, e, d)
		}
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		ex(s.Lhs...)
		ex(s.Rhs...)
	case *ast.LocalAssignStmt:
		ex(s.Exprs...)
	case *ast.FuncCallStmt:
		ex(s.Expr)
	case *ast.DoBlockStmt:
		fx.stmts(s, s.Stmts, d)
	case *ast.WhileStmt:
		ex(s.Condition)
		fx.stmts(s, s.Stmts, d)
	case *ast.RepeatStmt:
		fx.stmts(s, s.Stmts, d)
		ex(s.Condition)
	case *ast.IfStmt:
		ex(s.Condition)
		fx.stmts(s, s.Then, d)
		fx.stmts(s, s.Else, d)
	case *ast.NumberForStmt:
		ex(s.Init, s.Limit, s.Step)
		fx.stmts(s, s.Stmts, d)
	case *ast.GenericForStmt:
		ex(s.Exprs...)
		fx.stmts(s, s.Stmts, d)
	case *ast.FuncDefStmt:
		if s.Name != nil {
			ex(s.Name.Func, s.Name.Receiver)
		}
		ex(s.Func)
	case *ast.ReturnStmt:
		ex(s.Exprs...)
	}
}

func (fx *Fixer) expr(parent any, e ast.Expr, d int) {
	if e == nil || d > walkDepth {
		return
	}
	fx.Parent[e] = parent
	d++
	ex := func(es ...ast.Expr) {
		for _, x := range es {
			fx.expr(e, x, d)
		}
	}
	switch e := e.(type) {
	case *ast.AttrGetExpr:
		ex(e.Object, e.Key)
	case *ast.TableExpr:
		for _, f := range e.Fields {
			ex(f.Key, f.Value)
		}
	case *ast.FuncCallExpr:
		ex(e.Func, e.Receiver)
		ex(e.Args...)
	case *ast.LogicalOpExpr:
		ex(e.Lhs, e.Rhs)
	case *ast.RelationalOpExpr:
		ex(e.Lhs, e.Rhs)
	case *ast.StringConcatOpExpr:
		ex(e.Lhs, e.Rhs)
	case *ast.ArithmeticOpExpr:
		ex(e.Lhs, e.Rhs)
	case *ast.UnaryMinusOpExpr:
		ex(e.Expr)
	case *ast.UnaryNotOpExpr:
		ex(e.Expr)
	case *ast.UnaryLenOpExpr:
		ex(e.Expr)
	case *ast.FunctionExpr:
		fx.stmts(e, e.Stmts, d)
	}
}

// Lua 5.1 operator precedence, loosest first; a primary expression (a
// name, a call, an index, a literal) binds tightest.
const (
	precOr = iota + 1
	precAnd
	PrecCompare
	precConcat
	precAdd
	precMul
	PrecUnary
	precPow
	PrecPrimary = 10
)

// Prec is the precedence of the operator at the top of e.
func Prec(e ast.Expr) int {
	switch e := e.(type) {
	case *ast.LogicalOpExpr:
		if e.Operator == "or" {
			return precOr
		}
		return precAnd
	case *ast.RelationalOpExpr:
		return PrecCompare
	case *ast.StringConcatOpExpr:
		return precConcat
	case *ast.ArithmeticOpExpr:
		switch e.Operator {
		case "+", "-":
			return precAdd
		case "^":
			return precPow
		}
		return precMul
	case *ast.UnaryMinusOpExpr, *ast.UnaryNotOpExpr, *ast.UnaryLenOpExpr:
		return PrecUnary
	}
	return PrecPrimary
}

// isOperator reports whether n is an operator expression (whose operands
// are never wrapped in parentheses of their own).
func isOperator(n any) bool {
	e, ok := n.(ast.Expr)
	return ok && Prec(e) < PrecPrimary
}

// bounds returns the byte offsets of a node's source.
func (fx *Fixer) Bounds(n ast.PositionHolder) (int, int) {
	r := fx.M.Range(n)
	return fx.M.File.Offset(r.Start), fx.M.File.Offset(r.End)
}

// src is a node's exact source text (Model.Text shortens it for messages).
func (fx *Fixer) Src(n ast.PositionHolder) string {
	s, e := fx.Bounds(n)
	return string(fx.M.File.Src[s:e])
}

// operand is e's source text, parenthesized unless its operator binds
// tighter than min.
func (fx *Fixer) Operand(e ast.Expr, min int) string {
	if Prec(e) > min {
		return fx.Src(e)
	}
	return "(" + fx.Src(e) + ")"
}

// parenthesized reports whether e is written inside parentheses of its own.
func (fx *Fixer) parenthesized(e ast.Expr) bool {
	f := fx.M.File
	first, last := f.FirstToken(e), f.LastToken(e)
	return first > 0 && last >= 0 && last+1 < len(f.Tokens) &&
		f.Tokens[first-1].Type == '(' && f.Tokens[last+1].Type == ')'
}

// replace is the edit that puts text, whose top operator has precedence p,
// where e stands, parenthesized when e's parent operator binds as tight or
// tighter and e has no parentheses of its own.
func (fx *Fixer) Replace(e ast.Expr, text string, p int) diag.Edit {
	if par := fx.Parent[e]; isOperator(par) && Prec(par.(ast.Expr)) >= p && !fx.parenthesized(e) {
		text = "(" + text + ")"
	}
	s, end := fx.Bounds(e)
	return diag.Edit{Start: s, End: end, New: text}
}

// safe reports whether rewriting node loses nothing and means what the
// finding says: no comment stands inside it (the new text would drop it),
// and operand's value is what the model says wherever it is read (no
// closure assigns the local it reads, which would make the rewrite change
// the result whenever the closure ran).
func (fx *Fixer) Safe(node ast.PositionHolder, operand ast.Expr) bool {
	if !fx.M.WritesFollowed(operand) {
		return false
	}
	r := fx.M.Range(node)
	for _, c := range fx.M.File.Comments {
		if r.Contains(c.Range.Start) {
			return false
		}
	}
	return true
}

// keepsComments reports whether no edit covers a comment, which its new
// text would drop.
func (fx *Fixer) KeepsComments(edits []diag.Edit) bool {
	f := fx.M.File
	for _, c := range f.Comments {
		co := f.Offset(c.Range.Start)
		for _, e := range edits {
			if co >= e.Start && co < e.End {
				return false
			}
		}
	}
	return true
}

// truthOnly reports whether only the truth of e's value matters where it
// stands: it is the condition of an if, elseif, while or until, the operand
// of not, or an operand of and/or whose own truth is all that matters.
func (fx *Fixer) TruthOnly(e ast.Expr) bool {
	for d := 0; d < walkDepth; d++ {
		switch p := fx.Parent[e].(type) {
		case *ast.IfStmt:
			return p.Condition == e
		case *ast.WhileStmt:
			return p.Condition == e
		case *ast.RepeatStmt:
			return p.Condition == e
		case *ast.UnaryNotOpExpr:
			return true
		case *ast.LogicalOpExpr:
			e = p
			continue
		}
		return false
	}
	return false
}

// isStatement reports whether a call's results are thrown away.
func (fx *Fixer) IsStatement(call *ast.FuncCallExpr) bool {
	_, ok := fx.Parent[call].(*ast.FuncCallStmt)
	return ok
}

// IsNil reports whether e is the literal nil.
func IsNil(e ast.Expr) bool {
	_, ok := e.(*ast.NilExpr)
	return ok
}

// IsPrefix reports whether e may be followed by .name or (args) as it is
// written: a name, an index or a call.
func IsPrefix(e ast.Expr) bool {
	switch e.(type) {
	case *ast.IdentExpr, *ast.AttrGetExpr, *ast.FuncCallExpr:
		return true
	}
	return false
}

// tokenAfter returns the index of the token just after node n, or -1.
func (fx *Fixer) tokenAfter(n any) int {
	last := fx.M.File.LastToken(n)
	if last < 0 || last+1 >= len(fx.M.File.Tokens) {
		return -1
	}
	return last + 1
}

// deleteStmt is the edit that removes statement s (with a `;` after it),
// and its whole line when nothing else stands on it.
func (fx *Fixer) DeleteStmt(s ast.Stmt) diag.Edit {
	f := fx.M.File
	start, end := fx.Bounds(s)
	if i := fx.tokenAfter(s); i >= 0 && f.Tokens[i].Type == ';' {
		end = int(f.Tokens[i].End0)
	}
	src := f.Src
	ls := start
	for ls > 0 && (src[ls-1] == ' ' || src[ls-1] == '\t') {
		ls--
	}
	le := end
	for le < len(src) && (src[le] == ' ' || src[le] == '\t' || src[le] == '\r') {
		le++
	}
	if (ls == 0 || src[ls-1] == '\n') && (le == len(src) || src[le] == '\n') {
		if le < len(src) {
			le++
		}
		return diag.Edit{Start: ls, End: le}
	}
	return diag.Edit{Start: start, End: end}
}
