package model

import (
	"testing"

	"github.com/yuin/gopher-lua/ast"
)

// TestNodeTable checks the table against a Go map on nodes allocated one
// after another (the addresses the parser gives), past the estimate it was
// sized for, and that a released table comes back empty.
func TestNodeTable(t *testing.T) {
	nodes := make([]ast.IdentExpr, 1000)
	var tab nodeTable
	var slots tableArrays
	for round := range 2 {
		tab.init(10, slots) // too small on purpose: it must grow
		want := map[uintptr]int32{}
		for i := range nodes {
			if i%3 == round {
				continue
			}
			k := nodeAddr(&nodes[i])
			tab.put(k, int32(i))
			want[k] = int32(i)
		}
		tab.put(nodeAddr(&nodes[1]), -1) // overwrite
		want[nodeAddr(&nodes[1])] = -1
		for i := range nodes {
			k := nodeAddr(&nodes[i])
			got, ok := tab.get(k)
			w, wok := want[k]
			if ok != wok || got != w {
				t.Fatalf("round %d: get(node %d) = %d, %v; want %d, %v", round, i, got, ok, w, wok)
			}
		}
		if int(tab.n) != len(want) {
			t.Fatalf("round %d: n = %d, want %d", round, tab.n, len(want))
		}
		if _, ok := tab.get(0); ok {
			t.Fatal("the nil node has an index")
		}
		slots = tab.release()
		for i := range slots.keys[:cap(slots.keys)] {
			if slots.keys[i] != 0 || slots.vals[i] != 0 {
				t.Fatal("released slots are not zeroed")
			}
		}
	}
	var empty nodeTable
	if _, ok := empty.get(nodeAddr(&nodes[0])); ok {
		t.Fatal("an empty table has a key")
	}
}
