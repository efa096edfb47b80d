package model

import "math/bits"

// scopeNames maps each name to the innermost local of that name in scope,
// for the resolver, which looks up every identifier. It replaces a Go map
// from name to local, whose hashing, probing, inserts and deletes (a name
// leaves the map when its scope ends) were a twelfth of Build's
// instructions. Here a name, once met, keeps its entry for the whole file
// (a file has a few hundred distinct names at most), so leaving a scope
// only writes cur, and the hash table is probed with a short hash over the
// name's bytes.
type scopeNames struct {
	// slots is an open addressing table with linear probing; a slot
	// holds a name's hash and its index in names plus one (zero: empty).
	slots []nameSlot
	shift uint8
	// names lists the distinct names met, cur[i] the local that names[i]
	// denotes where the resolver stands (nil: none, a global).
	names []string
	cur   []*Variable
}

type nameSlot struct {
	hash uint32
	idx  int32
}

// nameHash reads the length and three bytes of the name (first, middle,
// last), whatever its length: the names of one file seldom agree on all
// four, and when they do the table compares the names. A hash of every
// byte (FNV-1a) cost more than all the rest of a look-up.
func nameHash(s string) uint32 {
	n := len(s)
	if n == 0 {
		return 0
	}
	return uint32(n)<<24 ^ uint32(s[0])<<16 ^ uint32(s[n/2])<<8 ^ uint32(s[n-1])
}

// find returns the index in names of name, or -1, and the slot where the
// search ended (where name goes when it is new).
func (t *scopeNames) find(name string, h uint32) (int32, uint) {
	mask := uint(len(t.slots) - 1)
	for i := uint(h*0x9e3779b9) >> (t.shift & 31); ; i = (i + 1) & mask {
		s := t.slots[i]
		if s.idx == 0 {
			return -1, i
		}
		if s.hash == h && t.names[s.idx-1] == name {
			return s.idx - 1, i
		}
	}
}

// lookup returns the local that name denotes, or nil.
func (t *scopeNames) lookup(name string) *Variable {
	if len(t.slots) == 0 {
		return nil
	}
	if i, _ := t.find(name, nameHash(name)); i >= 0 {
		return t.cur[i]
	}
	return nil
}

// intern returns the index of name in names, adding it when it is new.
func (t *scopeNames) intern(name string) int32 {
	if 2*(len(t.names)+1) > len(t.slots) {
		t.grow()
	}
	h := nameHash(name)
	i, at := t.find(name, h)
	if i >= 0 {
		return i
	}
	i = int32(len(t.names))
	t.names = append(t.names, name)
	t.cur = append(t.cur, nil)
	t.slots[at] = nameSlot{h, i + 1}
	return i
}

// grow doubles the table (it starts at 64 slots).
func (t *scopeNames) grow() {
	n := max(2*len(t.slots), 64)
	old := t.slots
	t.slots = make([]nameSlot, n)
	t.shift = uint8(32 - bits.TrailingZeros(uint(n)))
	mask := uint(n - 1)
	for _, s := range old {
		if s.idx == 0 {
			continue
		}
		i := uint(s.hash*0x9e3779b9) >> (t.shift & 31)
		for t.slots[i].idx != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}

// reset empties the table for the next file, keeping its memory unless a
// file of very many names made it large (every file clears all of it).
func (t *scopeNames) reset() {
	clear(t.names)
	clear(t.cur)
	t.names, t.cur = t.names[:0], t.cur[:0]
	if len(t.slots) > 1<<12 {
		*t = scopeNames{}
		return
	}
	clear(t.slots)
}
