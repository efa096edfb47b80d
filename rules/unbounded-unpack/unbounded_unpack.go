// Package unboundedunpack is the rule unbounded-unpack: unpack of a reply whose length has no bound.
package unboundedunpack

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

// Rule is unbounded-unpack.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "unbounded-unpack",
		Category: diag.Correctness,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/unbounded-unpack/doc.md", doc),
	},
	Run: runUnboundedUnpack,
}

func runUnboundedUnpack(p *lint.Pass) {
	m := p.Model
	var loops []*model.Loop
	// One finding per table: the unpacks after the first one fail the
	// same way, and only if the first did not.
	seen := map[any]bool{}
	m.Preorder(model.KFuncCallExpr, func(x any) {
		call := x.(*ast.FuncCallExpr)
		if call.Func == nil || len(call.Args) == 0 || len(call.Args) >= 3 {
			// unpack(t, i, j) names its end: the caller chose the size.
			return
		}
		if f := m.Value(call.Func); f.Origin != model.Builtin || f.Lit != "unpack" {
			return
		}
		t := call.Args[0]
		tv := m.Value(t)
		subject := func() string { return "unpack(" + ruleutil.Brief(m, t) + ")" }
		if tv.Origin == model.ArgvTable {
			p.Report(m.Range(call), "%s fails with 'too many results to unpack' once the caller passes 8000 arguments", subject()).Lower().
				Help("the writes before it are kept: cap the count the caller sends, or unpack in chunks of at most 1000 (unpack(t, i, math.min(i + 999, #t)))")
			return
		}
		var src *model.Call
		var how, lower string
		var fl *ruleutil.Fill
		if tv.Origin == model.Reply && tv.Call != nil {
			src = tv.Call
			how, lower = ruleutil.UnboundedReply(m, src)
		} else if id, ok := t.(*ast.IdentExpr); ok {
			if lv := m.VarOf(id); lv != nil {
				if loops == nil {
					loops = m.Loops()
				}
				if fl = ruleutil.TableFill(m, lv, loops, m.Range(call).Start); fl != nil {
					src, how = fl.Src, fl.How
				}
			}
		}
		if fl != nil && fl.Src == nil {
			// A numeric loop counted by the caller fills the table.
			if seen[fl.Loop] {
				return
			}
			seen[fl.Loop] = true
			p.Report(m.Range(call), "%s %s the loop of line %d runs %d times", subject(), fl.FailsWhen(), fl.Loop.Header.Start.Line, fl.FailsAt()).Lower().
				Help("it fails with 'too many results to unpack' at 8000 entries; the loop appends %s, and its count `%s` comes from ARGV%s: cap the count the caller sends, or unpack in chunks of at most 1000 (unpack(t, i, math.min(i + 999, #t)))",
					perRound(fl), m.Text(fl.Count), ruleutil.KeptWrites(m, call))
			return
		}
		if src == nil || how == "" && lower == "" {
			return
		}
		var id any = src
		if tv.Var != nil {
			id = tv.Var
		}
		if seen[id] {
			return
		}
		seen[id] = true
		writes := ruleutil.KeptWrites(m, call)
		fix := "bound the reply (LIMIT, a literal range) or unpack in chunks of at most 1000 (unpack(t, i, math.min(i + 999, #t)))"
		limit, can := ruleutil.UnpackLimit, "fails once"
		if fl != nil {
			limit, can = fl.FailsAt(), fl.FailsWhen()
		}
		if how == "" {
			p.Report(m.Range(call), "%s fails once the %s reply of line %d reaches %d elements", subject(), src.Name, m.Range(src.Expr).Start.Line, limit).Lower().
				Help("it fails with 'too many results to unpack' (%s)%s: %s", lower, writes, fix)
			return
		}
		p.Report(m.Range(call), "%s %s the %s reply of line %d reaches %d elements", subject(), can, src.Name, m.Range(src.Expr).Start.Line, limit).
			Help("it fails with 'too many results to unpack' (%s)%s: %s", how, writes, fix)
	})
}

// perRound says how many entries a fill loop appends each round.
func perRound(f *ruleutil.Fill) string {
	n := "entries"
	if f.Entries == 1 {
		n = "entry"
	}
	if !f.Always {
		return fmt.Sprintf("up to %d %s per round", f.Entries, n)
	}
	return fmt.Sprintf("%d %s per round", f.Entries, n)
}
