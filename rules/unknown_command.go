package rules

import (
	"fmt"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/span"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "unknown-command",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title: "a command Redis does not know",
			Why: "`redis.call` with a name that is not a Redis command, a subcommand the container does not have " +
				"(`CONFIG FOO`), a whole command line in one string (`'SET k v'`), or a command newer than the Redis the " +
				"scripts run on (see `--redis-version`) fails at run time with `ERR Unknown Redis command called from script`, " +
				"and writes made before it are not rolled back. `redis.pcall` returns that error as a table instead. Options " +
				"that the command table dates after the target version (`SET ... GET`, 6.2) are reported too: an older " +
				"server does not know them. Without a target version, the newest in the table is assumed.",
			Bad:   "local v = redis.call('GETT', KEYS[1])\nreturn v",
			Good:  "local v = redis.call('GET', KEYS[1])\nreturn v",
			Redis: "all; unknown-command text observed on 7.0; with --redis-version, commands and options newer than the target",
		},
	},
	Run: runUnknownCommand,
})

func runUnknownCommand(p *lint.Pass) {
	m := p.Model
	target := p.Target.RedisVersion
	for _, c := range m.Calls {
		name, ok := c.Literal(0)
		if !ok || len(c.Args) == 0 {
			continue
		}
		// Where to report, looked up only for a report.
		at := func() span.Range { return m.Range(c.Args[0].Expr) }
		if strings.ContainsAny(name, " \t\r\n") {
			words := strings.Fields(name)
			if len(words) > 1 && redisdb.Lookup(words[0]) != nil {
				p.Report(at(), "%q is not a Redis command", name).
					Help("Redis takes the command name alone and each argument separately, as redis.call('%s', ...); a command line in one string fails with 'ERR Unknown Redis command called from script'", words[0])
			} else {
				p.Report(at(), "%q is not a Redis command (command names hold no spaces)", name).
					Help("Redis answers 'ERR Unknown Redis command called from script'")
			}
			continue
		}
		if c.Command == nil {
			hint := ""
			if s := closestName(strings.ToUpper(name), topLevelNames()); s != "" {
				hint = fmt.Sprintf(" (did you mean %s?)", s)
			}
			p.Report(at(), "%s is not a Redis command%s", cmdQuote(name), hint).
				Help("Redis answers 'ERR Unknown Redis command called from script'")
			continue
		}
		cmd := c.Command
		if cmd.Subcommands != nil {
			// A container whose subcommand is a literal that it lacks.
			sub, ok := c.Literal(1)
			if !ok || len(c.Args) < 2 {
				continue
			}
			hint := ""
			if s := closestName(strings.ToUpper(sub), cmd.SubNames()); s != "" {
				hint = fmt.Sprintf(" (did you mean %s %s?)", cmd.Name, s)
			}
			p.Report(m.Range(c.Args[1].Expr), "%s has no subcommand %s%s", cmd.Name, cmdQuote(sub), hint).
				Help("Redis answers 'ERR Unknown Redis command called from script'")
			continue
		}
		if target == "" {
			continue
		}
		if !redisdb.SinceAtLeast(cmd.Since, target) {
			p.Report(at(), "%s was added in Redis %s, after the target version %s", cmd.Name, cmd.Since, target).
				Help("that server rejects it as an unknown command ('ERR Unknown Redis command called from script' on 7.0); use an older command or raise the target")
			continue
		}
		for _, h := range newerOptions(c, cmd, target) {
			p.Report(m.Range(c.Args[h.index].Expr), "%s was added to %s in Redis %s, after the target version %s", h.what, cmd.Name, h.since, target).
				Help("that server rejects the call; leave it out or raise the target")
		}
	}
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
// target. Leading required arguments are skipped so that a value equal to a
// keyword (SET k GET) is not read as one, and so are the values that follow
// each keyword.
func newerOptions(c *model.Call, cmd *redisdb.Command, target string) []optionHit {
	var out []optionHit
	i := firstArg(cmd)
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
			!redisdb.SinceAtLeast(a.Since, target) && i < len(c.Args) {
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
		if info.since != "" && !redisdb.SinceAtLeast(info.since, target) {
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

// topLevelNames lists every command name, sorted.
func topLevelNames() []string {
	var out []string
	for _, c := range redisdb.All() {
		out = append(out, c.Name)
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
	best, bestD := "", limit+1
	for _, n := range names {
		if d := editDistance(s, n, bestD); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, or a value of at
// least bound once it is known to reach bound.
func editDistance(a, b string, bound int) int {
	if d := len(a) - len(b); d >= bound || -d >= bound {
		return bound
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
