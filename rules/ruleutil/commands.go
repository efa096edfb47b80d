package ruleutil

// What the rules about Redis commands share: the argument counts Redis
// refuses (command-arity reports them, and the rules about what a script may
// run defer to it, as Redis checks the count first), and the writes a failing
// call leaves behind.

import (
	"fmt"
	"strings"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/yuin/gopher-lua/ast"
)

// ArityProblem describes a call whose argument count the target certainly
// rejects: a headline and a help, or two empty strings. Redis checks the
// count before it checks whether a script may run the command, so the
// rules about those defer to it. The help quotes the target's
// ErrWrongArity; for a module command it does not: a module that declares
// its arity (RedisTimeSeries and RedisBloom from 8.4, RedisJSON and
// RediSearch from 8.6) gets Redis's check and text, an older one checks
// the count itself with its own words (redis-facts.md H22, from source).
func ArityProblem(c *model.Call, t target.Target) (headline, help string) {
	cmd := c.Command
	if cmd == nil {
		return "", ""
	}
	// The help is written only for a call that has a problem: most calls
	// have none, and this runs for every call of every script.
	wrong := func() string {
		if cmd.Module != redisdb.NoModule {
			return fmt.Sprintf("%s refuses it with a wrong-number-of-arguments error (its own, or %s where the module release declares its arity)", cmd.Module.Product(), QuoteError(t, target.ErrWrongArity))
		}
		return Answers(t, target.ErrWrongArity)
	}
	words := FirstArg(cmd)
	if cmd.Subcommands != nil {
		if len(c.Args) < 2 && !c.Variadic {
			return fmt.Sprintf("%s needs a subcommand (%s)", cmd.Name, subcommandList(cmd)), wrong()
		}
		return "", "" // the subcommand is not a literal, or unknown (unknown-command)
	}
	if c.Variadic {
		// The last argument may expand to any number of values, none
		// included: only an exact arity already exceeded is certain.
		if cmd.Arity > 0 && len(c.Args)-1 > cmd.Arity {
			return fmt.Sprintf("%s takes %s after the command name, this call passes at least %d",
				cmd.Name, CountArgs(cmd.Arity-words), len(c.Args)-1-words), wrong() + synopsisHint(cmd)
		}
		return "", ""
	}
	if cmd.CheckArity(len(c.Args)) {
		return "", ""
	}
	need := ""
	if cmd.Arity > 0 {
		need = CountArgs(cmd.Arity - words)
	} else {
		need = "at least " + CountArgs(-cmd.Arity-words)
	}
	return fmt.Sprintf("%s takes %s after the command name, this call passes %d",
		cmd.Name, need, len(c.Args)-words), wrong() + synopsisHint(cmd)
}

// ArityHeadline is arityProblem's headline: empty when the target accepts
// the count.
func ArityHeadline(c *model.Call, t target.Target) string {
	h, _ := ArityProblem(c, t)
	return h
}

// CountArgs says n arguments in words ("1 argument", "3 arguments").
func CountArgs(n int) string {
	if n == 1 {
		return "1 argument"
	}
	return fmt.Sprintf("%d arguments", n)
}

// subcommandList names a container's subcommands, or a few and HELP.
func subcommandList(cmd *redisdb.Command) string {
	names := cmd.SubNames()
	if len(names) > 6 {
		return strings.Join(names[:6], ", ") + ", ..."
	}
	return strings.Join(names, ", ")
}

// synopsisHint is " (usage: GET key)" when the usage line is short enough
// to help in a message.
func synopsisHint(cmd *redisdb.Command) string {
	parts := []string{cmd.Name}
	for _, a := range cmd.Args {
		parts = append(parts, synopsis(a))
	}
	s := strings.Join(parts, " ")
	if len(s) > 80 {
		return ""
	}
	return " (usage: " + s + ")"
}

// synopsis renders one argument the way Redis's documentation does:
// `key`, `[EX seconds]`, `NX|XX`, `member [member ...]`.
func synopsis(a redisdb.Arg) string {
	var s string
	switch a.Type {
	case "pure-token":
		s = a.Token
	case "oneof":
		var alts []string
		for _, x := range a.Args {
			alts = append(alts, synopsis(x))
		}
		s = strings.Join(alts, "|")
		if a.Token != "" {
			s = a.Token + " " + s
		}
	case "block":
		var seq []string
		for _, x := range a.Args {
			seq = append(seq, synopsis(x))
		}
		s = strings.Join(seq, " ")
		if a.Token != "" {
			s = a.Token + " " + s
		}
	default:
		s = a.Name
		if a.Token != "" {
			s = a.Token + " " + s
		}
	}
	if a.Multiple {
		s = s + " [" + s + " ...]"
	}
	if a.Optional {
		s = "[" + s + "]"
	}
	return s
}

// FirstArg is the argv index of a command's first argument: 1, or 2 after a
// container and its subcommand.
func FirstArg(cmd *redisdb.Command) int {
	if strings.Contains(cmd.Name, " ") {
		return 2
	}
	return 1
}

// CallArgv is a call's argv as redisdb's key functions take it: each
// argument's literal text, or nil when it is not a literal.
func CallArgv(c *model.Call) []*string {
	argv := make([]*string, len(c.Args))
	for j := range c.Args {
		if s, ok := c.Literal(j); ok {
			argv[j] = &s
		}
	}
	return argv
}

// UndeclaredKey reports whether argument i of c is a key that the command
// does not declare (JSON.MGET's keys after the first, CMS.MERGE's sources:
// redis-facts.md H18, H21): the module reads it, but Redis's own cluster
// checks and ACL key patterns do not see it.
func UndeclaredKey(c *model.Call, i int) bool {
	return c.Command != nil && c.Command.UndeclaredKeys && !c.Command.DeclaredKey(CallArgv(c), i)
}

// UndeclaredNote is what a key finding adds for a key the command does not
// declare.
func UndeclaredNote(c *model.Call) string {
	return fmt.Sprintf("; %s declares only some of its keys, and Redis's own cluster and ACL checks do not see this one: on a cluster the module reads it on the node the script runs on, whether it lives there or not", c.Command.Name)
}

// KeptWrites names the first write the script made before the unpack,
// which stays when it fails.
func KeptWrites(m *model.Model, call *ast.FuncCallExpr) string {
	if w := FirstWriteBefore(m, call); w != nil {
		return fmt.Sprintf(", and the writes made before it (from line %d) are kept", m.Range(w.Expr).Start.Line)
	}
	return ""
}

// FirstWriteBefore returns the first write command of the function that
// ends before the unpack at e starts (in source order), if any.
func FirstWriteBefore(m *model.Model, e *ast.FuncCallExpr) *model.Call {
	fn := m.FuncOf(e)
	at := m.Range(e).Start
	for _, c := range m.Calls {
		if c.Func == fn && c.Command != nil && c.Command.IsWrite() && !at.Less(m.Range(c.Expr).End) {
			return c
		}
	}
	return nil
}

// TtlArg is the index of the argument of c that is a relative time to live
// (SETEX's seconds, SET's EX/PX value, EXPIRE's seconds), or -1.
func TtlArg(c *model.Call) int {
	if c.Command == nil {
		return -1
	}
	switch c.Command.Name {
	case "SETEX", "PSETEX", "EXPIRE", "PEXPIRE":
		if len(c.Args) > 2 {
			return 2
		}
	case "SET", "GETEX":
		for _, tok := range []string{"EX", "PX"} {
			if i := c.TokenIndex(tok); i > 1 && i+1 < len(c.Args) {
				return i + 1
			}
		}
	}
	return -1
}
