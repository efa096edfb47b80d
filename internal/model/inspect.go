package model

import (
	"math/bits"

	"github.com/lint-lua/lint-lua/internal/nodemap"
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
	// function body) starts in the middle of the arrays. (An element's
	// address is as good a key as a node's: the tree holds the list.)
	blocks nodemap.Map[int32]
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

// walk returns the model's walk index: the resolver records it as it goes
// (walkRec below); a model of a file that did not parse has an empty one.
func (m *Model) walk() *walkIndex {
	if m.walkIdx == nil {
		m.walkIdx = &walkIndex{}
	}
	return m.walkIdx
}

// walkRec is the walk index as the resolver builds it, in the same pass
// that binds names: the same nodes as Inspect visits, in its order, cut at
// its depth. The resolver meets an assignment's values before its targets,
// the walk wants the targets first: rotate swaps the two runs afterwards.
type walkRec struct {
	nodes  []any
	events []event
	// blockList is blocks as a list, made into the map at the end (an
	// assignment's rotation moves some of its entries).
	blockList []blockAt
	deep      bool
	// d is the depth of the next node: how many nodes enclose it.
	d int
	// tmp is rotate's scratch space.
	tmpNodes  []any
	tmpEvents []event
}

type blockAt struct {
	first *ast.Stmt
	at    int32
}

// open records n, of kind k (a single bit), and returns its index, or -1
// when it lies deeper than the walks go; close ends it.
func (w *walkRec) open(n any, k Kinds) int32 {
	d := w.d
	w.d++
	if d > inspectDepth {
		w.deep = true
		return -1
	}
	i := int32(len(w.events))
	w.nodes = append(w.nodes, n)
	w.events = append(w.events, event{kind: uint8(bits.TrailingZeros64(uint64(k)))})
	return i
}

// close ends the node open returned i for: its subtree is what was
// recorded since, and its kinds are its own and its children's.
func (w *walkRec) close(i int32) {
	w.d--
	if i < 0 {
		return
	}
	ev := w.events
	end := int32(len(ev))
	sub := Kinds(1) << ev[i].kind
	for j := i + 1; j < end; j = ev[j].end {
		sub |= ev[j].sub
	}
	ev[i].end = end
	ev[i].sub = sub
}

// block records where a statement list starts, when the walk reaches it
// (its statements are at depth d, their parent at d-1).
func (w *walkRec) block(ss []ast.Stmt) {
	if len(ss) > 0 && w.d <= inspectDepth+1 {
		w.blockList = append(w.blockList, blockAt{&ss[0], int32(len(w.events))})
	}
}

// rotate puts the nodes recorded in [b, c) before those in [a, b), and
// the block starts recorded from bl0 (those of [a, b)) and from bl1 (those
// of [b, c)) with them.
func (w *walkRec) rotate(a, b, c int32, bl0, bl1 int) {
	if a == b || b == c {
		return
	}
	w.tmpNodes = append(w.tmpNodes[:0], w.nodes[a:b]...)
	w.tmpEvents = append(w.tmpEvents[:0], w.events[a:b]...)
	copy(w.nodes[a:], w.nodes[b:c])
	copy(w.events[a:], w.events[b:c])
	up, down := b-a, c-b
	for j := a; j < a+down; j++ {
		w.events[j].end -= up
	}
	copy(w.nodes[a+down:], w.tmpNodes)
	copy(w.events[a+down:], w.tmpEvents)
	for j := a + down; j < c; j++ {
		w.events[j].end += down
	}
	clear(w.tmpNodes)
	for k := bl0; k < bl1; k++ {
		w.blockList[k].at += down
	}
	for k := bl1; k < len(w.blockList); k++ {
		w.blockList[k].at -= up
	}
}

// index makes the walk index of what was recorded, its blocks table in
// slots (see nodemap.Map.Init).
func (w *walkRec) index(slots nodemap.Arrays[int32]) *walkIndex {
	x := &walkIndex{nodes: w.nodes, events: w.events, deep: w.deep}
	x.blocks.Init(len(w.blockList), slots)
	for _, b := range w.blockList {
		k := nodemap.KeyOf(b.first)
		if _, ok := x.blocks.Get(k); !ok {
			x.blocks.Put(k, b.at)
		}
	}
	return x
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
	i, found := w.blocks.Get(nodemap.KeyOf(&stmts[0]))
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
