package stubs

import (
	"slices"
	"strings"

	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/target"
)

// scriptCommand is a command a script on the target may call: a top-level
// command, or a container's subcommand (Sub != "").
type scriptCommand struct {
	Name, Sub string
	Command   *redisdb.Command // as the target runs it
}

// scriptCommands lists the commands scripts on the target may call, sorted
// by name then subcommand: the server's and the loaded modules', available
// at the target's version (target.Check), less those redis.call refuses
// there (target.NoScript). A container is listed by its subcommands only,
// since called alone it fails.
func scriptCommands(t target.Target) []scriptCommand {
	var out []scriptCommand
	add := func(name, sub string) {
		a := t.Check(name, sub)
		if a.Status != target.Available || t.NoScript(a.Command) {
			return
		}
		out = append(out, scriptCommand{Name: name, Sub: sub, Command: a.Command})
	}
	for _, c := range append(t.Table().All(), redisdb.ModuleTable.All()...) {
		if len(c.Subcommands) == 0 {
			add(c.Name, "")
			continue
		}
		for _, s := range c.Subcommands {
			add(c.Name, s.SubName())
		}
	}
	slices.SortFunc(out, func(a, b scriptCommand) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.Sub, b.Sub)
	})
	return slices.CompactFunc(out, func(a, b scriptCommand) bool { return a.Name == b.Name && a.Sub == b.Sub })
}

// Lua types of the replies, as a script receives them under RESP2, the
// protocol of redis.call unless the script calls redis.setresp(3)
// (redis-facts.md A1, A4, A5).
const (
	luaNull   = "false"        // a null bulk or array reply (A1)
	luaStatus = "{ok: string}" // a status reply (A4)
	luaError  = "{err: string}"
	luaArray  = "any[]"
)

// replyType is the LuaLS type of what redis.call returns for a reply of
// kind k: a bulk string and a double (a bulk string in RESP2) are strings,
// an integer an integer, a status a table with ok, an array or a map (a
// flat array in RESP2) a table, a null reply false. A command whose table
// does not say (EVAL, FCALL, module commands) returns any.
func replyType(k redisdb.ReplyKind) string {
	if k == 0 {
		return "any"
	}
	var parts []string
	add := func(has redisdb.ReplyKind, typ string) {
		if k&has != 0 && !slices.Contains(parts, typ) {
			parts = append(parts, typ)
		}
	}
	add(redisdb.ReplyBulk|redisdb.ReplyDouble, "string")
	add(redisdb.ReplyInteger, "integer")
	add(redisdb.ReplyStatus, luaStatus)
	add(redisdb.ReplyArray|redisdb.ReplyMap, luaArray)
	add(redisdb.ReplyNull, luaNull)
	return strings.Join(parts, "|")
}

// pcallType is what redis.pcall returns: the reply, or a table with err
// for an error reply (A5).
func pcallType(k redisdb.ReplyKind) string {
	if k == 0 {
		return "any"
	}
	return replyType(k) + "|" + luaError
}

// commandParams are the parameters of a command's overload after its name
// (and subcommand): the leading arguments every call passes, each named
// for the argument (a key is a string, any other value a string or a
// number, as redis.call takes them), and a final `...` when a call may
// pass more, or its argument list goes on with optional, repeated or
// alternative parts.
func commandParams(sc scriptCommand) []param {
	c := sc.Command
	words := 1 // the command name
	if sc.Sub != "" {
		words = 2
	}
	var out []param
	seen := map[string]int{}
	i := 0
	for ; i < len(c.Args); i++ {
		a := c.Args[i]
		if a.Optional || a.Multiple || a.Token != "" || a.Type == "oneof" || a.Type == "block" || a.Type == "pure-token" {
			break
		}
		typ := "string|number"
		if a.Type == "key" {
			typ = "string"
		}
		out = append(out, param{Name: paramName(a.Name, seen), Type: typ})
	}
	if c.Arity < 0 && words+len(out) > -c.Arity {
		// The argument list asks for more than the arity (FT.CONFIG SET
		// in the modules' table): the arity is what Redis checks.
		out = out[:max(-c.Arity-words, 0)]
	}
	exact := c.Arity >= 0 && i == len(c.Args) && words+len(out) == c.Arity
	if !exact {
		out = append(out, param{Name: "...", Type: "string|number"})
	}
	return out
}

// luaKeywords are the names a parameter may not take.
var luaKeywords = map[string]bool{
	"and": true, "break": true, "do": true, "else": true, "elseif": true, "end": true, "false": true, "for": true,
	"function": true, "if": true, "in": true, "local": true, "nil": true, "not": true, "or": true, "repeat": true,
	"return": true, "then": true, "true": true, "until": true, "while": true,
}

// paramName makes an argument's name a Lua name unique among the
// parameters: "end" becomes "end_", "max-len" "max_len", a second "key"
// "key2".
func paramName(name string, seen map[string]int) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9' && b.Len() > 0, r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	n := b.String()
	if n == "" || n[0] == '_' {
		n = "arg" + n
	}
	if luaKeywords[n] {
		n += "_"
	}
	seen[n]++
	if k := seen[n]; k > 1 {
		n += string(rune('0' + k%10))
	}
	return n
}

// nameType is the LuaLS type of a command or subcommand name as scripts
// write it: upper or lower case ("GET"|"get"), as Redis ignores case.
func nameType(name string) string {
	up, low := strings.ToUpper(name), strings.ToLower(name)
	if up == low {
		return `"` + up + `"`
	}
	return `"` + up + `"|"` + low + `"`
}
