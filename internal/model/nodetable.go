package model

import (
	"math/bits"
	"unsafe"
)

// nodeTable maps AST nodes, by address, to int32 indexes: the expression
// numbers of Model.ids and the declaring nodes of Model.decls. It replaces
// Go maps keyed by pointer, which were a tenth of the instructions of
// Build (an insert per expression, a look-up per evaluation): an open
// addressing table with linear probing and a multiplicative hash costs a
// few instructions where the map's generic path costs dozens.
//
// The keys are the nodes' addresses as integers, so the table holds no
// pointers: the collector never scans it, writing it needs no write
// barriers, and a released table is cleared as plain memory. This is sound
// because a key is only compared, never turned back into a pointer, and
// because the nodes cannot be freed (and their addresses reused) while the
// table is in use: the model holds its File, which holds the tree, and Go's
// collector does not move heap objects.
type nodeTable struct {
	// slots has a power of two length; a zero key is an empty slot (no
	// node lives at address zero).
	slots []nodeSlot
	// shift turns the 64-bit hash into a slot index: 64 - log2(len).
	shift uint8
	// n counts the keys.
	n int32
}

type nodeSlot struct {
	key uintptr
	val int32
}

// nodeAddr is the key of a node: the address an interface holding it
// carries (every AST node is a pointer). It is nil for a nil interface.
func nodeAddr(n any) uintptr {
	return uintptr((*[2]unsafe.Pointer)(unsafe.Pointer(&n))[1])
}

// init empties the table and gives it room for about n keys, reusing
// slots (zeroed up to its capacity) when it is large enough.
func (t *nodeTable) init(n int, slots []nodeSlot) {
	// At most half full: linear probing stays short.
	size := 1 << bits.Len(uint(max(2*n, 8)-1))
	*t = nodeTable{slots: zeroed(slots, size), shift: uint8(64 - bits.TrailingZeros(uint(size)))}
}

// slot is where the search for key starts: Fibonacci hashing spreads
// addresses that differ only in their low bits (nodes allocated one after
// another) over the whole table.
func (t *nodeTable) slot(key uintptr) uint {
	// The mask tells the compiler the shift is under 64 (no check).
	return uint((uint64(key) * 0x9e3779b97f4a7c15) >> (t.shift & 63))
}

// get returns the index of node key (nodeAddr), if it has one.
func (t *nodeTable) get(key uintptr) (int32, bool) {
	if t.n == 0 || key == 0 {
		return 0, false
	}
	mask := uint(len(t.slots) - 1)
	for i := t.slot(key); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.key == key {
			return s.val, true
		}
		if s.key == 0 {
			return 0, false
		}
	}
}

// put sets the index of node key (nodeAddr, not zero).
func (t *nodeTable) put(key uintptr, val int32) {
	if int(t.n+1)*2 > len(t.slots) {
		t.grow()
	}
	mask := uint(len(t.slots) - 1)
	for i := t.slot(key); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.key == key {
			s.val = val
			return
		}
		if s.key == 0 {
			*s = nodeSlot{key, val}
			t.n++
			return
		}
	}
}

// grow doubles the table (only when the caller's estimate fell short).
func (t *nodeTable) grow() {
	old := t.slots
	var g nodeTable
	g.init(max(len(old), 8), nil)
	for _, s := range old {
		if s.key != 0 {
			g.put(s.key, s.val)
		}
	}
	*t = g
}

// release returns the slots, zeroed, for another table.
func (t *nodeTable) release() []nodeSlot {
	s := clearLen(t.slots)
	*t = nodeTable{}
	return s
}
