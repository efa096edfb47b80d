package analyzer

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Result is what the analyzer returns for a package: the scripts it
// found, for a driver that lists them (lint-lua go --list-scripts), so
// that a user can see what was linted, and what was not, rather than read
// "no problems" about scripts never seen.
type Result struct {
	Scripts []Script
}

// Script is one script a package hands to Redis.
type Script struct {
	// Pos and End are where its text is: its first byte, in a Go string or
	// an embedded file, and its last; the expression that gives it when
	// its text is not known.
	Pos, End token.Pos
	// Known is set when the text is known and was linted, TooLarge when
	// it is known but past the size limit, and not linted.
	Known, TooLarge bool
	// Dynamic is set for a text built at run time.
	Dynamic bool
	// Via names the call that first takes it ("NewScript", "Eval",
	// `Do("EVAL")`, a project's own function).
	Via string
	// Lines is the number of lines of a known text, and Text the text.
	Lines int
	Text  string
}

// result lists the scripts of a run.
func result(pass *analysis.Pass, st *state) *Result {
	r := &Result{}
	for _, s := range st.scripts {
		sc := Script{Pos: s.Src.Pos(), End: s.Src.End(), Known: s.Known, TooLarge: s.TooLarge, Dynamic: s.Dynamic}
		if len(s.Uses) > 0 {
			sc.Via = useVia(s.Uses[0])
		} else if s.FromFS {
			sc.Via = "embed.FS"
		}
		if s.Known {
			sc.Lines, sc.Text = strings.Count(s.Text, "\n")+1, s.Text
			if s.text != nil && len(s.text.s) > 0 && !s.text.big {
				sc.Pos, sc.End = s.text.start[0], s.text.end[len(s.text.s)-1]
			}
		}
		r.Scripts = append(r.Scripts, sc)
	}
	return r
}
