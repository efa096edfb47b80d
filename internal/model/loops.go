package model

import (
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/ast"
)

// LoopKind says which Lua loop statement a Loop is.
type LoopKind int

const (
	WhileLoop LoopKind = iota
	RepeatLoop
	NumericFor
	GenericFor
)

// Loop is one loop statement.
type Loop struct {
	Kind LoopKind
	Stmt ast.Stmt
	// Func is the function the loop runs in.
	Func *Function
	Body []ast.Stmt
	// Cond is the condition of a while (loop while true) or repeat (loop
	// until true) loop; nil for for loops.
	Cond ast.Expr
	// Header is the loop's first line up to its condition or limit:
	// `while cond`, `repeat`, `for i = a, b`, `for k, v in e`.
	Header span.Range
}

// Loops returns every loop of the file in source order, in nested
// functions too.
func (m *Model) Loops() []*Loop {
	var out []*Loop
	Inspect(m.File.Chunk, func(n any) bool {
		var l *Loop
		switch s := n.(type) {
		case *ast.WhileStmt:
			l = &Loop{Kind: WhileLoop, Stmt: s, Body: s.Stmts, Cond: s.Condition}
			l.Header = m.span(s, s.Condition)
		case *ast.RepeatStmt:
			l = &Loop{Kind: RepeatLoop, Stmt: s, Body: s.Stmts, Cond: s.Condition}
			l.Header = m.span(s, nil)
		case *ast.NumberForStmt:
			l = &Loop{Kind: NumericFor, Stmt: s, Body: s.Stmts}
			last := s.Limit
			if s.Step != nil {
				last = s.Step
			}
			l.Header = m.span(s, last)
		case *ast.GenericForStmt:
			l = &Loop{Kind: GenericFor, Stmt: s, Body: s.Stmts}
			l.Header = m.span(s, s.Exprs[len(s.Exprs)-1])
		}
		if l != nil {
			l.Func = m.FuncOf(l.Stmt)
			out = append(out, l)
		}
		return true
	})
	return out
}

// span is the range from a statement's first token to the end of last, or
// the first token alone when last is nil.
func (m *Model) span(s ast.Stmt, last ast.Expr) span.Range {
	first := m.File.FirstToken(s)
	if first < 0 {
		return m.Range(s)
	}
	r := m.File.TokenRange(first, first)
	if last != nil {
		r.End = m.Range(last).End
	}
	return r
}

// Exit is a statement that leaves a loop: a break of that loop (not of a
// loop nested in it), a return, or a call of error().
type Exit struct {
	Stmt ast.Stmt
	// Guards are the if statements that enclose the exit inside the loop
	// body, outermost first, with the branch taken.
	Guards []Guard
}

// Guard is one enclosing if and whether the exit is in its then branch
// (Truth) or its else branch.
type Guard struct {
	If    *ast.IfStmt
	Truth bool
}

// LoopExits returns the statements that leave l, in source order. Loops and
// functions nested in the body are looked into for return and error() (a
// function body only runs when called, so it is skipped).
func (m *Model) LoopExits(l *Loop) []Exit {
	var out []Exit
	var walk func(stmts []ast.Stmt, guards []Guard, inner bool)
	walk = func(stmts []ast.Stmt, guards []Guard, inner bool) {
		for _, s := range stmts {
			g := append([]Guard(nil), guards...)
			switch s := s.(type) {
			case *ast.BreakStmt:
				if !inner {
					out = append(out, Exit{Stmt: s, Guards: g})
				}
			case *ast.ReturnStmt:
				out = append(out, Exit{Stmt: s, Guards: g})
			case *ast.FuncCallStmt:
				if isErrorCall(m, s.Expr) {
					out = append(out, Exit{Stmt: s, Guards: g})
				}
			case *ast.IfStmt:
				walk(s.Then, append(g, Guard{If: s, Truth: true}), inner)
				walk(s.Else, append(g, Guard{If: s, Truth: false}), inner)
			case *ast.DoBlockStmt:
				walk(s.Stmts, g, inner)
			case *ast.WhileStmt:
				walk(s.Stmts, g, true)
			case *ast.RepeatStmt:
				walk(s.Stmts, g, true)
			case *ast.NumberForStmt:
				walk(s.Stmts, g, true)
			case *ast.GenericForStmt:
				walk(s.Stmts, g, true)
			}
		}
	}
	walk(l.Body, nil, false)
	return out
}

// Inspect visits statements and the expressions in them in source order,
// function bodies included. visit returns false to skip a node's children.
func Inspect(stmts []ast.Stmt, visit func(n any) bool) {
	for _, s := range stmts {
		inspectStmt(s, visit, 0)
	}
}

// InspectExpr is Inspect for one expression.
func InspectExpr(e ast.Expr, visit func(n any) bool) {
	inspectExpr(e, visit, 0)
}

// inspectDepth bounds recursion on hostile input (the parser already
// refuses deeper nesting than luasrc.MaxNesting).
const inspectDepth = 1000

func inspectStmt(s ast.Stmt, visit func(any) bool, d int) {
	if s == nil || d > inspectDepth || !visit(s) {
		return
	}
	d++
	ex := func(es ...ast.Expr) {
		for _, e := range es {
			inspectExpr(e, visit, d)
		}
	}
	blk := func(ss []ast.Stmt) {
		for _, x := range ss {
			inspectStmt(x, visit, d)
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
		blk(s.Stmts)
	case *ast.WhileStmt:
		ex(s.Condition)
		blk(s.Stmts)
	case *ast.RepeatStmt:
		blk(s.Stmts)
		ex(s.Condition)
	case *ast.IfStmt:
		ex(s.Condition)
		blk(s.Then)
		blk(s.Else)
	case *ast.NumberForStmt:
		ex(s.Init, s.Limit, s.Step)
		blk(s.Stmts)
	case *ast.GenericForStmt:
		ex(s.Exprs...)
		blk(s.Stmts)
	case *ast.FuncDefStmt:
		if s.Name != nil {
			ex(s.Name.Func, s.Name.Receiver)
		}
		ex(s.Func)
	case *ast.ReturnStmt:
		ex(s.Exprs...)
	}
}

func inspectExpr(e ast.Expr, visit func(any) bool, d int) {
	if e == nil || d > inspectDepth || !visit(e) {
		return
	}
	d++
	ex := func(es ...ast.Expr) {
		for _, x := range es {
			inspectExpr(x, visit, d)
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
		for _, s := range e.Stmts {
			inspectStmt(s, visit, d)
		}
	}
}

// Declared returns the variables a declaring node declares, in order: the
// names of a LocalAssignStmt, the control variables of a for loop, the
// parameters of a FunctionExpr.
func (m *Model) Declared(decl any) []*Variable { return m.declVars[decl] }
