package rules_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofInvalidExpireTime: with burst below rate / 2 the Bad example's
// SETEX fails with 'invalid expire time' and the Good one's clamp stores the
// key; EXPIRE with 0 deletes the key at once.
func TestProofInvalidExpireTime(t *testing.T) {
	const id = "invalid-expire-time"
	r := ruletest.Cat.ByID(id)
	if !ruletest.Flags(t, id, r.Doc.Bad) || ruletest.Flags(t, id, r.Doc.Good) {
		t.Errorf("Bad flagged %v, Good flagged %v; want true, false", ruletest.Flags(t, id, r.Doc.Bad), ruletest.Flags(t, id, r.Doc.Good))
	}
	src := "redis.call('SET', KEYS[1], 'v')\nredis.call('EXPIRE', KEYS[1], redis.call('LLEN', KEYS[2]) * 10)\nreturn redis.call('EXISTS', KEYS[1])"
	if !ruletest.Flags(t, id, src) {
		t.Errorf("%q is not flagged", src)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:ttl"}
		c.MustDo(t, "DEL", keys[0])
		bad := c.MustEval(t, r.Doc.Bad, keys, "1", "10")
		if bad.Kind != redistest.Error || !strings.Contains(bad.Str, "invalid expire time in 'setex' command") {
			t.Errorf("Bad with burst 1, rate 10 gave %s", bad)
		}
		good := c.MustEval(t, r.Doc.Good, keys, "1", "10")
		if good.Kind != redistest.Integer || good.Int != 1 {
			t.Errorf("Good with burst 1, rate 10 gave %s, want 1", good)
		}
		if ttl := c.MustDo(t, "TTL", keys[0]); ttl.Int != 1 {
			t.Errorf("TTL after Good = %s, want 1", ttl)
		}
		if got := c.MustEval(t, src, []string{"proof:ttl", "proof:nolist"}); got.Int != 0 {
			t.Errorf("EXPIRE 0 left the key: EXISTS %s", got)
		}
		c.MustDo(t, "DEL", keys[0])
	})
}

// TestProofDivisionByZero: dividing by an empty list's LLEN replies
// INT64_MIN and stores "inf"; the Good example's check replies 0.
func TestProofDivisionByZero(t *testing.T) {
	const id = "division-by-zero"
	r := ruletest.Cat.ByID(id)
	if !ruletest.Flags(t, id, r.Doc.Bad) || ruletest.Flags(t, id, r.Doc.Good) {
		t.Errorf("Bad flagged %v, Good flagged %v; want true, false", ruletest.Flags(t, id, r.Doc.Bad), ruletest.Flags(t, id, r.Doc.Good))
	}
	src := "redis.call('SET', KEYS[2], 10 / redis.call('LLEN', KEYS[1]))\nreturn redis.call('GET', KEYS[2])"
	if !ruletest.Flags(t, id, src) {
		t.Errorf("%q is not flagged", src)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:empty", "proof:count"}
		c.MustDo(t, "DEL", keys[0], keys[1])
		if got := c.MustEval(t, r.Doc.Bad, keys); got.Kind != redistest.Integer || got.Int != -9223372036854775808 {
			t.Errorf("Bad over an empty list gave %s, want -9223372036854775808", got)
		}
		if got := c.MustEval(t, r.Doc.Good, keys); got.Kind != redistest.Integer || got.Int != 0 {
			t.Errorf("Good over an empty list gave %s, want 0", got)
		}
		if got := c.MustEval(t, src, keys); got.Str != "inf" {
			t.Errorf("stored quotient = %s, want inf", got)
		}
		c.MustDo(t, "DEL", keys[0], keys[1])
	})
}

// TestProofExpireTimeForms: the other forms invalid-expire-time checks
// behave as its documentation says on Redis: PSETEX, SET EX/PX and GETEX
// refuse a time of 0 with 'invalid expire time', and PEXPIRE takes it and
// deletes the key.
func TestProofExpireTimeForms(t *testing.T) {
	const id = "invalid-expire-time"
	zero := "redis.call('LLEN', KEYS[2]) * 10"
	refused := map[string]string{
		"psetex": "return redis.call('PSETEX', KEYS[1], " + zero + ", 'v')",
		"set":    "return redis.call('SET', KEYS[1], 'v', 'PX', " + zero + ")",
		"getex":  "redis.call('SET', KEYS[1], 'v')\nreturn redis.call('GETEX', KEYS[1], 'EX', " + zero + ")",
	}
	for _, src := range refused {
		if !ruletest.Flags(t, id, src) {
			t.Errorf("%q is not flagged", src)
		}
	}
	src := "redis.call('SET', KEYS[1], 'v')\nredis.call('PEXPIRE', KEYS[1], " + zero + ")\nreturn redis.call('EXISTS', KEYS[1])"
	if !ruletest.Flags(t, id, src) {
		t.Errorf("%q is not flagged", src)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:ttlforms", "proof:nolist"}
		for cmd, src := range refused {
			c.MustDo(t, "DEL", keys[0], keys[1])
			if r := c.MustEval(t, src, keys); r.Kind != redistest.Error || !strings.Contains(r.Str, "invalid expire time in '"+cmd+"' command") {
				t.Errorf("%q gave %s, want invalid expire time", src, r)
			}
		}
		if r := c.MustEval(t, src, keys); r.Kind != redistest.Integer || r.Int != 0 {
			t.Errorf("PEXPIRE 0 left the key: EXISTS %s", r)
		}
		c.MustDo(t, "DEL", keys[0])
	})
}

// TestProofDivisionByZeroNaN: 0 / 0 and x % 0 are nan in Lua; stored with
// SET or HSET they are the text "-nan", and returned they are INT64_MIN.
func TestProofDivisionByZeroNaN(t *testing.T) {
	const id = "division-by-zero"
	stored := []string{
		"redis.call('SET', KEYS[1], 0 / redis.call('LLEN', KEYS[2]))\nreturn redis.call('GET', KEYS[1])",
		"redis.call('HSET', KEYS[1], 'f', 5 % redis.call('LLEN', KEYS[2]))\nreturn redis.call('HGET', KEYS[1], 'f')",
	}
	for _, src := range stored {
		if !ruletest.Flags(t, id, src) {
			t.Errorf("%q is not flagged", src)
		}
	}
	src := "return 5 % redis.call('LLEN', KEYS[2])"
	if !ruletest.Flags(t, id, src) {
		t.Errorf("%q is not flagged", src)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:nan", "proof:empty"}
		c.MustDo(t, "DEL", keys[0], keys[1])
		for _, src := range stored {
			if r := c.MustEval(t, src, keys); r.Str != "-nan" {
				t.Errorf("%q stored %s, want -nan", src, r)
			}
			c.MustDo(t, "DEL", keys[0])
		}
		if r := c.MustEval(t, src, keys); r.Kind != redistest.Integer || r.Int != -9223372036854775808 {
			t.Errorf("%q gave %s, want -9223372036854775808", src, r)
		}
	})
}
