package model

import "github.com/yuin/gopher-lua/ast"

// slab hands out zeroed values of T from chunks, so that building a model
// costs one allocation per chunk rather than one per variable, scope or
// flow binding. A chunk lives as long as any value in it, which is as long
// as the model (or the flow) that holds them all.
type slab[T any] struct {
	free []T
	// next is the size of the next chunk, total what the chunks so far
	// hold.
	next, total int
	// kept lists the chunks of a slab that is reset and used again (only
	// the flow's, whose values are garbage once it is done); the first
	// k are in use.
	kept [][]T
	k    int
	keep bool
}

// expect sizes the first chunk for n values, the caller's estimate.
func (s *slab[T]) expect(n int) {
	if s.total == 0 {
		s.next = n
	}
}

func (s *slab[T]) alloc() *T {
	if len(s.free) == 0 {
		s.refill()
	}
	p := &s.free[0]
	s.free = s.free[1:]
	return p
}

func (s *slab[T]) refill() {
	if s.k < len(s.kept) {
		s.free = s.kept[s.k]
		s.k++
		return
	}
	n := s.next
	if n <= 0 {
		n = 8
	}
	s.free = make([]T, n)
	s.total += n
	// Each further chunk holds half as much as those before it (within
	// bounds): the last chunk's unused tail, the waste, stays under a
	// third of what the slab holds, where doubling chunks left nearly
	// half of it unused on real scripts (most are short).
	s.next = min(max(s.total/2, 8), 256)
	if s.keep {
		s.kept = append(s.kept, s.free)
		s.k++
	}
}

// reset zeroes the values handed out (a kept slab) so that the slab hands
// them out again: none of them may be used any more.
func (s *slab[T]) reset() {
	for i := range s.k {
		c := s.kept[i]
		if i == s.k-1 {
			c = c[:len(c)-len(s.free)]
		}
		clear(c)
	}
	s.k = 0
	s.free = nil
}

// chunks is a list that grows by chunks, never copying what it holds.
type chunks[T any] struct {
	chunks [][]T
	n      int
}

func (c *chunks[T]) add(x T) {
	if k := len(c.chunks); k == 0 || len(c.chunks[k-1]) == cap(c.chunks[k-1]) {
		c.chunks = append(c.chunks, make([]T, 0, min(max(2*c.n, 16), 1024)))
	}
	k := len(c.chunks) - 1
	c.chunks[k] = append(c.chunks[k], x)
	c.n++
}

// varList hands out the slices of Model.declVars from shared chunks.
type varList struct{ free []*Variable }

// take returns an empty slice with room for n variables; its capacity is
// n, so an append past it never writes into another declaration's list.
func (l *varList) take(n int) []*Variable {
	if len(l.free) < n {
		l.free = make([]*Variable, max(n, 64))
	}
	out := l.free[:0:n]
	l.free = l.free[n:]
	return out
}

// use is one identifier that reads or writes a local, in source order.
type use struct {
	v     *Variable
	id    *ast.IdentExpr
	idx   int32 // the identifier's index in Model.ids
	write bool
}

// fillUses sets every variable's Reads and Writes from the uses, in order,
// as windows of one array: one allocation for the file rather than a
// growing slice per variable. It also notes in refs which local each
// identifier names (Model.VarOf).
func fillUses(vars []*Variable, uses []use, refs []*Variable) {
	if len(uses) == 0 {
		return
	}
	for _, u := range uses {
		refs[u.idx] = u.v
	}
	reads := make([]int32, len(vars))
	writes := make([]int32, len(vars))
	for _, u := range uses {
		if u.write {
			writes[u.v.index]++
		} else {
			reads[u.v.index]++
		}
	}
	all := make([]*ast.IdentExpr, len(uses))
	off := 0
	for i, v := range vars {
		if n := int(reads[i]); n > 0 {
			v.Reads = all[off : off : off+n]
			off += n
		}
		if n := int(writes[i]); n > 0 {
			v.Writes = all[off : off : off+n]
			off += n
		}
	}
	for _, u := range uses {
		if u.write {
			u.v.Writes = append(u.v.Writes, u.id)
		} else {
			u.v.Reads = append(u.v.Reads, u.id)
		}
	}
}
