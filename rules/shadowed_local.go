package rules

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "shadowed-local",
		Category: diag.Style,
		Severity: diag.SeverityWarning,
		Doc: diag.Doc{
			Title:   "a local that hides another local of the same function",
			Summary: "a local that hides another local of the same function",
			Why: "`local x` inside a block declares a new variable: assignments to it never reach the `x` declared " +
				"outside, which keeps its old value (often nil) once the block ends. Passed on to Redis, that nil makes " +
				"the script fail with `Lua redis lib command arguments must be strings or integers` (Valkey 8: `Command arguments " +
				"must be strings or integers`), after whatever it " +
				"already wrote. Assign the outer variable (`x = ...`) or give the inner one its own name. Not reported: `_`, " +
				"a second `local x` in the same block (all the code after it sees the new one), and parameters or locals " +
				"of a nested function named like an outer local.",
			Bad:   "local ttl\nif ARGV[2] ~= '' then\n  local ttl = ARGV[2]\nend\nreturn redis.call('SET', KEYS[1], ARGV[1], 'EX', ttl)",
			Good:  "local ttl = 60\nif ARGV[2] ~= '' then\n  ttl = ARGV[2]\nend\nreturn redis.call('SET', KEYS[1], ARGV[1], 'EX', ttl)",
			Redis: "all",
		},
	},
	Run: runShadowedLocal,
})

func runShadowedLocal(p *lint.Pass) {
	m := p.Model
	for _, v := range m.Vars {
		outer := v.Shadows
		// A parameter or a local of a nested function that reuses an outer
		// name is a function's own business: only one function's blocks
		// are looked at.
		if outer == nil || outer.Func != v.Func || v.Kind == model.Param || v.Kind == model.SelfParam || v.Kind == model.VarargArg {
			continue
		}
		if v.Name == "_" {
			continue
		}
		// A second `local x` in the same block replaces the first for all
		// the code after it: nothing assigns a variable the code then reads.
		if outer.Scope == v.Scope {
			continue
		}
		p.Report(v.Decl, "local %s hides the local %s declared on line %d", v.Name, v.Name, outer.Decl.Start.Line).
			Help("assignments here do not reach it; assign it (%s = ...) or rename this one", v.Name)
	}
}
