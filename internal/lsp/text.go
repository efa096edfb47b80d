package lsp

import (
	"unicode/utf16"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lint-lua/lint-lua/internal/span"
)

// text is a document's content with the offsets its lines start at. LSP
// positions count UTF-16 code units in a 0-based line (the only encoding
// LSP 3.16 has); lint-lua's count bytes in a 1-based line. Both are
// converted here, and nowhere else.
type text struct {
	src    []byte
	starts []int
}

func newText(src []byte) *text {
	t := &text{src: src, starts: []int{0}}
	for i, c := range src {
		if c == '\n' {
			t.starts = append(t.starts, i+1)
		}
	}
	return t
}

// lineEnd is the offset of the end of 0-based line n, before its line
// break.
func (t *text) lineEnd(n int) int {
	if n+1 < len(t.starts) {
		end := t.starts[n+1] - 1
		if end > t.starts[n] && t.src[end-1] == '\r' {
			end--
		}
		return end
	}
	return len(t.src)
}

// offset is the byte offset of an LSP position, clamped into the text: a
// position past a line's end is its end, past the last line the text's.
func (t *text) offset(p protocol.Position) int {
	n := int(p.Line)
	if n >= len(t.starts) {
		return len(t.src)
	}
	off, end := t.starts[n], t.lineEnd(n)
	for units := int(p.Character); units > 0 && off < end; {
		r, size := utf8.DecodeRune(t.src[off:end])
		if r >= 0x10000 {
			units -= 2
		} else {
			units--
		}
		if units < 0 {
			break
		}
		off += size
	}
	return off
}

// position is the LSP position of a byte offset.
func (t *text) position(off int) protocol.Position {
	off = max(0, min(off, len(t.src)))
	n := searchLine(t.starts, off)
	units := 0
	for i := t.starts[n]; i < off; {
		r, size := utf8.DecodeRune(t.src[i:off])
		if r == utf8.RuneError && size <= 1 {
			units++
			i++
			continue
		}
		units += utf16.RuneLen(r)
		i += size
	}
	return protocol.Position{Line: protocol.UInteger(n), Character: protocol.UInteger(units)}
}

// posOffset is the byte offset of a lint-lua position (1-based line and
// byte column), clamped into the text.
func (t *text) posOffset(p span.Pos) int {
	n := p.Line - 1
	if n < 0 {
		return 0
	}
	if n >= len(t.starts) {
		return len(t.src)
	}
	return min(t.starts[n]+max(p.Column-1, 0), len(t.src))
}

// rangeOf is the LSP range of a lint-lua range.
func (t *text) rangeOf(r span.Range) protocol.Range {
	start, end := t.posOffset(r.Start), t.posOffset(r.End)
	if end < start {
		end = start
	}
	return protocol.Range{Start: t.position(start), End: t.position(end)}
}

// offsets is the byte range of an LSP range.
func (t *text) offsets(r protocol.Range) (start, end int) {
	start, end = t.offset(r.Start), t.offset(r.End)
	if end < start {
		start, end = end, start
	}
	return start, end
}

// searchLine is the 0-based line that off is on.
func searchLine(starts []int, off int) int {
	lo, hi := 0, len(starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// applyChange applies one content change of textDocument/didChange: a
// whole new text, or a range replaced.
func applyChange(src []byte, change any) []byte {
	switch c := change.(type) {
	case protocol.TextDocumentContentChangeEventWhole:
		return []byte(c.Text)
	case protocol.TextDocumentContentChangeEvent:
		if c.Range == nil {
			return []byte(c.Text)
		}
		t := newText(src)
		start, end := t.offsets(*c.Range)
		out := make([]byte, 0, len(src)-(end-start)+len(c.Text))
		out = append(out, src[:start]...)
		out = append(out, c.Text...)
		return append(out, src[end:]...)
	}
	return src
}
