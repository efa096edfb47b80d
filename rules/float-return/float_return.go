// Package floatreturn is the rule float-return: a non-integer number returned to Redis. Its documentation is doc.md, its
// fixtures testdata/.
package floatreturn

import (
	_ "embed" // doc.md

	"fmt"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is float-return.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "float-return",
		Category: diag.Correctness,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/float-return/doc.md", doc),
	},
	Run: runFloatReturn,
}

func runFloatReturn(p *lint.Pass) {
	m := p.Model
	fr := &ruleutil.FracFinder{M: m, State: map[*model.Variable]ruleutil.FracState{}, Funcs: map[*ast.FunctionExpr]bool{}}
	// Only what the main chunk of a script, or a registered function,
	// returns reaches Redis; a helper's return stays in Lua.
	type body struct {
		who   string
		stmts []ast.Stmt
	}
	var bodies []body
	if m.Context == model.Script {
		bodies = append(bodies, body{"the script", m.File.Chunk})
	}
	for _, r := range m.Registrations {
		if r.Callback != nil {
			who := "the registered function"
			if r.NameKnown {
				who = fmt.Sprintf("function '%s'", r.Name)
			}
			bodies = append(bodies, body{who, r.Callback.Stmts})
		}
	}
	for _, b := range bodies {
		m.InspectKinds(b.stmts, model.KFunctionExpr|model.KReturnStmt, func(n any) bool {
			switch n := n.(type) {
			case *ast.FunctionExpr:
				return false
			case *ast.ReturnStmt:
				if len(n.Exprs) > 0 {
					// Redis takes the first returned value only.
					checkFrac(fr, p, b.who, n.Exprs[0], 0)
				}
			}
			return true
		})
	}
}

// checkFrac reports a returned expression, or the elements of a returned table
// constructor, that may be fractional.
func checkFrac(fr *ruleutil.FracFinder, p *lint.Pass, who string, e ast.Expr, depth int) {
	if t, ok := e.(*ast.TableExpr); ok {
		if depth > 8 {
			return
		}
		// Keyed fields ({double = x}, {ok = ...}) are not array elements.
		for _, f := range t.Fields {
			if f.Key == nil {
				checkFrac(fr, p, who, f.Value, depth+1)
			}
		}
		return
	}
	why := fr.Fractional(e)
	if why == "" {
		return
	}
	m := fr.M
	x := ruleutil.ShortOperand(m, e, "x")
	what := fmt.Sprintf("%s returns %s, which may not be an integer", who, ruleutil.Brief(m, e))
	if depth > 0 {
		what = fmt.Sprintf("%s returns a table holding %s, which may not be an integer", who, ruleutil.Brief(m, e))
	}
	const help = "%s is %s; Redis truncates a returned Lua number toward zero (3.99 becomes 3; inf, NaN and out-of-range values become -9223372036854775808); return tostring(%s) or {double = %s}, or math.floor it if an integer is meant"
	if !surelyFractional(why) {
		// A quotient truncated toward zero is integer division, often
		// what is meant (a count of whole requests left, a millisecond
		// timestamp out of a packed score): only the author knows.
		p.Report(m.Range(e), "%s", what).Lower().
			Help(help+" (truncating a quotient is integer division, which may be what is meant)", m.Text(e), why, x, x)
		return
	}
	p.Report(m.Range(e), "%s", what).Help(help, m.Text(e), why, x, x)
}

// surelyFractional reports whether fractional's reason names a number that
// surely has a fraction or is out of range (a fractional literal or factor,
// math.random(), 1e20, 1/0), rather than a quotient.
func surelyFractional(why string) bool {
	for _, s := range []string{"a number with a fraction", "beyond the 64-bit integer range", "a fractional operand", "math.random()"} {
		if strings.Contains(why, s) {
			return true
		}
	}
	return false
}
