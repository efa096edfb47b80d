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
	// keys has a power of two length, vals the same; a zero key is an
	// empty slot (no node lives at address zero). Apart rather than in
	// pairs: a pair would be padded to 16 bytes.
	keys []uintptr
	vals []int32
	// shift turns the 64-bit hash into a slot index: 64 - log2(len).
	shift uint8
	// n counts the keys; size is the length the arrays get on the first
	// put when init had none to reuse.
	n, size int32
}

// nodeAddr is the key of a node: the address an interface holding it
// carries (every AST node is a pointer). It is nil for a nil interface.
func nodeAddr(n any) uintptr {
	return uintptr((*[2]unsafe.Pointer)(unsafe.Pointer(&n))[1])
}

// tableArrays are the arrays of a released table, zeroed up to their
// capacity, for another (see zeroed).
type tableArrays struct {
	keys []uintptr
	vals []int32
}

// init empties the table and gives it room for about n keys, reusing a's
// arrays when they are large enough; otherwise the arrays are made on the
// first put (many files never put into some tables).
func (t *nodeTable) init(n int, a tableArrays) {
	// At most three quarters full, so a table takes about as much memory
	// as the Go map it replaced; the hash spreads the addresses of nodes
	// allocated one after another evenly, so the runs stay short.
	size := 1 << bits.Len(uint(max(n+n/3, 8)-1))
	*t = nodeTable{size: int32(size), shift: uint8(64 - bits.TrailingZeros(uint(size)))}
	if cap(a.keys) >= size && cap(a.vals) >= size {
		t.keys, t.vals = a.keys[:size], a.vals[:size]
	}
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
	keys := t.keys
	mask := uint(len(keys) - 1)
	for i := t.slot(key); ; i = (i + 1) & mask {
		k := keys[i]
		if k == key {
			return t.vals[i], true
		}
		if k == 0 {
			return 0, false
		}
	}
}

// put sets the index of node key (nodeAddr, not zero).
func (t *nodeTable) put(key uintptr, val int32) {
	if int(t.n+1) > len(t.keys)/4*3 {
		if t.keys == nil {
			t.keys, t.vals = make([]uintptr, t.size), make([]int32, t.size)
		} else {
			t.grow()
		}
	}
	keys := t.keys
	mask := uint(len(keys) - 1)
	for i := t.slot(key); ; i = (i + 1) & mask {
		k := keys[i]
		if k == key {
			t.vals[i] = val
			return
		}
		if k == 0 {
			keys[i] = key
			t.vals[i] = val
			t.n++
			return
		}
	}
}

// grow doubles the table (only when the caller's estimate fell short).
func (t *nodeTable) grow() {
	old := *t
	t.init(len(old.keys), tableArrays{})
	for i, k := range old.keys {
		if k != 0 {
			t.put(k, old.vals[i])
		}
	}
}

// release returns the arrays, zeroed, for another table.
func (t *nodeTable) release() tableArrays {
	a := tableArrays{clearLen(t.keys), clearLen(t.vals)}
	*t = nodeTable{}
	return a
}
