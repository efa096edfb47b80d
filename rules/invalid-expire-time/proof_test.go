package invalidexpiretime_test

import (
	"os"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofTTLReplyAsTTL: a TTL reply reused as EXPIRE's time deletes the
// key in its last half second (TTL replies 0 below 500 ms: Redis rounds),
// and a PTTL reply of a key without expiry (-1) makes SET ... PX fail with
// 'invalid expire time'. The rule reports both forms of the fixture, and
// not the reply checked first or moved above 0.
func TestProofTTLReplyAsTTL(t *testing.T) {
	src, err := os.ReadFile("testdata/ttl_reply.lua")
	if err != nil {
		t.Fatal(err)
	}
	release := "local counter = redis.call('hincrby', KEYS[1], ARGV[1], -1)\nif counter > 0 then\n  redis.call('expire', KEYS[1], redis.call('ttl', KEYS[1]))\nend\nreturn counter"
	copyTTL := "local left = redis.call('PTTL', KEYS[1])\nreturn redis.call('SET', KEYS[2], ARGV[1], 'PX', left)"
	for _, s := range []string{release, copyTTL} {
		if !ruletest.Flags(t, "invalid-expire-time", s) {
			t.Errorf("%q is not flagged", s)
		}
	}
	if got := len(ruletest.RuleFindings("invalid-expire-time", string(src))); got != 2 {
		t.Errorf("the fixture gave %d findings, want 2", got)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		// Held twice, 400 ms left: one release deletes the lock. The
		// setup runs in the same script as the release, so no time passes
		// between them (Redis does not expire keys while a script runs).
		setup := "redis.call('DEL', KEYS[1])\nredis.call('HSET', KEYS[1], ARGV[1], 2)\nredis.call('PEXPIRE', KEYS[1], 400)\nlocal seen = redis.call('TTL', KEYS[1])\n"
		r := c.MustEval(t, setup+strings.Replace(release, "return counter", "return {seen, counter, redis.call('EXISTS', KEYS[1])}", 1), []string{"proof:lock"}, "owner")
		if r.Kind != redistest.Array || len(r.Array) != 3 || r.Array[0].Int != 0 || r.Array[1].Int != 1 || r.Array[2].Int != 0 {
			t.Errorf("TTL with 400 ms left, the count, and EXISTS after the release gave %s, want 0, 1, 0", r)
		}
		// With 30 s left the same release keeps it.
		c.MustDo(t, "HSET", "proof:lock", "owner", "2")
		c.MustDo(t, "EXPIRE", "proof:lock", "30")
		c.MustEval(t, release, []string{"proof:lock"}, "owner")
		if r := c.MustDo(t, "HGET", "proof:lock", "owner"); r.Str != "1" {
			t.Errorf("with 30 s left the count is %s, want 1", r)
		}
		// A source without expiry: PTTL -1, and SET ... PX -1 fails.
		c.MustDo(t, "SET", "proof:src", "v")
		r = c.MustEval(t, copyTTL, []string{"proof:src", "proof:dst"}, "x")
		if r.Kind != redistest.Error || !strings.Contains(r.Str, "invalid expire time") {
			t.Errorf("SET PX of a PTTL of -1 gave %s", r)
		}
		c.MustDo(t, "DEL", "proof:lock", "proof:src", "proof:dst")
	})
}
