package model

import (
	"math/bits"

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
// walks these arrays instead of recursing through the tree, and a filtered
// walk jumps over a subtree that holds no kind it wants.
type walkIndex struct {
	// nodes[i] is the i-th node in pre-order, events[i] its place in the
	// tree (kept apart: the filtered walks read only events, which hold no
	// pointers).
	nodes  []any
	events []event
	// blocks maps the address of a statement list's first element to the
	// index of that statement, so that a walk of a sub-block (a loop or
	// function body) starts in the middle of the arrays.
	blocks map[*ast.Stmt]int32
	// deep is set when the tree is deeper than inspectDepth: the arrays
	// then stop there, as a walk of the whole chunk does, but a walk of a
	// sub-block would see deeper, so it recurses instead.
	deep bool
}

// event is one node of the pre-order.
type event struct {
	// sub is the union of the kinds in the subtree, the node's own
	// included.
	sub Kinds
	// end is the index past the node's subtree.
	end int32
	// kind is the node's kind as a bit index: Kinds(1) << kind.
	kind uint8
}

// walk returns the model's walk index, building it on first use.
func (m *Model) walk() *walkIndex {
	if m.walkIdx == nil {
		w := &walkIndex{}
		if m.File != nil {
			// The resolver counted the nodes and blocks: one allocation
			// per array, of the size it needs.
			n := m.walkNodes
			w.nodes = make([]any, 0, n)
			w.events = make([]event, 0, n)
			w.blocks = make(map[*ast.Stmt]int32, m.walkBlocks)
			b := walkBuilder{w: w}
			b.stmts(m.File.Chunk, 0)
		}
		if w.blocks == nil {
			w.blocks = map[*ast.Stmt]int32{}
		}
		m.walkIdx = w
	}
	return m.walkIdx
}

type walkBuilder struct{ w *walkIndex }

// push appends n, of kind k (a single bit), and returns its index; pop
// closes it with the kinds of its subtree, which it returns for its
// parent's.
func (b *walkBuilder) push(n any, k Kinds) int32 {
	i := int32(len(b.w.events))
	b.w.nodes = append(b.w.nodes, n)
	b.w.events = append(b.w.events, event{kind: uint8(bits.TrailingZeros64(uint64(k)))})
	return i
}

func (b *walkBuilder) pop(i int32, sub Kinds) Kinds {
	ev := &b.w.events[i]
	ev.end = int32(len(b.w.events))
	ev.sub = sub | 1<<ev.kind
	return ev.sub
}

// stmts and stmt, exprs and expr mirror inspectStmt and inspectExpr: the
// same children in the same order, cut at the same depth. Each returns
// the kinds it added.
func (b *walkBuilder) stmts(ss []ast.Stmt, d int) Kinds {
	if len(ss) > 0 {
		if _, ok := b.w.blocks[&ss[0]]; !ok {
			b.w.blocks[&ss[0]] = int32(len(b.w.events))
		}
	}
	var k Kinds
	for _, s := range ss {
		k |= b.stmt(s, d)
	}
	return k
}

func (b *walkBuilder) exprs(es []ast.Expr, d int) Kinds {
	var k Kinds
	for _, e := range es {
		k |= b.expr(e, d)
	}
	return k
}

func (b *walkBuilder) stmt(s ast.Stmt, d int) Kinds {
	if s == nil {
		return 0
	}
	if d > inspectDepth {
		b.w.deep = true
		return 0
	}
	d++
	var i int32
	var k Kinds
	switch s := s.(type) {
	case *ast.AssignStmt:
		i = b.push(s, KAssignStmt)
		k = b.exprs(s.Lhs, d) | b.exprs(s.Rhs, d)
	case *ast.LocalAssignStmt:
		i = b.push(s, KLocalAssignStmt)
		k = b.exprs(s.Exprs, d)
	case *ast.FuncCallStmt:
		i = b.push(s, KFuncCallStmt)
		k = b.expr(s.Expr, d)
	case *ast.DoBlockStmt:
		i = b.push(s, KDoBlockStmt)
		k = b.stmts(s.Stmts, d)
	case *ast.WhileStmt:
		i = b.push(s, KWhileStmt)
		k = b.expr(s.Condition, d)
		k |= b.stmts(s.Stmts, d)
	case *ast.RepeatStmt:
		i = b.push(s, KRepeatStmt)
		k = b.stmts(s.Stmts, d)
		k |= b.expr(s.Condition, d)
	case *ast.IfStmt:
		i = b.push(s, KIfStmt)
		k = b.expr(s.Condition, d)
		k |= b.stmts(s.Then, d)
		k |= b.stmts(s.Else, d)
	case *ast.NumberForStmt:
		i = b.push(s, KNumberForStmt)
		k = b.expr(s.Init, d)
		k |= b.expr(s.Limit, d)
		k |= b.expr(s.Step, d)
		k |= b.stmts(s.Stmts, d)
	case *ast.GenericForStmt:
		i = b.push(s, KGenericForStmt)
		k = b.exprs(s.Exprs, d)
		k |= b.stmts(s.Stmts, d)
	case *ast.FuncDefStmt:
		i = b.push(s, KFuncDefStmt)
		if s.Name != nil {
			k = b.expr(s.Name.Func, d)
			k |= b.expr(s.Name.Receiver, d)
		}
		k |= b.expr(s.Func, d)
	case *ast.ReturnStmt:
		i = b.push(s, KReturnStmt)
		k = b.exprs(s.Exprs, d)
	default:
		i = b.push(s, KindOf(s))
	}
	return b.pop(i, k)
}

func (b *walkBuilder) expr(e ast.Expr, d int) Kinds {
	if e == nil {
		return 0
	}
	if d > inspectDepth {
		b.w.deep = true
		return 0
	}
	d++
	var i int32
	var k Kinds
	switch e := e.(type) {
	case *ast.IdentExpr:
		i = b.push(e, KIdentExpr)
	case *ast.StringExpr:
		i = b.push(e, KStringExpr)
	case *ast.NumberExpr:
		i = b.push(e, KNumberExpr)
	case *ast.AttrGetExpr:
		i = b.push(e, KAttrGetExpr)
		k = b.expr(e.Object, d)
		k |= b.expr(e.Key, d)
	case *ast.TableExpr:
		i = b.push(e, KTableExpr)
		for _, f := range e.Fields {
			k |= b.expr(f.Key, d)
			k |= b.expr(f.Value, d)
		}
	case *ast.FuncCallExpr:
		i = b.push(e, KFuncCallExpr)
		k = b.expr(e.Func, d)
		k |= b.expr(e.Receiver, d)
		k |= b.exprs(e.Args, d)
	case *ast.LogicalOpExpr:
		i = b.push(e, KLogicalOpExpr)
		k = b.expr(e.Lhs, d)
		k |= b.expr(e.Rhs, d)
	case *ast.RelationalOpExpr:
		i = b.push(e, KRelationalOpExpr)
		k = b.expr(e.Lhs, d)
		k |= b.expr(e.Rhs, d)
	case *ast.StringConcatOpExpr:
		i = b.push(e, KStringConcatOpExpr)
		k = b.expr(e.Lhs, d)
		k |= b.expr(e.Rhs, d)
	case *ast.ArithmeticOpExpr:
		i = b.push(e, KArithmeticOpExpr)
		k = b.expr(e.Lhs, d)
		k |= b.expr(e.Rhs, d)
	case *ast.UnaryMinusOpExpr:
		i = b.push(e, KUnaryMinusOpExpr)
		k = b.expr(e.Expr, d)
	case *ast.UnaryNotOpExpr:
		i = b.push(e, KUnaryNotOpExpr)
		k = b.expr(e.Expr, d)
	case *ast.UnaryLenOpExpr:
		i = b.push(e, KUnaryLenOpExpr)
		k = b.expr(e.Expr, d)
	case *ast.FunctionExpr:
		i = b.push(e, KFunctionExpr)
		k = b.stmts(e.Stmts, d)
	default:
		i = b.push(e, KindOf(e))
	}
	return b.pop(i, k)
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
		if int(hi) >= len(w.events) || w.nodes[hi] != any(s) {
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
	ev, nodes := w.events, w.nodes
	for i := lo; i < hi; {
		if visit(nodes[i]) {
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
	ev, nodes := w.events, w.nodes
	for i := lo; i < hi; {
		e := &ev[i]
		switch {
		case e.sub&kinds == 0:
			i = e.end
		case 1<<e.kind&kinds == 0 || visit(nodes[i]):
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
	ev, nodes := w.events, w.nodes
	for i := int32(0); i < int32(len(ev)); {
		e := &ev[i]
		if e.sub&kinds == 0 {
			i = e.end
			continue
		}
		if 1<<e.kind&kinds != 0 {
			fn(nodes[i])
		}
		i++
	}
}
