// Package multiplereturnvalues is the rule multiple-return-values: a script or function that returns several values.
package multiplereturnvalues

import (
	_ "embed" // doc.md

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is multiple-return-values.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "multiple-return-values",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/multiple-return-values/doc.md", doc),
	},
	Run: runMultipleReturnValues,
}

func runMultipleReturnValues(p *lint.Pass) {
	m := p.Model
	for _, r := range m.ReplyReturns() {
		es := r.Stmt.Exprs
		who := "the script"
		if r.Registration != nil {
			who = "the function"
			if r.Registration.NameKnown {
				who = "function '" + r.Registration.Name + "'"
			}
		}
		switch {
		case len(es) > 1:
			p.Report(m.Range(r.Stmt), "%s returns %d values but Redis replies with the first only", who, len(es)).
				Help("EVAL and FCALL turn one Lua value into the reply: %s reaches the caller and the rest is dropped; return a table, which Redis sends as an array: return {%s}",
					ruleutil.Brief(m, es[0]), joinTexts(m, es))
		case len(es) == 1 && isUnpackCall(m, es[0]):
			t := ruleutil.Brief(m, es[0].(*ast.FuncCallExpr).Args[0])
			p.Report(m.Range(r.Stmt), "%s returns unpack(%s), but Redis replies with its first element only", who, t).
				Help("unpack expands to every element of %s, and EVAL and FCALL turn only the first value into the reply: return %s itself, which Redis sends as an array", t, t)
		}
	}
}

// isUnpackCall reports whether e is unpack(t) (the global, one argument)
// whose values expand into the return list.
func isUnpackCall(m *model.Model, e ast.Expr) bool {
	c, ok := e.(*ast.FuncCallExpr)
	if !ok || c.AdjustRet || c.Func == nil || len(c.Args) != 1 {
		return false
	}
	id, ok := c.Func.(*ast.IdentExpr)
	return ok && id.Value == "unpack" && m.VarOf(id) == nil
}

// joinTexts is the source texts of es separated by ", ".
func joinTexts(m *model.Model, es []ast.Expr) string {
	out := ""
	for i, e := range es {
		if i > 0 {
			out += ", "
		}
		out += m.Text(e)
	}
	return out
}
