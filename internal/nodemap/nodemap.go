// Package nodemap is the table the parser and the model keep per AST node:
// a map from a node, by its address, to a small value (the tokens it
// spans, the index of its expression, the variables it declares).
//
// It is a performance trick, and this is the one place it lives. The
// parser records a span for almost every node and the model looks up one
// for every node it places; with Go's maps keyed by pointer, the hashing,
// the group search and the growth bookkeeping of a general table were 8%
// of a parse and a tenth of a model's build. Here keys are never deleted,
// and the addresses of nodes cut one after another from the parser's slabs
// are evenly spaced, which a multiplicative (Fibonacci) hash spreads well:
// open addressing with linear probing in flat arrays does the same work in
// a few instructions. TestMapMatchesGoMap compares it with a Go map.
//
// Why keys that are addresses held as integers are sound. A key is the
// address of a node of a parsed tree (or of the first element of one of
// its statement lists, which the model's walk index keys blocks by). A Map
// holds no pointer, so the collector neither scans it nor makes its writer pay a
// write barrier, and a released Map is cleared as plain memory. An
// address is a good key only while its node is alive, since a freed
// node's memory could hold a new one; and it must not change. Both hold
// because every Map is owned by the File or Model whose tree holds every
// node used as a key (the parser records only nodes of the tree it
// returns: TestParserMatchesGopherLua checks it), the owner keeps the tree
// as long as the Map, every path that drops the tree drops the Map with
// it, and Go's collector does not move heap objects. A key is only ever
// compared, never turned back into a pointer.
package nodemap

import (
	"iter"
	"math/bits"
	"unsafe"
)

// Key is the key of an AST node held in an interface: the address its data
// word carries (every AST node is a pointer). It is 0 for a nil interface,
// and no node lives at address 0.
func Key(n any) uintptr {
	return uintptr((*[2]unsafe.Pointer)(unsafe.Pointer(&n))[1])
}

// KeyOf is the key of the node p points to, which Key gives for the
// interface holding p.
func KeyOf[T any](p *T) uintptr { return uintptr(unsafe.Pointer(p)) }

// Map maps node keys to values of type V. The zero Map is empty; Init
// sizes it.
type Map[V any] struct {
	// keys has a power-of-two length, vals the same, at most three
	// quarters used so that a probe always ends at an empty slot; a zero
	// key is an empty slot. Apart rather than in pairs: a pair of a key
	// and a small value would be padded.
	keys []uintptr
	vals []V
	n    int
	// shift turns the 64-bit hash into a slot index: 64 - log2(len).
	shift uint8
	// size is the length the arrays get on the first Put, when Init
	// had none to reuse: many files never put into some maps.
	size int
}

// Arrays are the zeroed arrays of a released Map, for another (Init).
type Arrays[V any] struct {
	keys []uintptr
	vals []V
}

// Init empties the map and gives it room for about n keys, in a's arrays
// when they are large enough.
func (t *Map[V]) Init(n int, a Arrays[V]) {
	size := 1 << bits.Len(uint(max(n+n/3+1, 8)-1))
	*t = Map[V]{size: size, shift: uint8(64 - bits.TrailingZeros(uint(size)))}
	if cap(a.keys) >= size && cap(a.vals) >= size {
		t.keys, t.vals = a.keys[:size], a.vals[:size]
	}
}

// home is where the search for key starts: Fibonacci hashing spreads
// addresses that differ only in their low bits over the whole table.
func (t *Map[V]) home(key uintptr) uint {
	// The mask tells the compiler the shift is under 64 (no check).
	return uint((uint64(key) * 0x9e3779b97f4a7c15) >> (t.shift & 63))
}

// Get returns the value of key, if it has one.
func (t *Map[V]) Get(key uintptr) (V, bool) {
	if p := t.Ptr(key); p != nil {
		return *p, true
	}
	var zero V
	return zero, false
}

// Ptr returns where the value of key is held, or nil when it has none.
// The pointer is good until the next Put or Slot.
func (t *Map[V]) Ptr(key uintptr) *V {
	if t.n == 0 || key == 0 {
		return nil
	}
	keys := t.keys
	mask := uint(len(keys) - 1)
	for i := t.home(key); ; i = (i + 1) & mask {
		k := keys[i]
		if k == key {
			return &t.vals[i]
		}
		if k == 0 {
			return nil
		}
	}
}

// Put sets the value of key (not 0).
func (t *Map[V]) Put(key uintptr, v V) {
	p, _ := t.Slot(key)
	*p = v
}

// Slot returns where the value of key (not 0) is held, adding the key
// with the zero value when it is new (found is false then). The pointer
// is good until the next Put or Slot.
func (t *Map[V]) Slot(key uintptr) (p *V, found bool) {
	if t.n+1 > len(t.keys)/4*3 {
		t.grow()
	}
	keys := t.keys
	mask := uint(len(keys) - 1)
	for i := t.home(key); ; i = (i + 1) & mask {
		switch keys[i] {
		case key:
			return &t.vals[i], true
		case 0:
			keys[i] = key
			t.n++
			return &t.vals[i], false
		}
	}
}

// grow makes the arrays on the first Put, and doubles them when the
// caller's estimate fell short.
func (t *Map[V]) grow() {
	if t.keys == nil {
		if t.size == 0 {
			t.Init(0, Arrays[V]{})
		}
		t.keys, t.vals = make([]uintptr, t.size), make([]V, t.size)
		return
	}
	old := *t
	t.Init(len(old.keys), Arrays[V]{})
	t.keys, t.vals = make([]uintptr, t.size), make([]V, t.size)
	mask := uint(len(t.keys) - 1)
	for i, k := range old.keys {
		if k == 0 {
			continue
		}
		j := t.home(k)
		for t.keys[j] != 0 {
			j = (j + 1) & mask
		}
		t.keys[j], t.vals[j] = k, old.vals[i]
		t.n++
	}
}

// Len is the number of keys.
func (t *Map[V]) Len() int { return t.n }

// All yields every key and its value, in no particular order.
func (t *Map[V]) All() iter.Seq2[uintptr, V] {
	return func(yield func(uintptr, V) bool) {
		for i, k := range t.keys {
			if k != 0 && !yield(k, t.vals[i]) {
				return
			}
		}
	}
}

// Reset empties the map, keeping its room.
func (t *Map[V]) Reset() {
	clear(t.keys)
	clear(t.vals)
	t.n = 0
}

// Release empties the map and returns its arrays, zeroed, for another
// (Init).
func (t *Map[V]) Release() Arrays[V] {
	clear(t.keys)
	clear(t.vals)
	a := Arrays[V]{t.keys, t.vals}
	*t = Map[V]{}
	return a
}
