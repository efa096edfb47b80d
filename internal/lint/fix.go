package lint

import (
	"github.com/lint-lua/lint-lua/internal/diag"
)

// MaxFixRounds bounds the fix-and-relint loop: a fix may enable or shift
// another, but the fixes lint-lua has settle in one or two rounds, and a
// bound keeps two fixes that undo each other from looping forever.
const MaxFixRounds = 5

// separate adds a space where an edit would glue two tokens into one: a
// name or number against a name or number (`== 1then` reads as a
// malformed number), a number against a dot.
func separate(src []byte, e diag.Edit) diag.Edit {
	word := func(b byte) bool {
		return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
	}
	if e.Start > 0 {
		var first byte
		switch {
		case e.New != "":
			first = e.New[0]
		case e.End < len(src):
			first = src[e.End]
		}
		if first != 0 && word(src[e.Start-1]) && (word(first) || first == '.') {
			e.New = " " + e.New
		}
	}
	if e.New != "" && e.End < len(src) {
		last, next := e.New[len(e.New)-1], src[e.End]
		if word(last) && (word(next) || next == '.') {
			e.New += " "
		}
	}
	return e
}
