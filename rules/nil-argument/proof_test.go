package nilargument_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofNilArgument runs the rule's Bad example on Redis: with the source
// key missing, GET replies false and SET of it fails (facts C13) after the
// script's earlier writes are kept; the Good example returns instead. The
// other values the rule reports (true, a table, a function, tonumber of a
// missing field) fail the same way.
func TestProofNilArgument(t *testing.T) {
	ruletest.ProveBadGoodFor(t, "nil-argument", []string{"proof:missing", "proof:dst"}, nil, ruletest.ArgsError)
	partial := "redis.call('SET', KEYS[3], 'written')\nlocal v = redis.call('GET', KEYS[1])\nreturn redis.call('SET', KEYS[2], v)"
	if !ruletest.Flags(t, "nil-argument", partial) {
		t.Error("partial is not flagged")
	}
	failing := []string{
		"return redis.call('SET', KEYS[1], true)",
		"return redis.call('SET', KEYS[1], {ARGV[1]})",
		"return redis.call('SET', KEYS[1], ARGV[1] == 'x')",
		"local n = tonumber(redis.call('HGET', KEYS[2], 'f'))\nreturn redis.call('SET', KEYS[1], n)",
		"local x\nif ARGV[1] == 'x' then\n  local x = 1\nend\nreturn redis.call('SET', KEYS[1], x)",
	}
	for _, src := range failing {
		if !ruletest.Flags(t, "nil-argument", src) {
			t.Errorf("%q is not flagged", src)
		}
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		tg := redistest.ServerTarget(t, c)
		// With the key present both work: the bug shows only when data is
		// missing.
		c.MustDo(t, "SET", "proof:src", "v")
		rule := ruletest.Cat.ByID("nil-argument")
		for _, src := range []string{rule.Doc.Bad, rule.Doc.Good} {
			if r := c.MustEval(t, src, []string{"proof:src", "proof:dst"}); r.Kind != redistest.Status {
				t.Errorf("with the key present %q gave %s", src, r)
			}
		}
		// Earlier writes persist.
		if r := c.MustEval(t, partial, []string{"proof:missing", "proof:dst", "proof:side"}); r.Kind != redistest.Error || !strings.Contains(r.Str, ruletest.ArgsError(tg)) {
			t.Errorf("partial gave %s", r)
		}
		if r := c.MustDo(t, "GET", "proof:side"); r.Str != "written" {
			t.Errorf("the write before the failure was not kept: %s", r)
		}
		for _, src := range failing {
			if r := c.MustEval(t, src, []string{"proof:dst", "proof:missing"}, "x"); r.Kind != redistest.Error || !strings.Contains(r.Str, ruletest.ArgsError(tg)) {
				t.Errorf("%q gave %s", src, r)
			}
		}
	})
}

// TestProofTypeGuard: TYPE k found 'list' shows the list has an element,
// because Redis deletes a list when its last element goes (TYPE then
// replies none), so the LPOP under it replies an element and is not
// reported; without the test, the pop of an emptied list replies null and
// the RPUSH of it fails.
func TestProofTypeGuard(t *testing.T) {
	guarded := "if redis.call('TYPE', KEYS[1]).ok == 'list' then\n  return redis.call('RPUSH', KEYS[2], redis.call('LPOP', KEYS[1]))\nend\nreturn 0"
	bare := "return redis.call('RPUSH', KEYS[2], redis.call('LPOP', KEYS[1]))"
	if ruletest.Flags(t, "nil-argument", guarded) {
		t.Error("the pop under TYPE == 'list' is flagged")
	}
	if !ruletest.Flags(t, "nil-argument", bare) {
		t.Error("the bare pop is not flagged")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		tg := redistest.ServerTarget(t, c)
		c.MustDo(t, "DEL", "proof:tl", "proof:td")
		c.MustDo(t, "RPUSH", "proof:tl", "a")
		if r := c.MustEval(t, guarded, []string{"proof:tl", "proof:td"}); r.Kind != redistest.Integer || r.Int != 1 {
			t.Errorf("guarded, one element: %s", r)
		}
		// The last element popped, the list is gone.
		if r := c.MustDo(t, "TYPE", "proof:tl"); r.Str != "none" {
			t.Errorf("TYPE of an emptied list: %s", r)
		}
		if r := c.MustEval(t, guarded, []string{"proof:tl", "proof:td"}); r.Kind != redistest.Integer || r.Int != 0 {
			t.Errorf("guarded, emptied: %s", r)
		}
		if r := c.MustEval(t, bare, []string{"proof:tl", "proof:td"}); r.Kind != redistest.Error || !strings.Contains(r.Str, ruletest.ArgsError(tg)) {
			t.Errorf("bare, emptied: %s", r)
		}
	})
}

// TestProofEmptyArrayElement: the first element of an array reply that may
// be empty (ZRANGE k 0 0, LRANGE, SPOP k n) is nil when the key is missing,
// and a command given it fails, also under a test of the table itself (a
// table is always true); a test of its length or of the element guards it.
func TestProofEmptyArrayElement(t *testing.T) {
	bad := []string{
		"local r = redis.call('ZRANGE', KEYS[1], 0, 0)\nredis.call('ZREM', KEYS[1], r[1])\nreturn 1",
		"local r = redis.call('ZRANGE', KEYS[1], 0, 0)\nif r ~= nil then\n  return redis.call('ZREM', KEYS[1], r[1])\nend\nreturn 0",
		"local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '+inf', 'LIMIT', 0, 1)\nreturn redis.call('LPUSH', KEYS[2], due[1])",
		"return redis.call('SADD', KEYS[2], redis.call('SPOP', KEYS[1], 1)[1])",
		"local items = redis.call('LRANGE', KEYS[1], 0, 0)\nreturn redis.call('SET', KEYS[2], items[1])",
	}
	good := []string{
		"local r = redis.call('ZRANGE', KEYS[1], 0, 0)\nif #r > 0 then\n  redis.call('ZREM', KEYS[1], r[1])\n  return 1\nend\nreturn 0",
		"local r = redis.call('ZRANGE', KEYS[1], 0, 0)\nif #r == 0 then\n  return 0\nend\nredis.call('ZREM', KEYS[1], r[1])\nreturn 1",
		"local items = redis.call('LRANGE', KEYS[1], 0, 0)\nif items[1] then\n  redis.call('SET', KEYS[2], items[1])\n  return 1\nend\nreturn 0",
		// A sorted set that exists holds a member (Redis deletes it with
		// its last one), so ZRANGE k 0 0 has a first element.
		"if redis.call('EXISTS', KEYS[1]) == 1 then\n  local r = redis.call('ZRANGE', KEYS[1], 0, 0)\n  redis.call('ZREM', KEYS[1], r[1])\n  return 1\nend\nreturn 0",
	}
	for _, src := range bad {
		if !ruletest.Flags(t, "nil-argument", src) {
			t.Errorf("%q is not flagged", src)
		}
	}
	for _, src := range good {
		if ruletest.Flags(t, "nil-argument", src) {
			t.Errorf("%q is flagged", src)
		}
	}
	// Written just before, the sorted set holds a member: ZREVRANGE k 0 0
	// WITHSCORES replies {member, score}, so [2] is the score and [3] nil.
	scores := "redis.call('ZADD', KEYS[1], 5, 'm')\nlocal top = redis.call('ZREVRANGE', KEYS[1], 0, 0, 'WITHSCORES')\nreturn redis.call('SET', KEYS[2], top[%d])"
	if ruletest.Flags(t, "nil-argument", fmt.Sprintf(scores, 2)) {
		t.Errorf("%q is flagged", fmt.Sprintf(scores, 2))
	}
	if !ruletest.Flags(t, "nil-argument", fmt.Sprintf(scores, 3)) {
		t.Errorf("%q is not flagged", fmt.Sprintf(scores, 3))
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		tg := redistest.ServerTarget(t, c)
		keys := []string{"proof:zs", "proof:zsdst"}
		if r := c.MustEval(t, "redis.call('ZADD', KEYS[1], 5, 'm')\nreturn redis.call('ZREVRANGE', KEYS[1], 0, 0, 'WITHSCORES')", keys); r.Kind != redistest.Array || len(r.Array) != 2 || r.Array[0].Str != "m" || r.Array[1].Str != "5" {
			t.Errorf("ZREVRANGE k 0 0 WITHSCORES after ZADD gave %s, want [m 5]", r)
		}
		if r := c.MustEval(t, fmt.Sprintf(scores, 2), keys); r.Kind != redistest.Status || r.Str != "OK" {
			t.Errorf("element 2 gave %s, want OK", r)
		}
		if r := c.MustEval(t, fmt.Sprintf(scores, 3), keys); r.Kind != redistest.Error || !strings.Contains(r.Str, ruletest.ArgsError(tg)) {
			t.Errorf("element 3 gave %s, want %q", r, ruletest.ArgsError(tg))
		}
		c.MustDo(t, "DEL", keys[0], keys[1])
		for _, src := range bad {
			if r := c.MustEval(t, src, []string{"proof:empty", "proof:dst"}); r.Kind != redistest.Error || !strings.Contains(r.Str, ruletest.ArgsError(tg)) {
				t.Errorf("%q on a missing key gave %s, want %q", src, r, ruletest.ArgsError(tg))
			}
		}
		for _, src := range good {
			if r := c.MustEval(t, src, []string{"proof:empty", "proof:dst"}); r.Kind != redistest.Integer || r.Int != 0 {
				t.Errorf("%q on a missing key gave %s, want 0", src, r)
			}
		}
		// With an element there, the good forms take it.
		for i, src := range good {
			c.MustDo(t, "ZADD", "proof:z", "1", "m")
			c.MustDo(t, "RPUSH", "proof:l", "m")
			key := "proof:z"
			if i == 2 {
				key = "proof:l"
			}
			if r := c.MustEval(t, src, []string{key, "proof:dst"}); r.Kind != redistest.Integer || r.Int != 1 {
				t.Errorf("%q with an element gave %s, want 1", src, r)
			}
		}
	})
}

// TestProofPatternCapture: a capture of string.match is nil when the data
// does not match (kiq's deschedule.lua reads a job's queue with (%w+), and
// `low_priority` has an underscore): SADD of it fails after the ZREM ran,
// so the job is gone from the schedule and in no queue. The rule reports
// it at warning; the capture tested first is not reported.
func TestProofPatternCapture(t *testing.T) {
	bad := "local jobs = redis.call('ZRANGEBYSCORE', KEYS[1], '0', ARGV[1])\nfor _, job in ipairs(jobs) do\n  redis.call('ZREM', KEYS[1], job)\n  local queue = string.match(job, '\"queue\":\"(%w+)\"')\n  redis.call('SADD', KEYS[2], queue)\n  redis.call('LPUSH', KEYS[3] .. queue, job)\nend\nreturn #jobs"
	good := strings.Replace(bad, "  redis.call('SADD', KEYS[2], queue)\n  redis.call('LPUSH', KEYS[3] .. queue, job)\n", "  if queue then\n    redis.call('SADD', KEYS[2], queue)\n    redis.call('LPUSH', KEYS[3] .. queue, job)\n  end\n", 1)
	var got []diag.Diagnostic
	for _, d := range ruletest.LintSource("case.lua", []byte(bad), ruletest.Cat.All(), nil) {
		if d.Rule == "nil-argument" {
			got = append(got, d)
		}
	}
	if len(got) != 1 || got[0].Severity != diag.SeverityWarning {
		t.Errorf("the capture passed to SADD gave %v, want one warning", got)
	}
	if ruletest.Flags(t, "nil-argument", good) {
		t.Error("the capture tested first is flagged")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		tg := redistest.ServerTarget(t, c)
		keys := []string{"proof:retry", "proof:queues", "proof:queue:"}
		job := `{"class":"W","queue":"low_priority","jid":"abc123"}`
		c.MustDo(t, "DEL", "proof:retry", "proof:queues", "proof:queue:low_priority")
		c.MustDo(t, "ZADD", "proof:retry", "1", job)
		if r := c.MustEval(t, bad, keys, "100"); r.Kind != redistest.Error || !strings.Contains(r.Str, ruletest.ArgsError(tg)) {
			t.Errorf("the job of queue low_priority gave %s", r)
		}
		if r := c.MustDo(t, "ZCARD", "proof:retry"); r.Int != 0 {
			t.Errorf("the ZREM before the failure was not kept: ZCARD %s", r)
		}
		c.MustDo(t, "ZADD", "proof:retry", "1", job)
		if r := c.MustEval(t, good, keys, "100"); r.Kind != redistest.Integer || r.Int != 1 {
			t.Errorf("the guarded script gave %s", r)
		}
		c.MustDo(t, "DEL", "proof:retry", "proof:queues")
	})
}
