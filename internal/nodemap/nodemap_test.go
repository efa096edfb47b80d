package nodemap

import (
	"reflect"
	"testing"

	"github.com/yuin/gopher-lua/ast"
)

// TestMapMatchesGoMap checks the table against a Go map on nodes allocated
// one after another (the addresses the parser gives), past the estimate it
// was sized for, through a release and a reuse of its arrays.
func TestMapMatchesGoMap(t *testing.T) {
	nodes := make([]ast.IdentExpr, 1000)
	var tab Map[int32]
	var arrays Arrays[int32]
	for round := range 3 {
		tab.Init(10*round, arrays) // too small on purpose: it must grow
		want := map[uintptr]int32{}
		for i := range nodes {
			if i%3 == round {
				continue
			}
			k := Key(&nodes[i])
			tab.Put(k, int32(i))
			want[k] = int32(i)
		}
		tab.Put(KeyOf(&nodes[1]), -1) // overwrite
		want[KeyOf(&nodes[1])] = -1
		if p, found := tab.Slot(KeyOf(&nodes[2])); found == (round == 2) || (round != 2 && *p != 2) {
			t.Fatalf("round %d: Slot(node 2) = %d, %v", round, *p, found)
		} else {
			*p += 10
			want[KeyOf(&nodes[2])] += 10
		}
		for i := range nodes {
			k := Key(&nodes[i])
			got, ok := tab.Get(k)
			w, wok := want[k]
			if ok != wok || got != w || (tab.Ptr(k) != nil) != wok {
				t.Fatalf("round %d: Get(node %d) = %d, %v; want %d, %v", round, i, got, ok, w, wok)
			}
		}
		if tab.Len() != len(want) {
			t.Fatalf("round %d: Len = %d, want %d", round, tab.Len(), len(want))
		}
		all := map[uintptr]int32{}
		for k, v := range tab.All() {
			all[k] = v
		}
		if !reflect.DeepEqual(all, want) {
			t.Fatalf("round %d: All differs from the Go map", round)
		}
		if _, ok := tab.Get(0); ok {
			t.Fatal("the nil node has a value")
		}
		if len(tab.keys)*3 < tab.Len()*4 {
			t.Errorf("%d slots for %d keys: more than 3/4 full", len(tab.keys), tab.Len())
		}
		arrays = tab.Release()
		for i := range arrays.keys[:cap(arrays.keys)] {
			if arrays.keys[i] != 0 || arrays.vals[i] != 0 {
				t.Fatal("released arrays are not zeroed")
			}
		}
		if tab.Len() != 0 {
			t.Fatal("a released map is not empty")
		}
	}
	var empty Map[int32]
	if _, ok := empty.Get(Key(&nodes[0])); ok || empty.Len() != 0 {
		t.Fatal("the zero map has a key")
	}
	empty.Put(Key(&nodes[0]), 7)
	if v, ok := empty.Get(Key(&nodes[0])); !ok || v != 7 {
		t.Fatal("the zero map does not take a key")
	}
	empty.Reset()
	if _, ok := empty.Get(Key(&nodes[0])); ok || empty.Len() != 0 {
		t.Fatal("Reset left a key")
	}
}

// TestKeyIsThePointer pins Key's reading of an interface's data word: it
// is the pointer the interface holds, for every kind of AST node.
func TestKeyIsThePointer(t *testing.T) {
	for _, n := range []any{&ast.IdentExpr{}, &ast.LocalAssignStmt{}, &ast.FunctionExpr{}, &ast.NumberExpr{}, &ast.AttrGetExpr{}} {
		if got, want := Key(n), reflect.ValueOf(n).Pointer(); got != want {
			t.Fatalf("Key(%T) = %#x, want %#x", n, got, want)
		}
	}
	var e ast.Expr = &ast.StringExpr{}
	if Key(e) != KeyOf(e.(*ast.StringExpr)) {
		t.Fatal("Key of an ast.Expr differs from KeyOf its pointer")
	}
	if Key(nil) != 0 {
		t.Fatal("Key(nil) is not 0")
	}
	var nilExpr ast.Expr
	if Key(nilExpr) != 0 {
		t.Fatal("Key of a nil ast.Expr is not 0")
	}
}
