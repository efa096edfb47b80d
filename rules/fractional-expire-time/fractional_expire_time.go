// Package fractionalexpiretime is the rule fractional-expire-time: an expire time computed by division, not an integer.
package fractionalexpiretime

import (
	_ "embed" // doc.md

	"fmt"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is fractional-expire-time.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "fractional-expire-time",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/fractional-expire-time/doc.md", doc),
	},
	Run: runFractionalExpireTime,
}

func runFractionalExpireTime(p *lint.Pass) {
	m := p.Model
	var fr *ruleutil.FracFinder
	for _, c := range m.Calls {
		at := expireArg(c)
		if at < 0 {
			continue
		}
		x := c.Args[at].Expr
		if fr == nil {
			fr = &ruleutil.FracFinder{M: m, State: map[*model.Variable]ruleutil.FracState{}, Funcs: map[*ast.FunctionExpr]bool{}}
		}
		why := fr.Fractional(x)
		if why == "" {
			continue
		}
		p.Report(m.Range(x), "the time %s given to %s may not be an integer", ruleutil.Brief(m, x), c.Name).
			Help("it is %s; %s refuses a number with a fraction ('ERR value is not an integer or out of range')%s: round it with math.floor or math.ceil",
				why, c.Name, keptWritesNotRolledBack(m, c.Expr))
	}
}

// expireArg is the index of the argument of c that is a time to live or an
// expiry time (a relative one as ttlArg finds, EXPIREAT's, SET's
// EXAT/PXAT), or -1.
func expireArg(c *model.Call) int {
	if at := ruleutil.TtlArg(c); at >= 0 {
		return at
	}
	switch {
	case c.Is("EXPIREAT", "PEXPIREAT"):
		if len(c.Args) > 2 {
			return 2
		}
	case c.Is("SET", "GETEX"):
		for _, tok := range []string{"EXAT", "PXAT"} {
			if i := c.TokenIndex(tok); i > 1 && i+1 < len(c.Args) {
				return i + 1
			}
		}
	}
	return -1
}

// keptWritesNotRolledBack names the first write made before call, which
// stays when it fails.
func keptWritesNotRolledBack(m *model.Model, call *ast.FuncCallExpr) string {
	if w := ruleutil.FirstWriteBefore(m, call); w != nil {
		return fmt.Sprintf(", after the writes from line %d, which are not rolled back", m.Range(w.Expr).Start.Line)
	}
	return ""
}
