package luasrc

import (
	"math/bits"
	"sync"
	"unsafe"
)

// spanTable maps AST nodes, by address (nodeKey), to the tokens they span
// and to the flags the parser marks them with (File.IsDotKey,
// File.IsLocalFunction). The parser
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
	// limit is the count at which the table grows: 3/4 of its slots.
	limit int
	// shift is 64 minus log2(len(slots)): the hash's top bits index.
	shift uint
}

// spanSlot is a node's address (0 for an empty slot), its span and its
// flags: a token index is below 2^31 (Parse refuses larger sources, see
// maxSource), so the top bits of first and last hold a flag each.
type spanSlot struct {
	key         uintptr
	first, last uint32
}

// nodeFlags are what the parser marks a node with besides its span.
type nodeFlags uint8

const (
	dotFlag       nodeFlags = 1 << iota // a key written `.name` (or a field `name = v`)
	localFuncFlag                       // a LocalAssignStmt written `local function f`
)

const topBit = 1 << 31

func (s *spanSlot) span() tokSpan {
	return tokSpan{int32(s.first &^ topBit), int32(s.last &^ topBit)}
}

func (s *spanSlot) flags() nodeFlags {
	return nodeFlags(s.last>>31) | nodeFlags(s.first>>31)<<1
}

// setSpan changes the span and keeps the flags.
func (s *spanSlot) setSpan(first, last int32) {
	s.first = s.first&topBit | uint32(first)
	s.last = s.last&topBit | uint32(last)
}

func (s *spanSlot) mark(fl nodeFlags) {
	if fl&dotFlag != 0 {
		s.last |= topBit
	}
	if fl&localFuncFlag != 0 {
		s.first |= topBit
	}
}

// makeSpanTable returns an empty table with room for about hint nodes
// before it grows: when reuse is set, in the slots of a released File's
// table if they are enough (File.Release), else in new ones. They hold no
// pointer, and the table was a fifth of the bytes a parse allocates.
func makeSpanTable(hint int, reuse bool) spanTable {
	// Room for hint at a load of at most 3/4; at least 8 slots.
	size := 8
	if want := hint + hint/3 + 1; want > size {
		size = 1 << bits.Len(uint(want-1))
	}
	if !reuse {
		return newSpanTable(make([]spanSlot, size))
	}
	if b, _ := releasedSpans.Get().(*[]spanSlot); b != nil && cap(*b) >= size {
		slots := (*b)[:size]
		clear(slots)
		return newSpanTable(slots)
	}
	return newSpanTable(make([]spanSlot, size))
}

// releasedSpans holds the slots of released Files' tables.
var releasedSpans sync.Pool

// release gives the table's slots to the next makeSpanTable.
func (t *spanTable) release() {
	if cap(t.slots) > 0 {
		b := t.slots[:0]
		releasedSpans.Put(&b)
	}
	*t = spanTable{}
}

// newSpanTable makes a table of empty slots, whose number is a power of
// two.
func newSpanTable(slots []spanSlot) spanTable {
	return spanTable{slots: slots, limit: len(slots) * 3 / 4, shift: uint(64 - bits.Len(uint(len(slots)-1)))}
}

// home is the slot where key k's probe starts: Fibonacci hashing, the top
// bits of the address times 2^64 divided by the golden ratio.
func (t *spanTable) home(k uintptr) uint {
	return uint((uint64(k) * 0x9E3779B97F4A7C15) >> t.shift)
}

// set records that node p spans tokens first..last, with flags fl (and
// those it had).
func (t *spanTable) set(p unsafe.Pointer, first, last int32, fl nodeFlags) {
	k := uintptr(p)
	if t.n >= t.limit {
		t.grow()
	}
	mask := uint(len(t.slots) - 1)
	for i := t.home(k); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.key == 0 {
			// The parser records a node once: a new key is the
			// common case.
			*s = spanSlot{key: k, first: uint32(first), last: uint32(last)}
			t.n++
		} else if s.key != k {
			continue
		} else {
			s.setSpan(first, last)
		}
		if fl != 0 {
			s.mark(fl)
		}
		return
	}
}

// mark flags the recorded node p; a node with no span is left alone: the
// parser marks a node once it has recorded its span.
func (t *spanTable) mark(p unsafe.Pointer, fl nodeFlags) {
	if s := t.slot(p); s != nil {
		s.mark(fl)
	}
}

// slot returns node p's slot, or nil when it has none.
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

// get returns the tokens node p spans.
func (t *spanTable) get(p unsafe.Pointer) (tokSpan, bool) {
	s := t.slot(p)
	if s == nil {
		return tokSpan{}, false
	}
	return s.span(), true
}

// flags returns node p's flags (none for a node without a span).
func (t *spanTable) flags(p unsafe.Pointer) nodeFlags {
	if s := t.slot(p); s != nil {
		return s.flags()
	}
	return 0
}

// grow doubles the table.
func (t *spanTable) grow() {
	old := t.slots
	*t = newSpanTable(make([]spanSlot, 2*len(old)))
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
func (t *spanTable) each(fn func(k uintptr, s tokSpan, fl nodeFlags)) {
	for i := range t.slots {
		if s := &t.slots[i]; s.key != 0 {
			fn(s.key, s.span(), s.flags())
		}
	}
}

// reset empties the table, keeping its room.
func (t *spanTable) reset() {
	clear(t.slots)
	t.n = 0
}

// nameTable maps the nodes that declare names (File.names) to the tokens
// of those names. Names are declared in lists, a name and a ',' and a name
// (`local a, b`, `for k, v in`, parameters, and lists of one), so the
// first name's token and the count say where every one is: a spanTable's
// two numbers hold them, where a map to slices of token indexes cost a
// map, a slice and a map assignment per declaration.
type nameTable struct{ spanTable }

// list returns the token of decl's first name and how many it declares.
func (t *nameTable) list(decl unsafe.Pointer) (first, n int) {
	s, ok := t.get(decl)
	if !ok {
		return 0, 0
	}
	return int(s.first), int(s.last)
}
