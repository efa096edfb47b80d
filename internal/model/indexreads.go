package model

import (
	"slices"

	"github.com/yuin/gopher-lua/ast"

	"github.com/lint-lua/lint-lua/internal/span"
)

// IndexRead is the first read of KEYS[i] or ARGV[i] that the script does
// not test for nil.
type IndexRead struct {
	Index int
	Expr  ast.Expr
	// CallArg: the value is an argument of a redis.call/pcall.
	CallArg bool
}

// IndexReads are a script's literal-index reads of KEYS and ARGV.
type IndexReads struct {
	first map[Origin]map[int]IndexRead
	// guarded indexes are tested for nil somewhere (`ARGV[3] or 10`,
	// `if KEYS[2] then`): optional values.
	guarded map[Origin]map[int]bool
	// whole is set when the script looks at the table as a whole (#ARGV,
	// unpack(KEYS), KEYS[i] with a computed i): it handles any count.
	whole map[Origin]bool
}

// Beyond returns the lowest unguarded read of an index above n.
func (sr IndexReads) Beyond(o Origin, n int) (IndexRead, bool) {
	if sr.whole[o] {
		return IndexRead{}, false
	}
	var best IndexRead
	found := false
	for i, r := range sr.first[o] {
		if i > n && !sr.guarded[o][i] && (!found || i < best.Index) {
			best, found = r, true
		}
	}
	return best, found
}

// ReadIndexes collects a script's KEYS[i] and ARGV[i] reads.
func ReadIndexes(m *Model) IndexReads {
	sr := IndexReads{
		first:   map[Origin]map[int]IndexRead{Keys: {}, Argv: {}},
		guarded: map[Origin]map[int]bool{Keys: {}, Argv: {}},
		whole:   map[Origin]bool{},
	}
	elem := func(v Value) (Origin, int) {
		for v.Origin == Tonumber && v.Of != nil {
			v = *v.Of
		}
		if (v.Origin == Keys || v.Origin == Argv) && v.Index > 0 {
			return v.Origin, int(v.Index)
		}
		return Unknown, 0
	}
	guard := func(e ast.Expr) {
		if o, i := elem(m.Value(e)); i > 0 {
			sr.guarded[o][i] = true
		}
	}
	// present are the blocks run only when a test shows an index there
	// (`if KEYS[6] then`, through a local too): every lower index of the
	// table is there as well, since KEYS and ARGV have no gaps.
	type presence struct {
		o   Origin
		i   int
		rng span.Range
	}
	var present []presence
	type read struct {
		o Origin
		i int
		x *ast.AttrGetExpr
	}
	var all []read
	indexed := map[ast.Expr]bool{}
	Inspect(m.File.Chunk, func(n any) bool {
		switch x := n.(type) {
		case *ast.IfStmt:
			guard(x.Condition)
			if o, i := elem(m.Value(x.Condition)); i > 0 && len(x.Then) > 0 {
				present = append(present, presence{o, i, span.Range{Start: m.Range(x.Then[0]).Start, End: m.Range(x.Then[len(x.Then)-1]).End}})
			}
		case *ast.WhileStmt:
			guard(x.Condition)
		case *ast.RepeatStmt:
			guard(x.Condition)
		case *ast.LogicalOpExpr:
			guard(x.Lhs)
			if x.Operator == "and" {
				guard(x.Rhs)
			}
		case *ast.UnaryNotOpExpr:
			guard(x.Expr)
		case *ast.RelationalOpExpr:
			if x.Operator == "==" || x.Operator == "~=" {
				if _, ok := x.Rhs.(*ast.NilExpr); ok {
					guard(x.Lhs)
				}
				if _, ok := x.Lhs.(*ast.NilExpr); ok {
					guard(x.Rhs)
				}
			}
		case *ast.FuncCallExpr:
			if id, ok := x.Func.(*ast.IdentExpr); ok && id.Value == "type" && len(x.Args) == 1 && m.VarOf(id) == nil {
				guard(x.Args[0])
			}
		case *ast.AttrGetExpr:
			if _, ok := x.Key.(*ast.NumberExpr); ok {
				indexed[x.Object] = true
			}
			v := m.Value(x)
			if (v.Origin == Keys || v.Origin == Argv) && v.Index > 0 {
				all = append(all, read{v.Origin, int(v.Index), x})
			}
		}
		return true
	})
	// A read kept in a local is harmless when the local is never used,
	// or used only where a test shows a later index there (tasktiger's
	// `local add_to_set_if_exists = KEYS[5]`, used only under `if
	// if_exists_key then` with if_exists_key = KEYS[6], and `local
	// if_exists_score = ARGV[5]`, unused in one of its variants).
	initOf := map[ast.Expr]*Variable{}
	for _, v := range m.Vars {
		if v.Init != nil && v.Kind == LocalVar {
			initOf[v.Init] = v
		}
	}
	harmless := func(r read) bool {
		v := initOf[r.x]
		if v == nil || v.Captured || len(v.Writes) > 0 {
			return false
		}
		for _, use := range v.Reads {
			at := m.Range(use).Start
			if !slices.ContainsFunc(present, func(p presence) bool { return p.o == r.o && p.i >= r.i && p.rng.Contains(at) }) {
				return false
			}
		}
		return true
	}
	for _, r := range all {
		if _, seen := sr.first[r.o][r.i]; !seen && !harmless(r) {
			sr.first[r.o][r.i] = IndexRead{Index: r.i, Expr: r.x}
		}
	}
	// A read whose value reaches a redis.call argument, directly or
	// through a local, fails there.
	for _, c := range m.Calls {
		for _, a := range c.Args[1:] {
			if o, i := elem(a.Value); i > 0 {
				if r, ok := sr.first[o][i]; ok {
					r.CallArg = true
					sr.first[o][i] = r
				}
			}
		}
	}
	WalkExprs(m.File.Chunk, func(e ast.Expr) {
		v := m.Value(e)
		if (v.Origin == KeysTable || v.Origin == ArgvTable) && !indexed[e] {
			if v.Origin == KeysTable {
				sr.whole[Keys] = true
			} else {
				sr.whole[Argv] = true
			}
		}
	})
	return sr
}
