// Package divisionbyzero is the rule division-by-zero: a count that can be 0 divides a value Redis gets.
package divisionbyzero

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

// Rule is division-by-zero.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "division-by-zero",
		Category: diag.Correctness,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/division-by-zero/doc.md", doc),
	},
	Run: runDivisionByZero,
}

func runDivisionByZero(p *lint.Pass) {
	m := p.Model
	// The divisions whose divisor is a count that may be 0 and nothing
	// checks.
	risky := map[*ast.ArithmeticOpExpr]string{}
	var guarded map[*model.Variable]bool
	m.Preorder(model.KArithmeticOpExpr, func(n any) {
		x := n.(*ast.ArithmeticOpExpr)
		if x.Operator != "/" && x.Operator != "%" {
			return
		}
		s, why := m.SignOf(x.Rhs)
		if s != model.SignNonNegative && s != model.SignZero || why == "" {
			return
		}
		if guarded == nil {
			guarded = ruleutil.ComparedLocals(m)
		}
		if ruleutil.Checked(m, x.Rhs, guarded) {
			return
		}
		risky[x] = why
	})
	if len(risky) == 0 {
		return
	}
	// Report those whose quotient reaches Redis: what the script returns,
	// or an argument of a command (a value it stores).
	reported := map[*ast.ArithmeticOpExpr]bool{}
	report := func(e ast.Expr, where string) {
		reaches(m, e, func(x *ast.ArithmeticOpExpr) {
			why, ok := risky[x]
			if !ok || reported[x] {
				return
			}
			reported[x] = true
			p.Report(m.Range(x.Rhs), "%s can be 0 here: %s", ruleutil.Brief(m, x.Rhs), why).
				Help("%s is then inf or nan, and %s: check it first (if n == 0 then ... end)", ruleutil.Brief(m, x), where)
		})
	}
	for _, r := range m.ReplyReturns() {
		for _, e := range r.Stmt.Exprs {
			report(e, "Redis replies -9223372036854775808 for it")
		}
	}
	for _, c := range m.Calls {
		for i := 2; i < len(c.Args); i++ {
			if !c.IsKey(i) {
				report(c.Args[i].Expr, c.Name+" gets the text inf or -nan")
			}
		}
	}
}

// reaches calls fn on the divisions whose value e carries: inside e, or
// through the locals e reads (assigned once).
func reaches(m *model.Model, e ast.Expr, fn func(*ast.ArithmeticOpExpr)) {
	seen := map[*model.Variable]bool{}
	var walk func(e ast.Expr, depth int)
	walk = func(e ast.Expr, depth int) {
		if depth > 8 {
			return
		}
		model.InspectExpr(e, func(n any) bool {
			switch x := n.(type) {
			case *ast.FunctionExpr:
				return false
			case *ast.ArithmeticOpExpr:
				fn(x)
			case *ast.IdentExpr:
				if v := m.VarOf(x); v != nil && !seen[v] && v.Init != nil && len(v.Writes) == 0 {
					seen[v] = true
					walk(v.Init, depth+1)
				}
			}
			return true
		})
	}
	walk(e, 0)
}
