package model

import (
	"sync"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/nodemap"
)

// arrays are the per-file arrays of a model that release hands to the next
// Build: the largest allocations of a model, garbage the moment the file's
// lint ends. Every array is kept zeroed up to its capacity while pooled
// (release clears what the model wrote, which never passes the length).
type arrays struct {
	vals      []Value
	refs      []*Variable
	evaluated []uint64
	nodes     []any
	events    []event
	globals   []GlobalAccess
	// The node tables' arrays hold no pointers, so clearing them is plain
	// memory (a Go map sized for a larger file cost more to clear than to
	// make anew).
	ids, decls, funcIdx, callIdx, blocks, funcOf nodemap.Arrays[int32]
	declLists                                    [][]*Variable
	vars                                         []*Variable
	calls                                        []*Call
}

// pooledArrays holds the arrays of released models.
var pooledArrays sync.Pool

func takeArrays() *arrays {
	if a, _ := pooledArrays.Get().(*arrays); a != nil {
		return a
	}
	return &arrays{}
}

// zeroed returns s with length n when its capacity allows (the pool keeps
// it zeroed), or a new zeroed slice.
func zeroed[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// WithModel builds f's model as BuildWith does, calls use with it, and
// then gives the model's per-file arrays to the next build (lint.Run's
// rules read the model and are done with it). use must keep neither the
// model nor anything read from it that is not a copy: the model is emptied
// when use returns, so that a use after it fails rather than reads another
// file's data. A model from Build or BuildWith is never released: it is
// simply collected.
func WithModel(f *luasrc.File, opts Options, use func(*Model)) {
	m := BuildWith(f, opts)
	defer m.release()
	use(m)
}

// release gives the model's per-file arrays to the next build and empties
// it (WithModel).
func (m *Model) release() {
	a := m.pool
	if a == nil {
		// Built for a file that did not parse, or released already.
		*m = Model{}
		return
	}
	// What the model wrote never passes the lengths: clearing them leaves
	// the whole capacity zero again, and drops the pointers into this
	// file's tree.
	a.vals = clearLen(m.vals)
	a.refs = clearLen(m.refs)
	a.evaluated = clearLen(m.evaluated)
	if w := m.walkIdx; w != nil {
		a.nodes = clearLen(w.nodes)[:0]
		a.events = clearLen(w.events)[:0]
		a.blocks = w.blocks.Release()
	}
	a.globals = clearLen(m.Globals)[:0]
	a.ids = m.ids.Release()
	a.decls = m.decls.Release()
	a.funcIdx = m.funcIdx.Release()
	a.callIdx = m.callIdx.Release()
	if m.funcOfBuilt {
		a.funcOf = m.funcOf.Release()
	}
	a.declLists = clearLen(m.declLists)[:0]
	a.vars = clearLen(m.Vars)[:0]
	a.calls = clearLen(m.Calls)[:0]
	*m = Model{}
	pooledArrays.Put(a)
}

func clearLen[T any](s []T) []T {
	clear(s)
	return s
}
