package rules

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
)

// TestProofScriptForbiddenCommand runs every command redis-facts C13 lists
// as denied (flagged, and refused by Redis) and as allowed (not flagged, and
// run by Redis). Redis refuses a noscript command before running it, so the
// denied administration commands here do nothing to the test server.
func TestProofScriptForbiddenCommand(t *testing.T) {
	const id = "script-forbidden-command"
	const denied = "ERR This Redis command is not allowed from script"
	r := ByID(id)
	c := redistest.Client(t)
	tg := redistest.ServerTarget(t, c)
	c.MustDo(t, "RPUSH", "k", "job")
	cmdProve(t, c, id, r.Doc.Bad, tg, denied, "'"+denied+"'", "k")
	if got := c.MustEval(t, r.Doc.Good, []string{"k"}); got.Str != "job" {
		t.Errorf("Good gave %s, want \"job\"", got)
	}
	if flaggedBy(id, r.Doc.Good) {
		t.Error("the Good example is flagged")
	}
	for _, src := range []string{
		"return redis.call('BLPOP', KEYS[1], 0)",
		"return redis.call('BLPOP', KEYS[1], 1)",
		"return redis.call('BRPOP', KEYS[1], 1)",
		"return redis.call('BRPOPLPUSH', KEYS[1], KEYS[1], 1)",
		"return redis.call('BLMOVE', KEYS[1], KEYS[1], 'LEFT', 'RIGHT', 1)",
		"return redis.call('BZPOPMIN', KEYS[1], 1)",
		"return redis.call('BZPOPMAX', KEYS[1], 1)",
		"return redis.call('WAIT', 0, 0)",
		"return redis.call('SUBSCRIBE', 'ch')",
		"return redis.call('PSUBSCRIBE', 'ch*')",
		"return redis.call('MULTI')",
		"return redis.call('EXEC')",
		"return redis.call('WATCH', KEYS[1])",
		"return redis.call('EVAL', 'return 1', 0)",
		"return redis.call('EVALSHA', 'e0e1f9fabfc9d4800c877a703b823ac0578ff8db', 0)",
		"return redis.call('FCALL', 'f', 0)",
		"return redis.call('SCRIPT', 'FLUSH')",
		"return redis.call('SCRIPT', 'EXISTS', 'x')",
		"return redis.call('FUNCTION', 'LIST')",
		"return redis.call('CLIENT', 'KILL', 'ID', '999999')",
		"return redis.call('CLIENT', 'LIST')",
		"return redis.call('CLIENT', 'SETNAME', 'x')",
		"return redis.call('CLIENT', 'ID')",
		"return redis.call('DEBUG', 'SLEEP', 0)",
		"return redis.call('DEBUG', 'OBJECT', KEYS[1])",
		"return redis.call('CONFIG', 'GET', 'maxmemory')",
		"return redis.call('CONFIG', 'SET', 'maxmemory', '0')",
		"return redis.call('SHUTDOWN', 'NOSAVE')",
		"return redis.call('SAVE')",
		"return redis.call('BGSAVE')",
		"return redis.call('MONITOR')",
		"return redis.call('AUTH', 'pw')",
		"return redis.call('HELLO')",
		"return redis.call('RESET')",
		"return redis.call('SYNC')",
		"return redis.call('QUIT')",
		"return redis.call('SLAVEOF', 'NO', 'ONE')",
		"return redis.call('REPLICAOF', 'NO', 'ONE')",
	} {
		cmdProve(t, c, id, src, tg, denied, "'"+denied+"'", "k")
	}
	c.MustDo(t, "XADD", "s", "*", "f", "v")
	c.MustDo(t, "XGROUP", "CREATE", "s", "g", "0")
	cmdProve(t, c, id, "return redis.call('XREAD', 'BLOCK', 0, 'STREAMS', KEYS[1], '$')", tg,
		"ERR XREAD command is not allowed with BLOCK option from scripts", "'ERR XREAD command is not allowed with BLOCK option from scripts'", "s")
	cmdProve(t, c, id, "return redis.call('XREADGROUP', 'GROUP', 'g', 'c', 'COUNT', 1, 'block', 100, 'STREAMS', KEYS[1], '>')", tg,
		"ERR XREADGROUP command is not allowed with BLOCK option from scripts", "'ERR XREADGROUP command is not allowed with BLOCK option from scripts'", "s")
	for _, src := range []string{
		"return redis.call('XREAD', 'COUNT', 1, 'STREAMS', KEYS[1], '0')",
		"return redis.call('KEYS', 'nothing:*')",
		"return redis.call('SCAN', 0)",
		"return redis.call('PUBLISH', 'ch', 'm')",
		"return redis.call('SELECT', 0)",
		"return redis.call('OBJECT', 'ENCODING', KEYS[1])",
		"return redis.call('PING')",
		"return redis.call('INFO', 'server')",
		"return redis.call('TIME')",
		"return redis.call('RANDOMKEY')",
		"return redis.call('SRANDMEMBER', 'set')",
		"return redis.call('SPOP', 'set')",
		"return redis.call('BLMPOP', 0, 1, 'nolist', 'LEFT')",
		"return redis.call('FLUSHDB')",
		"return redis.call('FLUSHALL', 'ASYNC')",
		"return redis.call('FLUSHALL')",
	} {
		cmdProve(t, c, id, src, tg, "", "", "s")
	}
}
