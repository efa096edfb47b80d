package rules

import (
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/yuin/gopher-lua/ast"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "command-arity",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title:   "a command called with the wrong number of arguments",
			Summary: "a command called with the wrong number of arguments: `Wrong number of args calling Redis command from script`",
			Why: "Redis checks each command's argument count before running it. From a script, a call with too few or too " +
				"many arguments fails with `ERR Wrong number of args calling Redis command from script` (Valkey 8: `ERR Wrong " +
				"number of args calling command from script`), and `redis.call()` with no argument at all with `ERR Please " +
				"specify at least one argument for this redis lib call`. The script stops there (writes made before it stay), " +
				"or `redis.pcall` returns the error as a table. The counts are the target's (`--target`); a module command's " +
				"are its module's.",
			Bad:   "redis.call('SET', KEYS[1])\nreturn redis.call('GET', KEYS[1])",
			Good:  "redis.call('SET', KEYS[1], 'v')\nreturn redis.call('GET', KEYS[1])",
			Redis: "all; error texts observed on Redis 7.0.15, 7.2.6, 7.4.1 and Valkey 7.2.7, 8.0.1",
			Lower: "One level below the rule's severity (warning by default) for a module command (JSON.*, FT.*, TS.*, BF.*...): " +
				"its counts are those of the module's newest release, which older releases may not share (redis-facts.md H22, " +
				"read from source and not observed).",
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
			// Valkey's second name, as the script wrote it.
			if a, ok := c.Expr.Func.(*ast.AttrGetExpr); ok {
				if id, ok := a.Object.(*ast.IdentExpr); ok && id.Value == "server" {
					fn = "server" + strings.TrimPrefix(fn, "redis")
				}
			}
			p.Report(m.Range(c.Expr), "%s() is given no command", fn).
				Help("%s: pass the command name and its arguments", answers(p.Target, target.ErrNoArgs))
			continue
		}
		if headline, help := arityProblem(c, p.Target); headline != "" {
			f := p.Report(m.Range(c.Expr), "%s", headline).Help("%s", help)
			if c.Command.Module != redisdb.NoModule {
				f.Lower()
			}
		}
	}
}
