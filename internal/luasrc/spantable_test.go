package luasrc

import (
	"testing"
	"unsafe"
)

// TestSpanTable: what is recorded is found, overwritten in place, flagged
// as a dot key without losing its span, and kept when the table grows;
// what is not recorded is not found.
func TestSpanTable(t *testing.T) {
	nodes := make([]int64, 1000)
	key := func(i int) unsafe.Pointer { return unsafe.Pointer(&nodes[i]) }
	tab := makeSpanTable(3)
	for i := 0; i < 600; i++ {
		tab.set(key(i), int32(i), int32(i+1), i%3 == 0)
	}
	tab.set(key(7), 70, 71, false)
	tab.markDot(key(8))
	if tab.len() != 600 {
		t.Fatalf("len %d, want 600", tab.len())
	}
	for i := 0; i < 1000; i++ {
		s, ok := tab.get(key(i))
		want := tokSpan{int32(i), int32(i + 1)}
		wantDot := i%3 == 0 || i == 8
		if i == 7 {
			want = tokSpan{70, 71}
		}
		if i >= 600 {
			want, wantDot = tokSpan{}, false
		}
		if ok != (i < 600) || s != want || tab.dot(key(i)) != wantDot {
			t.Errorf("node %d: %v %v dot %v; want %v %v dot %v", i, s, ok, tab.dot(key(i)), want, i < 600, wantDot)
		}
	}
	if _, ok := tab.get(nil); ok {
		t.Error("nil has a span")
	}
	if len(tab.slots)*3 < tab.len()*4 {
		t.Errorf("%d slots for %d nodes: more than 3/4 full", len(tab.slots), tab.len())
	}
	var empty spanTable
	if _, ok := empty.get(key(0)); ok || empty.dot(key(0)) || empty.len() != 0 {
		t.Error("the zero table is not empty")
	}
}
