package luasrc

import (
	"fmt"
	"strings"
	"testing"
)

// TestTokenPositions pins the positions of tokens whose end is not on the
// line of their last byte or that span lines, as gopher-lua's scanner
// gave them when tokens still stored positions: they are now derived from
// offsets (Token, File.TokenRange) and must not move. `1e` followed by a
// line break is one token, line break included, that ends at the start of
// the next line.
func TestTokenPositions(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"x = 1e\n", " 1:1-1:2 1:3-1:4 1:5-2:1"},
		{"x = 1e\r\ny=2", " 1:1-1:2 1:3-1:4 1:5-2:1 2:1-2:2 2:2-2:3 2:3-2:4"},
		{"x = 1e\n\r y", " 1:1-1:2 1:3-1:4 1:5-2:1 2:2-2:3"},
		{"x = 1e", " 1:1-1:2 1:3-1:4 1:5-1:7"},
		{"x = 1e\r", " 1:1-1:2 1:3-1:4 1:5-2:1"},
		{"x = [[a\r\nb]]", " 1:1-1:2 1:3-1:4 1:5-2:4"},
		{"x = 1e+", " 1:1-1:2 1:3-1:4 1:5-1:8"},
		{"return 0x1p4\n", " 1:1-1:7 1:8-1:13"},
		{"x = 1E\r\n\r\n", " 1:1-1:2 1:3-1:4 1:5-2:1"},
		{"\ufeffreturn 1", " 1:4-1:10 1:11-1:12"},
		{"#!lua name=x\r\nreturn [==[\n\na]==]", " 2:1-2:7 2:8-4:6"},
		{"x = 'a\\\r\nb'", " 1:1-1:2 1:3-1:4 1:5-2:3"},
		{"y = #t ~= 0x1p4", " 1:1-1:2 1:3-1:4 1:5-1:6 1:6-1:7 1:8-1:10 1:11-1:16"},
	} {
		f := Parse("a.lua", []byte(c.src))
		var b strings.Builder
		for i := range f.Tokens {
			r := f.TokenRange(i, i)
			fmt.Fprintf(&b, " %d:%d-%d:%d", r.Start.Line, r.Start.Column, r.End.Line, r.End.Column)
		}
		if b.String() != c.want {
			t.Errorf("%q: tokens at%s, want%s", c.src, b.String(), c.want)
		}
	}
}

// TestSourceTooLarge checks that a source past what int32 token offsets
// hold is refused with a message, not scanned with offsets that wrap.
func TestSourceTooLarge(t *testing.T) {
	defer func(n int) { maxSource = n }(maxSource)
	maxSource = 8
	f := Parse("big.lua", []byte("return 12345"))
	if f.Chunk != nil || len(f.Tokens) != 0 || len(f.Errors) != 1 || !strings.Contains(f.Errors[0].Message, "the file is 12 bytes, more than the 8 bytes lint-lua can read") {
		t.Fatalf("chunk %v, %d tokens, errors %+v", f.Chunk, len(f.Tokens), f.Errors)
	}
	if f := Parse("small.lua", []byte("return 1")); f.Chunk == nil {
		t.Fatalf("a source of maxSource bytes does not parse: %+v", f.Errors)
	}
}
