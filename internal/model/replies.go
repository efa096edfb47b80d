package model

import (
	"strings"

	"github.com/lint-lua/lint-lua/internal/redisdb"
)

// ReplyKind is the set of reply kinds this call site may receive: the
// command table's, narrowed by the options that decide SET's reply (a plain
// SET only replies the status OK; only SET ... GET replies a bulk string;
// only NX, XX or GET make it reply null). 0 when the command is unknown or
// the table does not say.
func (c *Call) ReplyKind() redisdb.ReplyKind {
	if c.Command == nil {
		return 0
	}
	k := c.Command.Reply
	if c.Name == "SET" {
		if !c.HasToken("NX") && !c.HasToken("XX") && !c.HasToken("GET") {
			k = redisdb.ReplyStatus
		}
		if !c.HasToken("GET") {
			k &^= redisdb.ReplyBulk
		}
	}
	// ZADD replies the number of members added, an integer; only with
	// INCR does it reply the new score, or null when NX, XX, GT or LT
	// stopped the increment.
	if c.Name == "ZADD" && !c.HasToken("INCR") {
		k = redisdb.ReplyInteger
	}
	return k
}

// ArgTypeAt is the type the command table gives argument i of the call
// ("integer", "double", "key", "string"...), or "" when it cannot tell: the
// type of the argument a literal token before it introduces (`'EX', ttl`),
// or else of the fixed argument at that place (EXPIRE key seconds).
func (c *Call) ArgTypeAt(i int) string {
	if c.Command == nil || i < 1 || i >= len(c.Args) {
		return ""
	}
	if tok, ok := c.Literal(i - 1); ok && i > 1 {
		if t := tokenArgType(c.Command.Args, tok); t != "" {
			return t
		}
	}
	// Fixed arguments: those before the first optional or repeated one.
	// A subcommand's argv counts its container and its own name.
	at := 1
	if strings.Contains(c.Command.Name, " ") {
		at = 2
	}
	for _, a := range c.Command.Args {
		if a.Optional || a.Multiple || a.Type == "block" || a.Type == "oneof" || a.Token != "" {
			return ""
		}
		if at == i {
			return a.Type
		}
		at++
	}
	return ""
}

// tokenArgType finds, in an argument tree, the argument that token
// introduces, and returns its type.
func tokenArgType(args []redisdb.Arg, token string) string {
	for _, a := range args {
		if a.Token != "" && strings.EqualFold(a.Token, token) && a.Type != "pure-token" {
			return a.Type
		}
		if t := tokenArgType(a.Args, token); t != "" {
			return t
		}
	}
	return ""
}
