package luasrc

import (
	"sync"

	"github.com/lint-lua/lint-lua/internal/nodemap"
)

// spanTable maps AST nodes (nodemap, whose note says why keys that are
// addresses are sound) to the tokens they span and to the flags the parser
// marks them with (File.IsDotKey, File.IsLocalFunction).
type spanTable struct{ m nodemap.Map[nodeSpan] }

// nodeSpan is a node's tokens and flags.
type nodeSpan struct {
	tokSpan
	flags nodeFlags
}

// nodeFlags are what the parser marks a node with besides its span.
type nodeFlags uint8

const (
	dotFlag       nodeFlags = 1 << iota // a key written `.name` (or a field `name = v`)
	localFuncFlag                       // a LocalAssignStmt written `local function f`
)

// makeSpanTable returns an empty table with room for about hint nodes
// before it grows, in the arrays of a released File's table
// (releasedSpans) when they are enough: the table was a fifth of the
// bytes a parse allocates.
func makeSpanTable(hint int) spanTable {
	var t spanTable
	var a nodemap.Arrays[nodeSpan]
	if b, _ := releasedSpans.Get().(*nodemap.Arrays[nodeSpan]); b != nil {
		a = *b
	}
	t.m.Init(hint, a)
	return t
}

// releasedSpans holds the arrays of released Files' tables.
var releasedSpans sync.Pool

// release gives the table's arrays to the next makeSpanTable.
func (t *spanTable) release() {
	if t.m.Len() == 0 {
		return
	}
	a := t.m.Release()
	releasedSpans.Put(&a)
}

// set records that node k (nodemap.Key) spans tokens first..last, with
// flags fl (and those it had).
func (t *spanTable) set(k uintptr, first, last int32, fl nodeFlags) {
	s, _ := t.m.Slot(k)
	s.tokSpan = tokSpan{first, last}
	s.flags |= fl
}

// mark flags the recorded node k; a node with no span is left alone: the
// parser marks a node once it has recorded its span.
func (t *spanTable) mark(k uintptr, fl nodeFlags) {
	if s := t.m.Ptr(k); s != nil {
		s.flags |= fl
	}
}

// get returns the tokens node k spans.
func (t *spanTable) get(k uintptr) (tokSpan, bool) {
	s, ok := t.m.Get(k)
	return s.tokSpan, ok
}

// flags returns node k's flags (none for a node without a span).
func (t *spanTable) flags(k uintptr) nodeFlags {
	s, _ := t.m.Get(k)
	return s.flags
}

// len is how many nodes are recorded.
func (t *spanTable) len() int { return t.m.Len() }

// nameTable maps the nodes that declare names (File.names) to the tokens
// of those names. Names are declared in lists, a name and a ',' and a name
// (`local a, b`, `for k, v in`, parameters, and lists of one), so the
// first name's token and the count say where every one is.
type nameTable struct{ m nodemap.Map[nameList] }

type nameList struct{ first, n int32 }

// set records that decl declares n names from token first on.
func (t *nameTable) set(decl uintptr, first, n int32) { t.m.Put(decl, nameList{first, n}) }

// list returns the token of decl's first name and how many it declares.
func (t *nameTable) list(decl uintptr) (first, n int) {
	l, _ := t.m.Get(decl)
	return int(l.first), int(l.n)
}

// len is how many declarations are recorded.
func (t *nameTable) len() int { return t.m.Len() }
