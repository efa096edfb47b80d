package scriptforbiddencommand_test

import (
	"strings"
	"testing"
	"time"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofScriptForbiddenCommand runs every command redis-facts C13 lists
// as denied (flagged, and refused by Redis) and as allowed (not flagged, and
// run by Redis). Redis refuses a noscript command before running it, so the
// denied administration commands here do nothing to the test server.
func TestProofScriptForbiddenCommand(t *testing.T) {
	const id = "script-forbidden-command"
	r := ruletest.Cat.ByID(id)
	if ruletest.FlaggedBy(id, r.Doc.Good) {
		t.Error("the Good example is flagged")
	}
	ruletest.ProveForTargets(t, func(t *testing.T, tg target.Target, c *redistest.Conn) {
		denied := ruletest.ServerText(t, tg, target.ErrNotAllowed)
		if c != nil {
			if got := c.MustEval(t, r.Doc.Good, []string{"k"}); got.Kind == redistest.Error {
				t.Errorf("Good gave %s", got)
			}
			c.MustDo(t, "RPUSH", "k", "job")
			if got := c.MustEval(t, r.Doc.Good, []string{"k"}); got.Str != "job" {
				t.Errorf("Good gave %s, want \"job\"", got)
			}
		}
		// Blocking commands: refused by Redis 7.0 (C13); from 7.2 and on
		// Valkey they answer at once (H11), and the rule warns.
		for _, src := range []string{
			r.Doc.Bad,
			"return redis.call('BLPOP', KEYS[1], 0)",
			"return redis.call('BLPOP', KEYS[1], 1)",
			"return redis.call('BRPOP', KEYS[1], 1)",
			"return redis.call('BRPOPLPUSH', KEYS[1], KEYS[1], 1)",
			"return redis.call('BLMOVE', KEYS[1], KEYS[1], 'LEFT', 'RIGHT', 1)",
			"return redis.call('BZPOPMIN', KEYS[1], 1)",
			"return redis.call('BZPOPMAX', KEYS[1], 1)",
			"return redis.call('WAIT', 0, 0)",
		} {
			if tg.BlockingRefused() {
				ruletest.CmdProve(t, c, id, src, tg, denied, "'"+denied+"'", "empty")
				continue
			}
			if c != nil {
				start := time.Now()
				got := c.MustEval(t, src, []string{"empty"})
				if got.Kind == redistest.Error || time.Since(start) > 500*time.Millisecond {
					t.Errorf("%q on %s gave %s after %s, want an answer at once", src, tg, got, time.Since(start))
				}
			}
			if ds := ruletest.CmdFindings(id, src, tg); len(ds) != 1 || ds[0].Severity != diag.SeverityWarning || !strings.Contains(ds[0].Message, "never blocks") {
				t.Errorf("%q on %s: findings %+v, want one warning that it never blocks", src, tg, ds)
			}
		}
		for _, src := range []string{
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
			ruletest.CmdProve(t, c, id, src, tg, denied, "'"+denied+"'", "k")
		}
		if c != nil {
			c.MustDo(t, "XADD", "s", "*", "f", "v")
			c.MustDo(t, "XGROUP", "CREATE", "s", "g", "0")
		}
		for _, tc := range []struct{ src, cmd string }{
			{"return redis.call('XREAD', 'BLOCK', 0, 'STREAMS', KEYS[1], '$')", "XREAD"},
			{"return redis.call('XREADGROUP', 'GROUP', 'g', 'c', 'COUNT', 1, 'block', 100, 'STREAMS', KEYS[1], '>')", "XREADGROUP"},
		} {
			if text, refused := tg.Error(target.ErrXReadBlock); refused {
				text = strings.Replace(text, "XREAD", tc.cmd, 1)
				ruletest.CmdProve(t, c, id, tc.src, tg, text, "'"+text+"'", "s")
				continue
			}
			if c != nil {
				if got := c.MustEval(t, tc.src, []string{"s"}); got.Kind == redistest.Error {
					t.Errorf("%q on %s gave %s", tc.src, tg, got)
				}
			}
			if ds := ruletest.CmdFindings(id, tc.src, tg); len(ds) != 1 || ds[0].Severity != diag.SeverityWarning {
				t.Errorf("%q on %s: findings %+v, want one warning", tc.src, tg, ds)
			}
		}
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
			ruletest.CmdProve(t, c, id, src, tg, "", "", "s")
		}
	})
}
