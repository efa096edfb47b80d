package luasrc

import (
	"testing"

	"github.com/yuin/gopher-lua/parse"
)

// TestNestClasses pins the table nesting.step reads to the token types
// Lua 5.1 counts as syntax levels.
func TestNestClasses(t *testing.T) {
	want := func(tt int) uint8 {
		var c uint8
		switch tt {
		case '(', '{', '[', parse.TFunction, parse.TDo, parse.TThen, parse.TRepeat:
			c |= nestOpen
		case ')', '}', ']', parse.TEnd, parse.TUntil, parse.TElseIf:
			c |= nestClose
		}
		switch tt {
		case '-', parse.TNot, '#':
			c |= nestUnary
		}
		return c
	}
	for tt := -300; tt < tokenBase+300; tt++ {
		if got := nestClassOf(tt); got != want(tt) {
			t.Fatalf("token type %d: class %b, want %b", tt, got, want(tt))
		}
	}
	var n nesting
	for range MaxNesting {
		if n.step('(') {
			t.Fatal("limit passed too early")
		}
	}
	if !n.step(parse.TDo) || n.depth != MaxNesting+1 {
		t.Fatalf("depth %d after %d opening tokens", n.depth, MaxNesting+1)
	}
	n.step(parse.TEnd)
	n.step(')')
	if n.depth != MaxNesting-1 {
		t.Fatalf("depth %d after two closing tokens", n.depth)
	}
}
