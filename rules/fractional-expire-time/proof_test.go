package fractionalexpiretime_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofFractionalExpireTime: 1500 ms divided by 1000 is 1.5, which
// EXPIRE refuses after the SET before it ran (the value stays, with no
// expiry); rounded, it works. The other commands that take a time refuse a
// fraction the same way.
// fractionalTimes pass each command a time with a fraction for most
// arguments (1501 in the proof).
var fractionalTimes = []string{
	"return redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) / 2)",
	"return redis.call('SETEX', KEYS[1], ARGV[2] / 1000, 'v')",
	"return redis.call('SET', KEYS[1], 'v', 'EX', ARGV[2] / 1000)",
	"return redis.call('EXPIREAT', KEYS[1], 1900000000 + ARGV[2] / 1000)",
	"return redis.call('GETEX', KEYS[1], 'PX', ARGV[2] / 7)",
}

func TestProofFractionalExpireTime(t *testing.T) {
	const id = "fractional-expire-time"
	keys := []string{"proof:frac"}
	ruletest.ProveBadGood(t, id, keys, []string{"v", "1500"}, "ERR value is not an integer or out of range")
	for _, src := range fractionalTimes {
		if n := len(ruletest.OperandFindings(id, src)); n != 1 {
			t.Errorf("%q gets %d findings, want 1", src, n)
		}
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		r := ruletest.Cat.ByID(id)
		c.MustDo(t, "DEL", keys[0])
		c.MustEval(t, r.Doc.Bad, keys, "v", "1500")
		if got := c.MustDo(t, "GET", keys[0]); got.Str != "v" {
			t.Errorf("after Bad, GET gave %s, want the value the SET before the failure wrote", got)
		}
		if got := c.MustDo(t, "TTL", keys[0]); got.Int != -1 {
			t.Errorf("after Bad, TTL gave %s, want -1 (no expiry)", got)
		}
		for _, src := range fractionalTimes {
			if got := c.MustEval(t, src, keys, "v", "1501"); got.Kind != redistest.Error || !strings.Contains(got.Str, "ERR value is not an integer or out of range") {
				t.Errorf("%q gave %s, want 'ERR value is not an integer or out of range'", src, got)
			}
		}
		c.MustDo(t, "DEL", keys[0])
	})
}
