package model

import (
	"github.com/yuin/gopher-lua/ast"
)

// Kinds is a set of AST node kinds, one bit per gopher-lua node type, for
// the filtered walks (InspectKinds): a walk that wants only calls skips
// every subtree that holds none.
type Kinds uint64

// The node kinds.
const (
	KAssignStmt Kinds = 1 << iota
	KLocalAssignStmt
	KFuncCallStmt
	KDoBlockStmt
	KWhileStmt
	KRepeatStmt
	KIfStmt
	KNumberForStmt
	KGenericForStmt
	KFuncDefStmt
	KReturnStmt
	KBreakStmt
	KLabelStmt
	KGotoStmt
	KTrueExpr
	KFalseExpr
	KNilExpr
	KNumberExpr
	KStringExpr
	KComma3Expr
	KIdentExpr
	KAttrGetExpr
	KTableExpr
	KFuncCallExpr
	KLogicalOpExpr
	KRelationalOpExpr
	KStringConcatOpExpr
	KArithmeticOpExpr
	KUnaryMinusOpExpr
	KUnaryNotOpExpr
	KUnaryLenOpExpr
	KFunctionExpr
	// kOther is a node type this package does not know (a future
	// gopher-lua); every walk that wants anything looks into it.
	kOther

	// KStmts and KExprs are every statement and every expression kind.
	KStmts = KAssignStmt | KLocalAssignStmt | KFuncCallStmt | KDoBlockStmt | KWhileStmt | KRepeatStmt |
		KIfStmt | KNumberForStmt | KGenericForStmt | KFuncDefStmt | KReturnStmt | KBreakStmt | KLabelStmt | KGotoStmt
	KExprs = KTrueExpr | KFalseExpr | KNilExpr | KNumberExpr | KStringExpr | KComma3Expr | KIdentExpr |
		KAttrGetExpr | KTableExpr | KFuncCallExpr | KLogicalOpExpr | KRelationalOpExpr | KStringConcatOpExpr |
		KArithmeticOpExpr | KUnaryMinusOpExpr | KUnaryNotOpExpr | KUnaryLenOpExpr | KFunctionExpr
	// KLoops are the loop statements.
	KLoops = KWhileStmt | KRepeatStmt | KNumberForStmt | KGenericForStmt
)

// KindOf returns the kind of an AST node.
func KindOf(n any) Kinds {
	switch n.(type) {
	case *ast.AssignStmt:
		return KAssignStmt
	case *ast.LocalAssignStmt:
		return KLocalAssignStmt
	case *ast.FuncCallStmt:
		return KFuncCallStmt
	case *ast.DoBlockStmt:
		return KDoBlockStmt
	case *ast.WhileStmt:
		return KWhileStmt
	case *ast.RepeatStmt:
		return KRepeatStmt
	case *ast.IfStmt:
		return KIfStmt
	case *ast.NumberForStmt:
		return KNumberForStmt
	case *ast.GenericForStmt:
		return KGenericForStmt
	case *ast.FuncDefStmt:
		return KFuncDefStmt
	case *ast.ReturnStmt:
		return KReturnStmt
	case *ast.BreakStmt:
		return KBreakStmt
	case *ast.LabelStmt:
		return KLabelStmt
	case *ast.GotoStmt:
		return KGotoStmt
	case *ast.TrueExpr:
		return KTrueExpr
	case *ast.FalseExpr:
		return KFalseExpr
	case *ast.NilExpr:
		return KNilExpr
	case *ast.NumberExpr:
		return KNumberExpr
	case *ast.StringExpr:
		return KStringExpr
	case *ast.Comma3Expr:
		return KComma3Expr
	case *ast.IdentExpr:
		return KIdentExpr
	case *ast.AttrGetExpr:
		return KAttrGetExpr
	case *ast.TableExpr:
		return KTableExpr
	case *ast.FuncCallExpr:
		return KFuncCallExpr
	case *ast.LogicalOpExpr:
		return KLogicalOpExpr
	case *ast.RelationalOpExpr:
		return KRelationalOpExpr
	case *ast.StringConcatOpExpr:
		return KStringConcatOpExpr
	case *ast.ArithmeticOpExpr:
		return KArithmeticOpExpr
	case *ast.UnaryMinusOpExpr:
		return KUnaryMinusOpExpr
	case *ast.UnaryNotOpExpr:
		return KUnaryNotOpExpr
	case *ast.UnaryLenOpExpr:
		return KUnaryLenOpExpr
	case *ast.FunctionExpr:
		return KFunctionExpr
	}
	return kOther
}

// walkIndex is the file's AST flattened once into pre-order, in the order
// Inspect visits it, after golang.org/x/tools/go/ast/inspector: every rule
// walks this array instead of recursing through the tree, and a filtered
// walk jumps over a subtree that holds no kind it wants.
type walkIndex struct {
	events []event
	// blocks maps the address of a statement list's first element to the
	// event of that statement, so that a walk of a sub-block (a loop or
	// function body) starts in the middle of the array.
	blocks map[*ast.Stmt]int32
	// deep is set when the tree is deeper than inspectDepth: the array then
	// stops there, as a walk of the whole chunk does, but a walk of a
	// sub-block would see deeper, so it recurses instead.
	deep bool
}

// event is one node of the pre-order.
type event struct {
	node any
	// end is the index past the node's subtree.
	end int32
	// parent is the index of the enclosing node, -1 at the top.
	parent int32
	kind   Kinds
	// sub is the union of the kinds in the subtree, the node's own
	// included.
	sub Kinds
}

// walk returns the model's walk index, building it on first use.
func (m *Model) walk() *walkIndex {
	if m.walkIdx == nil {
		b := walkBuilder{w: &walkIndex{blocks: map[*ast.Stmt]int32{}}}
		if m.File != nil {
			b.stmts(m.File.Chunk, -1, 0)
		}
		m.walkIdx = b.w
	}
	return m.walkIdx
}

type walkBuilder struct{ w *walkIndex }

// push appends n's event and returns its index; pop closes it, folding its
// subtree's kinds into its parent's.
func (b *walkBuilder) push(n any, parent int32) int32 {
	i := int32(len(b.w.events))
	k := KindOf(n)
	b.w.events = append(b.w.events, event{node: n, parent: parent, kind: k, sub: k})
	return i
}

func (b *walkBuilder) pop(i int32) {
	ev := &b.w.events[i]
	ev.end = int32(len(b.w.events))
	if ev.parent >= 0 {
		b.w.events[ev.parent].sub |= ev.sub
	}
}

// stmts and stmt, exprs and expr mirror inspectStmt and inspectExpr: the
// same children in the same order, cut at the same depth.
func (b *walkBuilder) stmts(ss []ast.Stmt, parent int32, d int) {
	if len(ss) > 0 {
		if _, ok := b.w.blocks[&ss[0]]; !ok {
			b.w.blocks[&ss[0]] = int32(len(b.w.events))
		}
	}
	for _, s := range ss {
		b.stmt(s, parent, d)
	}
}

func (b *walkBuilder) exprs(es []ast.Expr, parent int32, d int) {
	for _, e := range es {
		b.expr(e, parent, d)
	}
}

func (b *walkBuilder) stmt(s ast.Stmt, parent int32, d int) {
	if s == nil {
		return
	}
	if d > inspectDepth {
		b.w.deep = true
		return
	}
	i := b.push(s, parent)
	d++
	switch s := s.(type) {
	case *ast.AssignStmt:
		b.exprs(s.Lhs, i, d)
		b.exprs(s.Rhs, i, d)
	case *ast.LocalAssignStmt:
		b.exprs(s.Exprs, i, d)
	case *ast.FuncCallStmt:
		b.expr(s.Expr, i, d)
	case *ast.DoBlockStmt:
		b.stmts(s.Stmts, i, d)
	case *ast.WhileStmt:
		b.expr(s.Condition, i, d)
		b.stmts(s.Stmts, i, d)
	case *ast.RepeatStmt:
		b.stmts(s.Stmts, i, d)
		b.expr(s.Condition, i, d)
	case *ast.IfStmt:
		b.expr(s.Condition, i, d)
		b.stmts(s.Then, i, d)
		b.stmts(s.Else, i, d)
	case *ast.NumberForStmt:
		b.expr(s.Init, i, d)
		b.expr(s.Limit, i, d)
		b.expr(s.Step, i, d)
		b.stmts(s.Stmts, i, d)
	case *ast.GenericForStmt:
		b.exprs(s.Exprs, i, d)
		b.stmts(s.Stmts, i, d)
	case *ast.FuncDefStmt:
		if s.Name != nil {
			b.expr(s.Name.Func, i, d)
			b.expr(s.Name.Receiver, i, d)
		}
		b.expr(s.Func, i, d)
	case *ast.ReturnStmt:
		b.exprs(s.Exprs, i, d)
	}
	b.pop(i)
}

func (b *walkBuilder) expr(e ast.Expr, parent int32, d int) {
	if e == nil {
		return
	}
	if d > inspectDepth {
		b.w.deep = true
		return
	}
	i := b.push(e, parent)
	d++
	switch e := e.(type) {
	case *ast.AttrGetExpr:
		b.expr(e.Object, i, d)
		b.expr(e.Key, i, d)
	case *ast.TableExpr:
		for _, f := range e.Fields {
			b.expr(f.Key, i, d)
			b.expr(f.Value, i, d)
		}
	case *ast.FuncCallExpr:
		b.expr(e.Func, i, d)
		b.expr(e.Receiver, i, d)
		b.exprs(e.Args, i, d)
	case *ast.LogicalOpExpr:
		b.expr(e.Lhs, i, d)
		b.expr(e.Rhs, i, d)
	case *ast.RelationalOpExpr:
		b.expr(e.Lhs, i, d)
		b.expr(e.Rhs, i, d)
	case *ast.StringConcatOpExpr:
		b.expr(e.Lhs, i, d)
		b.expr(e.Rhs, i, d)
	case *ast.ArithmeticOpExpr:
		b.expr(e.Lhs, i, d)
		b.expr(e.Rhs, i, d)
	case *ast.UnaryMinusOpExpr:
		b.expr(e.Expr, i, d)
	case *ast.UnaryNotOpExpr:
		b.expr(e.Expr, i, d)
	case *ast.UnaryLenOpExpr:
		b.expr(e.Expr, i, d)
	case *ast.FunctionExpr:
		b.stmts(e.Stmts, i, d)
	}
	b.pop(i)
}

// span returns the events [lo, hi) that a walk of stmts covers, or ok false
// when stmts is not a statement list of the file's tree (a slice made
// elsewhere, a list cut from the middle of a block) or when the tree is too
// deep for the array to hold what that walk would see.
func (w *walkIndex) span(m *Model, stmts []ast.Stmt) (lo, hi int32, ok bool) {
	if len(stmts) == 0 {
		return 0, 0, true
	}
	if m.File != nil && len(m.File.Chunk) > 0 && &stmts[0] == &m.File.Chunk[0] && len(stmts) <= len(m.File.Chunk) {
		// The whole chunk (or a prefix of it): the array holds exactly
		// what its walk sees, deep or not.
	} else if w.deep {
		return 0, 0, false
	}
	i, found := w.blocks[&stmts[0]]
	if !found {
		return 0, 0, false
	}
	lo, hi = i, i
	for _, s := range stmts {
		if s == nil {
			continue
		}
		if int(hi) >= len(w.events) || w.events[hi].node != any(s) {
			return 0, 0, false
		}
		hi = w.events[hi].end
	}
	return lo, hi, true
}

// Inspect is the package's Inspect, on the model's flattened tree: it
// visits statements and the expressions in them in source order, function
// bodies included; visit returns false to skip a node's children. stmts is
// the chunk or a block of it; any other list is walked recursively.
func (m *Model) Inspect(stmts []ast.Stmt, visit func(n any) bool) {
	w := m.walk()
	lo, hi, ok := w.span(m, stmts)
	if !ok {
		Inspect(stmts, visit)
		return
	}
	ev := w.events
	for i := lo; i < hi; {
		if visit(ev[i].node) {
			i++
		} else {
			i = ev[i].end
		}
	}
}

// InspectKinds is Inspect that calls visit only on the nodes of the given
// kinds, and does not look into a subtree that holds none of them. visit
// returns false to skip the node's children.
func (m *Model) InspectKinds(stmts []ast.Stmt, kinds Kinds, visit func(n any) bool) {
	w := m.walk()
	lo, hi, ok := w.span(m, stmts)
	if !ok {
		Inspect(stmts, func(n any) bool {
			if KindOf(n)&kinds == 0 {
				return true
			}
			return visit(n)
		})
		return
	}
	ev := w.events
	for i := lo; i < hi; {
		e := &ev[i]
		switch {
		case e.sub&kinds == 0:
			i = e.end
		case e.kind&kinds == 0 || visit(e.node):
			i++
		default:
			i = e.end
		}
	}
}

// Preorder calls fn on every node of the file of the given kinds, in the
// order Inspect visits them.
func (m *Model) Preorder(kinds Kinds, fn func(n any)) {
	w := m.walk()
	ev := w.events
	for i := int32(0); i < int32(len(ev)); {
		e := &ev[i]
		if e.sub&kinds == 0 {
			i = e.end
			continue
		}
		if e.kind&kinds != 0 {
			fn(e.node)
		}
		i++
	}
}
