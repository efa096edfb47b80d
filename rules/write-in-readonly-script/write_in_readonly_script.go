// Package writeinreadonlyscript is the rule write-in-readonly-script: a write in a script or function marked no-writes.
package writeinreadonlyscript

import (
	_ "embed" // doc.md

	"fmt"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is write-in-readonly-script.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "write-in-readonly-script",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/write-in-readonly-script/doc.md", doc),
	},
	Run: runWriteInReadonlyScript,
}

func runWriteInReadonlyScript(p *lint.Pass) {
	m := p.Model
	scriptRO := m.Context == model.Script && m.File.Shebang != nil && m.File.Shebang.HasFlag("no-writes")
	var via map[*model.Function]readonlyPath
	if m.Context == model.Library {
		via = readonlyFunctions(m)
	}
	t := p.Target
	refused := ruleutil.Answers(t, target.ErrReadOnlyWrite)
	for _, c := range m.Calls {
		cmd := c.Command
		if cmd == nil || t.NoScript(cmd) || !writesForScript(cmd) || ruleutil.ArityHeadline(c, t) != "" {
			continue // another rule reports what the server refuses first
		}
		// A module's write: expected to be refused, not observed (H24).
		lower := func(f lint.Finding) {
			if cmd.Module != redisdb.NoModule {
				f.Lower()
			}
		}
		what := "writes"
		if !cmd.IsWrite() {
			what = "may replicate (a write here)"
		}
		if scriptRO {
			lower(p.Report(m.Range(c.Args[0].Expr), "%s %s in a script marked #!lua flags=no-writes", cmd.Name, what).
				Help("%s; remove the write or the no-writes flag", refused))
			continue
		}
		path, ok := via[c.Func]
		if !ok {
			continue
		}
		where := fmt.Sprintf("function %s", path.reg)
		if path.helper != "" {
			where = fmt.Sprintf("helper %s, called from function %s", path.helper, path.reg)
		}
		lower(p.Report(m.Range(c.Args[0].Expr), "%s %s in %s, registered with flags={'no-writes'}", cmd.Name, what, where).
			Help("%s; remove the write or the no-writes flag", refused))
	}
}

// writesForScript reports what a read-only script may not run: write
// commands, and commands flagged may-replicate (observed on 7.0.15 for
// PUBLISH, SPUBLISH and PFCOUNT).
func writesForScript(cmd *redisdb.Command) bool {
	return cmd.IsWrite() || cmd.HasFlag("MAY_REPLICATE")
}

// readonlyPath says why a function runs inside a no-writes registered
// function: reg is that function's registered name, helper the local
// function, called from it directly or through other helpers, that the
// code belongs to (empty for the callback and its closures).
type readonlyPath struct {
	reg    string
	helper string
}

// readonlyFunctions returns the functions of a library that run when a
// function registered with flags={'no-writes'} is called: its callback,
// the functions nested in it, and the local functions they call,
// transitively.
func readonlyFunctions(m *model.Model) map[*model.Function]readonlyPath {
	out := map[*model.Function]readonlyPath{}
	fns := m.Functions()
	for _, reg := range m.Registrations {
		if reg.Callback == nil || !hasString(reg.Flags, "no-writes") {
			continue
		}
		cb := m.FunctionFor(reg.Callback)
		if cb == nil {
			continue
		}
		name := fmt.Sprintf("%q", reg.Name)
		if !reg.NameKnown {
			name = "(name not a literal)"
		}
		queue := []*model.Function{cb}
		seen := map[*model.Function]string{cb: ""}
		for len(queue) > 0 {
			f := queue[0]
			queue = queue[1:]
			if _, ok := out[f]; !ok {
				out[f] = readonlyPath{reg: name, helper: seen[f]}
			}
			helper := seen[f]
			// Closures defined inside f run in the same call.
			for _, g := range fns {
				if g.Parent == f {
					if _, ok := seen[g]; !ok {
						seen[g] = helper
						queue = append(queue, g)
					}
				}
			}
			for _, callee := range localCallees(m, f) {
				if _, ok := seen[callee.fn]; !ok {
					seen[callee.fn] = callee.name
					queue = append(queue, callee.fn)
				}
			}
		}
	}
	return out
}

type localCallee struct {
	fn   *model.Function
	name string
}

// localCallees lists the functions of the file f calls directly (not from
// the functions nested in it), as Model.Callee resolves them.
func localCallees(m *model.Model, f *model.Function) []localCallee {
	var out []localCallee
	m.InspectKinds(m.Body(f), model.KFunctionExpr|model.KFuncCallExpr, func(n any) bool {
		switch e := n.(type) {
		case *ast.FunctionExpr:
			return false
		case *ast.FuncCallExpr:
			fe := m.Callee(e)
			if fe == nil {
				return true
			}
			fn := m.FunctionFor(fe)
			if fn == nil {
				return true
			}
			name := m.Text(e.Func)
			if e.Receiver != nil {
				name = m.Text(e.Receiver) + ":" + e.Method
			}
			out = append(out, localCallee{fn: fn, name: name})
		}
		return true
	})
	return out
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
