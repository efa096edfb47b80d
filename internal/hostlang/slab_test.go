package hostlang

import "testing"

// TestSlabIsNew: what slab.alloc hands out behaves as new(T) does: each
// value zero, distinct from every other, and never moved or reused when the
// slab takes another chunk.
func TestSlabIsNew(t *testing.T) {
	var s slab[operand]
	var got []*operand
	seen := map[*operand]bool{}
	for i := range 3000 {
		op := s.alloc()
		if op.first != 0 || op.lits != nil || op.name != "" || op.inner != nil {
			t.Fatalf("value %d is not zero: %+v", i, *op)
		}
		if seen[op] {
			t.Fatalf("value %d handed out twice", i)
		}
		seen[op] = true
		op.first, op.name = i, "x"
		got = append(got, op)
	}
	for i, op := range got {
		if op.first != i || op.name != "x" {
			t.Fatalf("value %d changed after later allocations: %+v", i, *op)
		}
	}
}
