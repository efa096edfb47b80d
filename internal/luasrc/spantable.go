package luasrc

import (
	"math"
	"math/bits"
	"unsafe"
)

// spanTable maps AST nodes, by address (nodeKey), to the tokens they span
// and to whether a key was written `.name` (File.IsDotKey). The parser
// records a span for almost every node, and the model and the rules look
// one up for every node they place: with Go's map (pointer keys, the
// fast64ptr variant) recording alone was 8% of the instructions of a
// parse, the hashing, the group search and the growth bookkeeping of a
// general table. Keys here are never deleted, a node is recorded once
// (or recorded again with the same key, which overwrites), and addresses
// of nodes cut from the parser's slabs are evenly spaced, which a
// multiplicative hash spreads well: open addressing with linear probing in
// one flat array does the same work in a few instructions.
//
// Keys are addresses held as uintptrs, so that the array holds no pointer:
// the garbage collector neither scans it nor makes the parser pay a write
// barrier for every node it records while a collection runs. With
// unsafe.Pointer keys the table cost more instructions in BenchmarkParse
// than Go's map (27.3M against 25.2M a corpus parse under cachegrind),
// with uintptrs 23.6M. An address is only a good key while its node is
// alive, since a freed node's memory can hold a new one: that holds
// because every node the parser records is part of the tree it returns
// (compareWithGopher checks it, in TestParserMatchesGopherLua and
// FuzzParserMatchesGopherLua), the File holds the
// tree as long as the table, and every path that drops the tree (a syntax
// error, checkDepth, a recovered panic, Release) drops the table with it.
// Go's collector does not move heap objects, so a live node's address
// never changes.
type spanTable struct {
	// slots has a power-of-two length, at most three quarters used, so a
	// probe always ends at an empty slot.
	slots []spanSlot
	n     int
	// shift is 64 minus log2(len(slots)): the hash's top bits index.
	shift uint
}

type spanSlot struct {
	key  uintptr
	span tokSpan
}

// dotFlag marks, in tokSpan.last, a key written `.name`. A token index is
// below 2^31 (Parse refuses larger sources, see maxSource), so the top bit
// of last is free.
const dotFlag int32 = math.MinInt32

// makeSpanTable returns an empty table with room for about hint nodes
// before it grows.
func makeSpanTable(hint int) spanTable {
	// Room for hint at a load of at most 3/4; at least 8 slots.
	size := 8
	if want := hint + hint/3 + 1; want > size {
		size = 1 << bits.Len(uint(want-1))
	}
	return spanTable{slots: make([]spanSlot, size), shift: uint(64 - bits.Len(uint(size-1)))}
}

// home is the slot where key k's probe starts: Fibonacci hashing, the top
// bits of the address times 2^64 divided by the golden ratio.
func (t *spanTable) home(k uintptr) uint {
	return uint((uint64(k) * 0x9E3779B97F4A7C15) >> t.shift)
}

// set records that node k spans tokens first..last, flagged dot when it is
// a `.name` key.
func (t *spanTable) set(p unsafe.Pointer, first, last int32, dot bool) {
	k := uintptr(p)
	if (t.n+1)*4 > len(t.slots)*3 {
		t.grow()
	}
	if dot {
		last |= dotFlag
	}
	mask := uint(len(t.slots) - 1)
	for i := t.home(k); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.key == 0 {
			s.key, s.span = k, tokSpan{first, last}
			t.n++
			return
		}
		if s.key == k {
			s.span = tokSpan{first, last}
			return
		}
	}
}

// markDot flags the recorded node k as a `.name` key; a node with no span
// is left alone (every key the parser marks has one).
func (t *spanTable) markDot(k unsafe.Pointer) {
	if s := t.slot(k); s != nil {
		s.span.last |= dotFlag
	}
}

// slot returns node k's slot, or nil when it has none.
func (t *spanTable) slot(p unsafe.Pointer) *spanSlot {
	k := uintptr(p)
	if t.n == 0 || k == 0 {
		return nil
	}
	mask := uint(len(t.slots) - 1)
	for i := t.home(k); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.key == k {
			return s
		}
		if s.key == 0 {
			return nil
		}
	}
}

// get returns the tokens node k spans (without the dot flag).
func (t *spanTable) get(k unsafe.Pointer) (tokSpan, bool) {
	s := t.slot(k)
	if s == nil {
		return tokSpan{}, false
	}
	return tokSpan{s.span.first, s.span.last &^ dotFlag}, true
}

// dot reports whether node k is a key written `.name`.
func (t *spanTable) dot(k unsafe.Pointer) bool {
	s := t.slot(k)
	return s != nil && s.span.last&dotFlag != 0
}

// grow doubles the table.
func (t *spanTable) grow() {
	old := t.slots
	*t = spanTable{slots: make([]spanSlot, 2*len(old)), shift: t.shift - 1}
	mask := uint(len(t.slots) - 1)
	for _, s := range old {
		if s.key == 0 {
			continue
		}
		i := t.home(s.key)
		for t.slots[i].key != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
		t.n++
	}
}

// len is how many nodes are recorded.
func (t *spanTable) len() int { return t.n }

// each calls fn for every recorded node, in no particular order.
func (t *spanTable) each(fn func(k uintptr, s tokSpan, dot bool)) {
	for _, s := range t.slots {
		if s.key != 0 {
			fn(s.key, tokSpan{s.span.first, s.span.last &^ dotFlag}, s.span.last&dotFlag != 0)
		}
	}
}

// reset empties the table, keeping its room.
func (t *spanTable) reset() {
	clear(t.slots)
	t.n = 0
}
