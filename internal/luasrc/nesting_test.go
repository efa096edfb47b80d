package luasrc

import (
	"testing"

	"github.com/yuin/gopher-lua/parse"
)

// TestNestingClasses pins the table nesting.step reads to the tokens Lua
// 5.1 counts as syntax levels, for every token type a scanner makes.
func TestNestingClasses(t *testing.T) {
	types := []int{parse.T2Comma, parse.T3Comma, parse.TEqeq, parse.TNeq, parse.TLte, parse.TGte, parse.T2Colon,
		parse.TIdent, parse.TNumber, parse.TString}
	for tt := parse.TAnd; tt <= parse.TGoto; tt++ {
		types = append(types, tt)
	}
	for c := 0; c < 128; c++ {
		types = append(types, c)
	}
	for _, tt := range types {
		var want uint8
		switch tt {
		case '(', '{', '[', parse.TFunction, parse.TDo, parse.TThen, parse.TRepeat:
			want = nestOpen
		case ')', '}', ']', parse.TEnd, parse.TUntil, parse.TElseIf:
			want = nestClose
		case '-', parse.TNot, '#':
			want = nestUnary
		}
		if k := nestKey(tt); k > 255 || nestClasses[k] != want {
			t.Errorf("token type %d: key %d class %b, want %b", tt, k, nestClasses[k&255], want)
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
