package luasrc

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/nodemap"
	"github.com/yuin/gopher-lua/ast"
)

// TestSpanTable: what is recorded is found, overwritten in place with its
// flags kept, flagged without losing its span; what is not recorded is not
// found nor flagged. (nodemap's own test covers growth and release.)
func TestSpanTable(t *testing.T) {
	nodes := make([]int64, 1000)
	key := func(i int) uintptr { return nodemap.KeyOf(&nodes[i]) }
	tab := makeSpanTable(3)
	for i := 0; i < 600; i++ {
		var fl nodeFlags
		if i%3 == 0 {
			fl = dotFlag
		}
		tab.set(key(i), int32(i), int32(i+1), fl)
	}
	tab.set(key(9), 90, 91, 0)
	tab.mark(key(8), localFuncFlag)
	tab.mark(key(9), localFuncFlag)
	tab.mark(key(700), dotFlag)
	if tab.len() != 600 {
		t.Fatalf("len %d, want 600", tab.len())
	}
	for i := 0; i < 1000; i++ {
		s, ok := tab.get(key(i))
		want := tokSpan{int32(i), int32(i + 1)}
		var wantFl nodeFlags
		if i%3 == 0 {
			wantFl = dotFlag
		}
		switch {
		case i == 8:
			wantFl = localFuncFlag
		case i == 9:
			want, wantFl = tokSpan{90, 91}, dotFlag|localFuncFlag
		case i >= 600:
			want, wantFl = tokSpan{}, 0
		}
		if ok != (i < 600) || s != want || tab.flags(key(i)) != wantFl {
			t.Errorf("node %d: %v %v flags %b; want %v %v flags %b", i, s, ok, tab.flags(key(i)), want, i < 600, wantFl)
		}
	}
	if _, ok := tab.get(0); ok {
		t.Error("nil has a span")
	}
	var empty spanTable
	if _, ok := empty.get(key(0)); ok || empty.flags(key(0)) != 0 || empty.len() != 0 {
		t.Error("the zero table is not empty")
	}
}

// TestNodeFlags: the flags the parser sets reach IsLocalFunction and
// IsDotKey, and only the nodes they belong to.
func TestNodeFlags(t *testing.T) {
	f := Parse("t.lua", []byte("local function f() return f end\nlocal g = function() end\nlocal t = {k = 1, [\"s\"] = 2}\nreturn t.k, t[\"k\"]"))
	if f.Chunk == nil {
		t.Fatalf("no chunk: %v", f.Errors)
	}
	if !f.IsLocalFunction(f.Chunk[0].(*ast.LocalAssignStmt)) || f.IsLocalFunction(f.Chunk[1].(*ast.LocalAssignStmt)) {
		t.Error("IsLocalFunction: want true for `local function f`, false for `local g = function`")
	}
	tab := f.Chunk[2].(*ast.LocalAssignStmt).Exprs[0].(*ast.TableExpr)
	if !f.IsDotKey(tab.Fields[0].Key) || f.IsDotKey(tab.Fields[1].Key) {
		t.Error("IsDotKey: want true for `k = 1`, false for `[\"s\"] = 2`")
	}
	ret := f.Chunk[3].(*ast.ReturnStmt)
	if !f.IsDotKey(ret.Exprs[0].(*ast.AttrGetExpr).Key) || f.IsDotKey(ret.Exprs[1].(*ast.AttrGetExpr).Key) {
		t.Error("IsDotKey: want true for `t.k`, false for `t[\"k\"]`")
	}
	if f.IsLocalFunction(nil) || f.IsDotKey(nil) {
		t.Error("nil is flagged")
	}
}
