package rules

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "command-arity",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title: "a command called with the wrong number of arguments",
			Why: "Redis checks each command's argument count before running it. From a script, a call with too few or too " +
				"many arguments fails with `ERR Wrong number of args calling Redis command from script`, and `redis.call()` " +
				"with no argument at all with `ERR Please specify at least one argument for this redis lib call`. The script " +
				"stops there (writes made before it stay), or `redis.pcall` returns the error as a table.",
			Bad:   "redis.call('SET', KEYS[1])\nreturn redis.call('GET', KEYS[1])",
			Good:  "redis.call('SET', KEYS[1], 'v')\nreturn redis.call('GET', KEYS[1])",
			Redis: "all; error texts observed on 7.0",
		},
	},
	Run: runCommandArity,
})

func runCommandArity(p *lint.Pass) {
	m := p.Model
	for _, c := range m.Calls {
		if len(c.Args) == 0 {
			fn := "redis.call"
			if c.Protected {
				fn = "redis.pcall"
			}
			p.Report(m.Range(c.Expr), "%s() is given no command", fn).
				Help("Redis answers 'ERR Please specify at least one argument for this redis lib call': pass the command name and its arguments")
			continue
		}
		if headline, help := arityProblem(c); headline != "" {
			p.Report(m.Range(c.Expr), "%s", headline).Help("%s", help)
		}
	}
}
