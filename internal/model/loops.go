package model

import (
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/ast"
	"slices"
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
	if m.loops == nil {
		v := m.computeLoops()
		m.loops = &v
	}
	// Clipped: a caller that appends gets its own array.
	return slices.Clip(*m.loops)
}

func (m *Model) computeLoops() []*Loop {
	var out []*Loop
	m.InspectKinds(m.File.Chunk, KLoops, func(n any) bool {
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
// It recurses through the tree on each call; Model.Inspect and
// Model.InspectKinds walk the same nodes in the same order over the tree
// flattened once per model, and are what rules should use.
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

// inspectStmt and inspectExpr call each other directly, with no closures
// or variadic helpers: Inspect is the walk every rule runs, and those cost
// an allocation per node.
func inspectStmt(s ast.Stmt, visit func(any) bool, d int) {
	if s == nil || d > inspectDepth || !visit(s) {
		return
	}
	d++
	switch s := s.(type) {
	case *ast.AssignStmt:
		inspectExprs(s.Lhs, visit, d)
		inspectExprs(s.Rhs, visit, d)
	case *ast.LocalAssignStmt:
		inspectExprs(s.Exprs, visit, d)
	case *ast.FuncCallStmt:
		inspectExpr(s.Expr, visit, d)
	case *ast.DoBlockStmt:
		inspectStmts(s.Stmts, visit, d)
	case *ast.WhileStmt:
		inspectExpr(s.Condition, visit, d)
		inspectStmts(s.Stmts, visit, d)
	case *ast.RepeatStmt:
		inspectStmts(s.Stmts, visit, d)
		inspectExpr(s.Condition, visit, d)
	case *ast.IfStmt:
		inspectExpr(s.Condition, visit, d)
		inspectStmts(s.Then, visit, d)
		inspectStmts(s.Else, visit, d)
	case *ast.NumberForStmt:
		inspectExpr(s.Init, visit, d)
		inspectExpr(s.Limit, visit, d)
		inspectExpr(s.Step, visit, d)
		inspectStmts(s.Stmts, visit, d)
	case *ast.GenericForStmt:
		inspectExprs(s.Exprs, visit, d)
		inspectStmts(s.Stmts, visit, d)
	case *ast.FuncDefStmt:
		if s.Name != nil {
			inspectExpr(s.Name.Func, visit, d)
			inspectExpr(s.Name.Receiver, visit, d)
		}
		inspectExpr(s.Func, visit, d)
	case *ast.ReturnStmt:
		inspectExprs(s.Exprs, visit, d)
	}
}

func inspectStmts(ss []ast.Stmt, visit func(any) bool, d int) {
	for _, s := range ss {
		inspectStmt(s, visit, d)
	}
}

func inspectExprs(es []ast.Expr, visit func(any) bool, d int) {
	for _, e := range es {
		inspectExpr(e, visit, d)
	}
}

func inspectExpr(e ast.Expr, visit func(any) bool, d int) {
	if e == nil || d > inspectDepth || !visit(e) {
		return
	}
	d++
	switch e := e.(type) {
	case *ast.AttrGetExpr:
		inspectExpr(e.Object, visit, d)
		inspectExpr(e.Key, visit, d)
	case *ast.TableExpr:
		for _, f := range e.Fields {
			inspectExpr(f.Key, visit, d)
			inspectExpr(f.Value, visit, d)
		}
	case *ast.FuncCallExpr:
		inspectExpr(e.Func, visit, d)
		inspectExpr(e.Receiver, visit, d)
		inspectExprs(e.Args, visit, d)
	case *ast.LogicalOpExpr:
		inspectExpr(e.Lhs, visit, d)
		inspectExpr(e.Rhs, visit, d)
	case *ast.RelationalOpExpr:
		inspectExpr(e.Lhs, visit, d)
		inspectExpr(e.Rhs, visit, d)
	case *ast.StringConcatOpExpr:
		inspectExpr(e.Lhs, visit, d)
		inspectExpr(e.Rhs, visit, d)
	case *ast.ArithmeticOpExpr:
		inspectExpr(e.Lhs, visit, d)
		inspectExpr(e.Rhs, visit, d)
	case *ast.UnaryMinusOpExpr:
		inspectExpr(e.Expr, visit, d)
	case *ast.UnaryNotOpExpr:
		inspectExpr(e.Expr, visit, d)
	case *ast.UnaryLenOpExpr:
		inspectExpr(e.Expr, visit, d)
	case *ast.FunctionExpr:
		inspectStmts(e.Stmts, visit, d)
	}
}

// Declared returns the variables a declaring node declares, in order: the
// names of a LocalAssignStmt, the control variables of a for loop, the
// parameters of a FunctionExpr.
func (m *Model) Declared(decl any) []*Variable { return m.declVars(nodeAddr(decl)) }

// declVars lists the variables that the node at address decl (nodeAddr)
// declares.
func (m *Model) declVars(decl uintptr) []*Variable {
	if i, ok := m.decls.get(decl); ok {
		return m.declLists[i]
	}
	return nil
}
