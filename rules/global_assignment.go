package rules

import (
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "global-assignment",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title:   "assignment to a global variable",
			Summary: "assignment to a global: `Attempt to modify a readonly table`",
			Why: "Redis protects the global table: any assignment to a global, including a global `function f()` " +
				"declaration and writes into library tables such as `redis.x` or `string.x`, fails with " +
				"`Attempt to modify a readonly table`; on Valkey, `server` is the same read-only table as `redis`. It is a runtime error, so writes the script made before it are " +
				"not rolled back. In a Functions library a top-level global assignment makes FUNCTION LOAD fail; one inside a " +
				"registered function fails at FCALL.",
			Bad:   "count = redis.call('INCR', KEYS[1])\nfunction double(x) return x * 2 end\nreturn double(count)",
			Good:  "local count = redis.call('INCR', KEYS[1])\nlocal function double(x) return x * 2 end\nreturn double(count)",
			Redis: "all (the read-only global table is observed on 7.0)",
		},
	},
	Run: runGlobalAssignment,
})

func runGlobalAssignment(p *lint.Pass) {
	m := p.Model
	for _, g := range m.Globals {
		if !g.Write {
			continue
		}
		when := "the script fails when it gets here"
		if atLoad(m, g) {
			when = "FUNCTION LOAD fails"
		} else if m.Context.String() == "library" {
			when = "FCALL fails when it gets here"
		}
		if g.Field {
			// The table as the script wrote it: on Valkey, the model
			// names server.x redis.x.
			table := g.Ident.Value
			_, field, _ := strings.Cut(g.Name, ".")
			if !readonlyTable(p.Target, table) {
				continue
			}
			p.Report(g.Range(), "%s.%s is a field of the read-only %s table", table, field, table).
				Help("%s with 'Attempt to modify a readonly table': keep the value in a local", when)
			continue
		}
		p.Report(g.Range(), "assignment to global %s", g.Name).
			Help("%s with 'Attempt to modify a readonly table': declare it local", when)
	}
}
