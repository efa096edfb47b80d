package model

import "github.com/lint-lua/lint-lua/internal/redisdb"

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
