// Package span holds source positions, shared by the parser, the semantic
// model and the diagnostics without tying them to one another.
package span

// Pos is a 1-based line and a 1-based byte column.
type Pos struct {
	Line   int
	Column int
}

// Less orders positions in reading order.
func (p Pos) Less(q Pos) bool {
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Column < q.Column
}

// Range is a half-open span: End is the position just after the last byte.
type Range struct {
	Start Pos
	End   Pos
}

// Contains reports whether p lies inside r.
func (r Range) Contains(p Pos) bool {
	return !p.Less(r.Start) && p.Less(r.End)
}
