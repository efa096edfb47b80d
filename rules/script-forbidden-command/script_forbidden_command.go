// Package scriptforbiddencommand is the rule script-forbidden-command: a command the server refuses inside a script.
package scriptforbiddencommand

import (
	_ "embed" // doc.md

	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

//go:embed doc.md
var doc string

// Rule is script-forbidden-command.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "script-forbidden-command",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/script-forbidden-command/doc.md", doc),
	},
	Run: runScriptForbiddenCommand,
}

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
	t := p.Target
	for _, c := range m.Calls {
		cmd := c.Command
		if cmd == nil || ruleutil.ArityHeadline(c, t) != "" {
			continue // the server refuses the call for its name or count first
		}
		if cmd.Name == "XREAD" || cmd.Name == "XREADGROUP" {
			i := xreadBlock(c, cmd.Name)
			switch {
			case i == 0:
			case t.XReadBlockRefused():
				p.Report(m.Range(c.Args[i].Expr), "%s with BLOCK is refused in a script", cmd.Name).
					Help("%s answers %s; drop BLOCK (a script cannot wait) and wait in the client", t.Server().Product(), strings.Replace(ruleutil.QuoteError(t, target.ErrXReadBlock), "XREAD", cmd.Name, 1))
			default:
				p.Report(m.Range(c.Args[i].Expr), "%s with BLOCK never blocks inside a script", cmd.Name).Lower().
					Help("on %s it replies nil at once when no entry is new, as on a timeout (false in Lua); drop BLOCK and wait in the client", t.Product())
			}
			continue
		}
		if !forbiddenInScript(c, cmd, t) {
			if neverBlocks(cmd, t) {
				reply := "replies nil at once when the key is empty, as on a timeout (false in Lua)"
				if strings.HasPrefix(cmd.Name, "WAIT") {
					reply = "answers at once with the replicas that have already acknowledged"
				}
				p.Report(m.Range(c.Args[0].Expr), "%s never blocks inside a script", cmd.Name).Lower().
					Help("on %s it %s; %s", t.Product(), reply, insteadOf(cmd.Name))
			}
			continue
		}
		p.Report(m.Range(c.Args[0].Expr), "%s is refused inside a script", cmd.Name).
			Help("%s; %s", ruleutil.Answers(t, target.ErrNotAllowed), insteadOf(cmd.Name))
	}
}

// insteadOf says what to do in place of a command a script should not
// call.
func insteadOf(name string) string {
	switch {
	case nonBlockingForm[name] != "":
		return "use " + nonBlockingForm[name] + ", which does not wait, and let the client block and retry"
	case name == "WAIT" || name == "WAITAOF":
		return "call " + name + " from the client after the script"
	case name == "MULTI" || name == "EXEC" || name == "WATCH" || name == "DISCARD" || name == "UNWATCH":
		return "drop it: a script already runs atomically"
	case name == "EVAL" || name == "EVALSHA" || name == "FCALL" || name == "FCALL_RO" || name == "EVAL_RO" || name == "EVALSHA_RO":
		return "call a local Lua function instead"
	}
	return "run it from the client instead"
}

// neverBlocks reports a blocking command that the target lets scripts
// call, and that then answers at once: the commands Redis 7.0 refused
// (NoScriptUntil: BLPOP, BRPOP, BLMOVE, BRPOPLPUSH, BZPOPMIN, BZPOPMAX,
// WAIT; WAITAOF), observed answering at once on Redis 7.2.6, 7.4.1 and
// Valkey 7.2.7, 8.0.1 (docs/facts-observed.md O9).
func neverBlocks(cmd *redisdb.Command, t target.Target) bool {
	return (nonBlockingForm[cmd.Name] != "" || cmd.Name == "WAIT" || cmd.Name == "WAITAOF") && !t.NoScript(cmd)
}

// forbiddenInScript reports a command the target refuses in scripts
// (target's NoScript); for a container whose subcommand is not a literal,
// only when every subcommand but HELP is (CONFIG, CLIENT). A literal
// subcommand the container lacks is unknown-command's.
func forbiddenInScript(c *model.Call, cmd *redisdb.Command, t target.Target) bool {
	if cmd.Subcommands == nil {
		return t.NoScript(cmd)
	}
	if _, ok := c.Literal(1); ok {
		return false
	}
	n := 0
	for _, s := range cmd.Subcommands {
		if s.SubName() == "HELP" {
			continue
		}
		if !t.NoScript(s) {
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
