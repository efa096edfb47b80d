package rules

import (
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "script-forbidden-command",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title: "a command Redis refuses inside a script",
			Why: "A script runs atomically and cannot wait, so Redis refuses the commands flagged noscript: blocking pops " +
				"(BLPOP, BRPOP, BLMOVE, BRPOPLPUSH, BZPOPMIN, BZPOPMAX), WAIT, transactions (MULTI, EXEC, WATCH), " +
				"pub/sub subscriptions, EVAL and FCALL, SCRIPT, FUNCTION, CLIENT, CONFIG, DEBUG, SAVE, SHUTDOWN and other " +
				"server administration. Each fails with `ERR This Redis command is not allowed from script`; `XREAD` and " +
				"`XREADGROUP` with `BLOCK` fail with `ERR XREAD command is not allowed with BLOCK option from scripts`. " +
				"Writes made before the refused call stay.",
			Bad:   "local job = redis.call('BRPOP', KEYS[1], 5)\nreturn job",
			Good:  "-- the client waits (BRPOP outside the script); the script does not\nlocal job = redis.call('RPOP', KEYS[1])\nreturn job",
			Redis: "7.0 (observed on 7.0.15)",
		},
	},
	Run: runScriptForbiddenCommand,
})

// nonBlockingForm names the command a script uses instead of a blocking
// one.
var nonBlockingForm = map[string]string{
	"BLPOP":      "LPOP",
	"BRPOP":      "RPOP",
	"BLMOVE":     "LMOVE",
	"BRPOPLPUSH": "LMOVE (or RPOPLPUSH)",
	"BZPOPMIN":   "ZPOPMIN",
	"BZPOPMAX":   "ZPOPMAX",
}

func runScriptForbiddenCommand(p *lint.Pass) {
	m := p.Model
	for _, c := range m.Calls {
		cmd := c.Command
		if cmd == nil || arityHeadline(c) != "" {
			continue // Redis refuses the call for its name or count first
		}
		if cmd.Name == "XREAD" || cmd.Name == "XREADGROUP" {
			if i := xreadBlock(c, cmd.Name); i > 0 {
				p.Report(m.Range(c.Args[i].Expr), "%s with BLOCK is refused in a script", cmd.Name).
					Help("Redis answers 'ERR %s command is not allowed with BLOCK option from scripts'; drop BLOCK (a script cannot wait) and wait in the client", cmd.Name)
			}
			continue
		}
		if !forbiddenInScript(c, cmd) {
			continue
		}
		what := "run it from the client instead"
		switch {
		case nonBlockingForm[cmd.Name] != "":
			what = "use " + nonBlockingForm[cmd.Name] + ", which does not wait, and let the client block and retry"
		case cmd.Name == "WAIT":
			what = "call WAIT from the client after the script"
		case cmd.Name == "MULTI" || cmd.Name == "EXEC" || cmd.Name == "WATCH" || cmd.Name == "DISCARD" || cmd.Name == "UNWATCH":
			what = "drop it: a script already runs atomically"
		case cmd.Name == "EVAL" || cmd.Name == "EVALSHA" || cmd.Name == "FCALL" || cmd.Name == "FCALL_RO" || cmd.Name == "EVAL_RO" || cmd.Name == "EVALSHA_RO":
			what = "call a local Lua function instead"
		}
		p.Report(m.Range(c.Args[0].Expr), "%s is refused inside a script", cmd.Name).
			Help("Redis answers 'ERR This Redis command is not allowed from script'; %s", what)
	}
}

// forbiddenInScript reports a command flagged noscript; for a container
// whose subcommand is not a literal, only when every subcommand but HELP is
// (CONFIG, CLIENT). A literal subcommand the container lacks is
// unknown-command's.
func forbiddenInScript(c *model.Call, cmd *redisdb.Command) bool {
	if cmd.Subcommands == nil {
		return cmd.NoScript()
	}
	if _, ok := c.Literal(1); ok {
		return false
	}
	n := 0
	for _, s := range cmd.Subcommands {
		if s.SubName() == "HELP" {
			continue
		}
		if !s.NoScript() {
			return false
		}
		n++
	}
	return n > 0
}

// xreadBlock returns the index of a literal BLOCK option of XREAD or
// XREADGROUP, or 0: options stand before STREAMS (after GROUP group
// consumer for XREADGROUP), and COUNT and BLOCK take one value each.
func xreadBlock(c *model.Call, name string) int {
	i := 1
	if name == "XREADGROUP" {
		i = 4 // XREADGROUP GROUP group consumer
	}
	for ; i < len(c.Args); i++ {
		s, ok := c.Literal(i)
		if !ok {
			continue
		}
		switch strings.ToUpper(s) {
		case "STREAMS":
			return 0
		case "BLOCK":
			return i
		case "COUNT":
			i++
		}
	}
	return 0
}
