package luasrc

import (
	"github.com/yuin/gopher-lua/parse"
)

// maxAssignTargets is the most targets one assignment may have in Redis:
// Redis 7.0.15 compiles 200 and refuses 201 ("main function has more than
// 199 variables in assignment", counting the targets before the one being
// read); stock luac5.1, its C stack one call deeper, refuses 199. Nested
// code lowers the bound, so more than 200 is always refused.
const maxAssignTargets = 200

// paramLists follows, token by token, which '(' opens a function's
// parameter list, so that a ';' right after its ')' (an empty statement at
// the start of the body) is known not to follow a statement.
type paramLists struct {
	pending bool   // a `function` keyword whose '(' has not come yet
	open    []bool // for each open '(', whether it opens parameters
	closed  bool   // the last token was the ')' of a parameter list
}

func (p *paramLists) step(tt int) {
	p.closed = false
	switch tt {
	case parse.TFunction:
		p.pending = true
	case '(':
		p.open = append(p.open, p.pending)
		p.pending = false
	case ')':
		if n := len(p.open); n > 0 {
			p.closed = p.open[n-1]
			p.open = p.open[:n-1]
		}
	}
}
