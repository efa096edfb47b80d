// Package invalidexpiretime is the rule invalid-expire-time: a TTL the script computes that can be 0 or less.
package invalidexpiretime

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

// Rule is invalid-expire-time.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "invalid-expire-time",
		Category: diag.Correctness,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/invalid-expire-time/doc.md", doc),
	},
	Run: runInvalidExpireTime,
}

func runInvalidExpireTime(p *lint.Pass) {
	m := p.Model
	var guarded map[*model.Variable]bool
	for _, c := range m.Calls {
		at := ruleutil.TtlArg(c)
		if at < 0 {
			continue
		}
		x := c.Args[at].Expr
		s, why := m.SignOf(x)
		if !s.MayBeZeroOrLess() || why == "" {
			why = ttlReplyWhy(m, x)
			if why == "" {
				continue
			}
		}
		if guarded == nil {
			guarded = ruleutil.ComparedLocals(m)
		}
		if ruleutil.Checked(m, x, guarded) {
			continue
		}
		what := "fails with 'invalid expire time'"
		if c.Is("EXPIRE", "PEXPIRE") {
			what = "deletes the key at once"
		}
		p.Report(m.Range(x), "TTL %s of %s can be 0 or less", ruleutil.Brief(m, x), c.Name).
			Help("%s; %s %s then, after the script's earlier writes: clamp it (math.max(ttl, 1)) or check it before the call", why, c.Name, what)
	}
}

// ttlReplyWhy says why x, the time a call sets, can be 0 or less when it is
// the reply of TTL or PTTL, directly, through tonumber, or through a local
// assigned once: "" otherwise. Arithmetic on the reply is left to SignOf
// (TTL + 60 is above 0 even for a missing key's -2).
func ttlReplyWhy(m *model.Model, x ast.Expr) string {
	for depth := 0; depth < 8; depth++ {
		switch e := x.(type) {
		case *ast.FuncCallExpr:
			if c := m.CallAt(e); c != nil {
				if c.Protected || !c.Is("TTL", "PTTL") {
					return ""
				}
				last := "0 when less than half a second is left (TTL rounds to the nearest second)"
				if c.Is("PTTL") {
					last = "0 in its last millisecond"
				}
				return fmt.Sprintf("the %s reply of line %d is %s, -1 for a key without expiry and -2 for a missing one", c.Name, m.Range(c.Expr).Start.Line, last)
			}
			if m.BuiltinName(e) != "tonumber" || len(e.Args) == 0 {
				return ""
			}
			x = e.Args[0]
		case *ast.IdentExpr:
			v := m.VarOf(e)
			if v == nil || v.Kind != model.LocalVar || len(v.Writes) > 0 || v.Init == nil {
				return ""
			}
			x = v.Init
		default:
			return ""
		}
	}
	return ""
}
