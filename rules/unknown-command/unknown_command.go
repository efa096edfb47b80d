// Package unknowncommand is the rule unknown-command: a command the target server does not have.
package unknowncommand

import (
	_ "embed" // doc.md

	"fmt"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

//go:embed doc.md
var doc string

// Rule is unknown-command.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "unknown-command",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/unknown-command/doc.md", doc),
	},
	Run: runUnknownCommand,
}

func runUnknownCommand(p *lint.Pass) {
	m := p.Model
	t := p.Target
	unknown := ruleutil.QuoteError(t, target.ErrUnknownCommand)
	for _, c := range m.Calls {
		name, ok := c.Literal(0)
		if !ok || len(c.Args) == 0 {
			continue
		}
		// Where to report, looked up only for a report.
		at := func() span.Range { return m.Range(c.Args[0].Expr) }
		if strings.ContainsAny(name, " \t\r\n") {
			words := strings.Fields(name)
			if len(words) > 1 && t.Check(words[0], "").Status != target.Unknown {
				p.Report(at(), "%q is not a command", name).
					Help("the server takes the command name alone and each argument separately, as redis.call('%s', ...); a command line in one string fails with %s", words[0], unknown)
			} else {
				p.Report(at(), "%q is not a command (command names hold no spaces)", name).
					Help("the server answers %s", unknown)
			}
			continue
		}
		cmd := c.Command
		if cmd == nil {
			reportMissing(p, at(), c.Name, t.Check(c.Name, ""), name, nil, unknown)
			continue
		}
		if cmd.Subcommands != nil {
			// A container whose literal subcommand the target lacks.
			sub, ok := c.Literal(1)
			if !ok || len(c.Args) < 2 {
				continue
			}
			reportMissing(p, m.Range(c.Args[1].Expr), cmd.Name, t.Check(cmd.Name, sub), sub, cmd, unknown)
			continue
		}
		// Options are dated in the server's numbering; a module's are its
		// own (redis-facts.md H17), and the newest target has them all.
		if t.Version() == "" || cmd.Module != redisdb.NoModule {
			continue
		}
		for _, h := range newerOptions(c, cmd, t) {
			p.Report(m.Range(c.Args[h.index].Expr), "%s was added to %s in %s %s, after the target %s", h.what, cmd.Name, tableProduct(t, cmd), h.since, t.Product()).
				Help("that server rejects the call; leave it out or raise the target (target: in .lint-lua.yaml, or --target)")
		}
	}
}

// reportMissing reports a command (or, with container set, a subcommand)
// the target does not have, for the reason a gives. written is the name
// as the script wrote it.
func reportMissing(p *lint.Pass, r span.Range, name string, a target.Availability, written string, container *redisdb.Command, unknown string) {
	t := p.Target
	if a.Command != nil && a.Status != target.Unknown {
		name = a.Command.Name
	}
	switch a.Status {
	case target.Available:
		return
	case target.NeedsModule:
		mod := a.Module
		p.Report(r, "%s is a %s command, and the target %s does not load %s", name, mod.Product(), t.Product(), mod.Product()).
			Help("the server answers %s; if yours loads %s, add %s to modules: in .lint-lua.yaml (or pass --modules %s)%s", unknown, mod.Product(), mod, mod, moduleTargetHint(t))
	case target.ValkeyOnly:
		p.Report(r, "%s exists only on Valkey (from %s), and the target is %s", name, a.Since, t.Product()).
			Help("%s answers %s; if the script runs on Valkey, set target: valkey in .lint-lua.yaml (or pass --target valkey)", t.Server().Product(), unknown)
	case target.RedisOnly:
		p.Report(r, "%s exists only on Redis (from %s), and the target is %s", name, a.Since, t.Product()).
			Help("Valkey answers %s; if the script runs on Redis, set target: redis-%s in .lint-lua.yaml (or pass --target redis-%s)", unknown, target.Series(a.Since), target.Series(a.Since))
	case target.NotYet:
		if a.Module != redisdb.NoModule {
			p.Report(r, "%s came with %s %s, which %s may not bundle", name, a.Module.Product(), a.Since, t.Product()).Lower().
				Help("a Redis 8.x bundles the module release of its own number, so the server likely answers %s; if yours has %s, raise the target (target: redis-%s)", unknown, name, target.Series(a.Since))
			return
		}
		p.Report(r, "%s was added in %s %s, after the target %s", name, t.Server().Product(), a.Since, t.Product()).
			Help("that server answers %s; use an older command or raise the target (target: %s-%s in .lint-lua.yaml, or --target)", unknown, t.Server(), target.Series(a.Since))
	default:
		if container != nil {
			up := strings.ToUpper(written)
			subs := container.SubNames()
			hint := ""
			if s := closestName(up, subs); s != "" {
				hint = fmt.Sprintf(" (did you mean %s %s?)", container.Name, s)
			}
			f := p.Report(r, "%s has no subcommand %s%s", container.Name, cmdQuote(written), hint).
				Help("%s", unknownHelp(t, unknown))
			lowerUnknown(f, t, up, subs)
			return
		}
		hint := ""
		up := strings.ToUpper(written)
		names := topLevelNames(t)
		if s := closestName(up, names); s != "" {
			hint = fmt.Sprintf(" (did you mean %s?)", s)
		}
		f := p.Report(r, "%s is not a known command%s", cmdQuote(written), hint).
			Help("%s", unknownHelp(t, unknown))
		lowerUnknown(f, t, up, names)
	}
}

// lowerUnknown sets the severity of a name no table knows. On a target the
// tables describe whole (target: redis-7.4) the server has no such
// command: the rule's severity. Otherwise the name may be a command newer
// than the tables: a warning when it is a slip of the fingers in a known
// name (slip), else info.
func lowerUnknown(f lint.Finding, t target.Target, up string, names []string) {
	switch {
	case t.Covered():
	case slipOf(up, names):
		f.Lower()
	default:
		f.Info()
	}
}

// slipOf reports whether s is a known name typed with one slip of the
// fingers: a letter doubled (GETT), dropped (ENCODNG) or swapped with its
// neighbour (JSON.GTE). New commands are not formed that way: they add a
// type letter or a suffix (HGETEX from GETEX, MSETEX, XACKDEL) or change a
// letter (HSETEX beside HSETNX, VADD beside SADD), so those stay advice.
func slipOf(s string, names []string) bool {
	for _, n := range names {
		switch len(s) - len(n) {
		case 1: // a letter doubled
			for i := 1; i < len(s); i++ {
				if s[i] == s[i-1] && s[:i]+s[i+1:] == n {
					return true
				}
			}
		case -1: // a letter dropped
			if len(n) >= 4 {
				for i := range n {
					if n[:i]+n[i+1:] == s {
						return true
					}
				}
			}
		case 0:
			if swapped(s, n) {
				return true
			}
		}
	}
	return false
}

// unknownHelp says why a name no table knows fails: on a target the tables
// describe whole it is certain; otherwise the name may be newer than them.
func unknownHelp(t target.Target, unknown string) string {
	if t.Covered() {
		return fmt.Sprintf("the tables lint-lua has describe %s whole and none has it: the server answers %s", t.Product(), unknown)
	}
	return fmt.Sprintf("no Redis, Valkey or module table lint-lua knows has it, and a server without it answers %s; if it is newer than those tables, ignore this", unknown)
}

// moduleTargetHint adds, on a Redis target before 8.0, that Redis 8
// bundles the modules (redis-facts.md H16).
func moduleTargetHint(t target.Target) string {
	if t.Server() == target.Redis && !t.AtLeast("8.0") {
		return "; Redis 8.0 and later bundle it (target: redis-8.0)"
	}
	return ""
}

// tableProduct names the server whose numbering dates cmd's arguments:
// the target's, except on a Valkey 7.2 target, which takes Redis's entry
// of the commands Valkey changed after 7.2 (target's facts, H12).
func tableProduct(t target.Target, cmd *redisdb.Command) string {
	if t.Server() == target.Valkey && redisdb.ValkeyTable.Lookup(cmd.Name) != cmd {
		return target.Redis.Product()
	}
	return t.Server().Product()
}

// cmdQuote shows a command name as the script wrote it.
func cmdQuote(s string) string { return fmt.Sprintf("%q", s) }

// optionHit is a use of an argument newer than the target version.
type optionHit struct {
	index int
	what  string
	since string
}

// tokenInfo is what one option keyword of a command needs: the version it
// appeared in and how many values follow it.
type tokenInfo struct {
	since  string
	values int
}

// newerOptions finds the literal option keywords (and the optional
// positional argument, such as LPOP's count) of a call that are newer than
// the target's version. Leading required arguments are skipped so that a value equal to a
// keyword (SET k GET) is not read as one, and so are the values that follow
// each keyword.
func newerOptions(c *model.Call, cmd *redisdb.Command, t target.Target) []optionHit {
	var out []optionHit
	i := ruleutil.FirstArg(cmd)
	args := cmd.Args
	j := 0
	for ; j < len(args); j++ {
		a := args[j]
		if a.Optional || a.Token != "" || a.Multiple || !positional(a) {
			break
		}
		i++
	}
	if j < len(args) {
		a := args[j]
		if a.Optional && a.Token == "" && !a.Multiple && positional(a) && a.Since != "" &&
			!t.AtLeast(a.Since) && i < len(c.Args) {
			out = append(out, optionHit{index: i, what: "the " + a.Name + " argument", since: a.Since})
			i++
		}
	}
	tokens := map[string]tokenInfo{}
	collectTokens(args[j:], "", tokens)
	for k := i; k < len(c.Args); k++ {
		if c.Args[k].Value.Origin != model.Literal || !c.Args[k].Value.IsString {
			continue
		}
		up := strings.ToUpper(c.Args[k].Value.Lit)
		info, ok := tokens[up]
		if !ok {
			continue
		}
		if info.since != "" && !t.AtLeast(info.since) {
			out = append(out, optionHit{index: k, what: "option " + up, since: info.since})
		}
		k += info.values
	}
	return out
}

// positional reports an argument that is one plain value.
func positional(a redisdb.Arg) bool {
	switch a.Type {
	case "oneof", "block", "pure-token":
		return false
	}
	return true
}

// collectTokens records every keyword in args, nested ones included, with
// the version it needs: its own, or an enclosing group's when later. A
// keyword listed twice keeps the older version, so that only what no form
// of the command accepts is reported.
func collectTokens(args []redisdb.Arg, inherited string, out map[string]tokenInfo) {
	for _, a := range args {
		since := inherited
		if a.Since != "" && (since == "" || !redisdb.SinceAtLeast(a.Since, since)) {
			since = a.Since
		}
		if a.Token != "" {
			info := tokenInfo{since: since, values: tokenValues(a)}
			if prev, ok := out[strings.ToUpper(a.Token)]; ok {
				if prev.since == "" || (since != "" && redisdb.SinceAtLeast(prev.since, since)) {
					info.since = prev.since
				}
				info.values = min(info.values, prev.values)
			}
			out[strings.ToUpper(a.Token)] = info
		}
		if a.Type == "oneof" || a.Type == "block" {
			collectTokens(a.Args, since, out)
		}
	}
}

// tokenValues counts the plain values that follow a keyword: none for a
// pure token, the block's required values for a block (LIMIT offset count),
// one otherwise (EX seconds).
func tokenValues(a redisdb.Arg) int {
	switch a.Type {
	case "pure-token":
		return 0
	case "block":
		n := 0
		for _, x := range a.Args {
			if !x.Optional && x.Token == "" && positional(x) {
				n++
			}
		}
		return n
	}
	return 1
}

// topLevelNames lists the command names of the target's server and of the
// modules, for suggestions.
func topLevelNames(t target.Target) []string {
	if t.Server() == target.Valkey {
		return valkeyNames()
	}
	return redisNames()
}

var (
	redisNames  = sync.OnceValue(func() []string { return tableNames(redisdb.RedisTable, redisdb.ModuleTable) })
	valkeyNames = sync.OnceValue(func() []string { return tableNames(redisdb.ValkeyTable, redisdb.ModuleTable) })
)

func tableNames(tables ...*redisdb.Table) []string {
	var out []string
	for _, tb := range tables {
		for _, c := range tb.All() {
			out = append(out, c.Name)
		}
	}
	return out
}

// closestName returns the name in names nearest to s by edit distance, when
// it is near enough to be a typo: one edit for names of up to four letters,
// two beyond.
func closestName(s string, names []string) string {
	limit := 1
	if len(s) > 4 {
		limit = 2
	}
	return diag.ClosestWithin(s, names, limit)
}

// swapped reports whether a and b differ by two adjacent letters swapped
// (JSON.GTE for JSON.GET).
func swapped(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
}
