package rules_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver/drivertest"
	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// fixProof is one script, the text lint-lua --fix makes of it, and the
// states both are run from. For each state the original's reply shows what
// it does (often the bug the rule names), and the fixed script's reply is
// what the original meant; after lists commands whose replies show the
// data each left behind.
type fixProof struct {
	rule   string
	src    string
	fixed  string
	keys   []string
	after  [][]string
	states []fixState
	// upTo is diag.Unsafe for an unsafe fix (--unsafe-fixes), whose
	// states show what changes.
	upTo diag.Applicability
}

type fixState struct {
	name  string
	setup [][]string
	args  []string
	// orig and fixed are the replies, then the after replies, joined
	// with " | ".
	orig, fixed string
}

// evalNorm runs a script and returns its reply as redis-cli prints it, an
// error without the "script: <sha>, on @user_script:N." suffix, followed
// by the replies of after.
func evalNorm(t *testing.T, c *redistest.Conn, src string, keys, args []string, after [][]string) string {
	t.Helper()
	parts := []string{norm(c.MustEval(t, src, keys, args...))}
	for _, cmd := range after {
		parts = append(parts, norm(c.MustDo(t, cmd...)))
	}
	return strings.Join(parts, " | ")
}

func norm(r redistest.Reply) string {
	s := r.String()
	if i := strings.Index(s, " script: "); r.Kind == redistest.Error && i >= 0 {
		s = s[:i]
	}
	return s
}

func runFixProofs(t *testing.T, proofs []fixProof) {
	t.Helper()
	// lint-lua's side first: the rule offers a fix, and --fix makes fixed.
	var fixedRight []fixProof
	for _, p := range proofs {
		ds := ruletest.LintSource("proof.lua", []byte(p.src), ruletest.Cat.All(), nil)
		fixable := false
		for _, d := range ds {
			if d.Rule == p.rule && d.Fix != nil && d.Fix.Applicability == p.upTo {
				fixable = true
			}
		}
		if !fixable {
			t.Errorf("%s offers no %s fix for:\n%s", p.rule, p.upTo, p.src)
			continue
		}
		res := drivertest.FixLua("proof.lua", []byte(p.src), ruletest.Cat.All(), p.upTo)
		if string(res.Src) != p.fixed {
			t.Errorf("fixed text:\n%s\nwant:\n%s", res.Src, p.fixed)
			continue
		}
		fixedRight = append(fixedRight, p)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		for _, p := range fixedRight {
			for _, st := range p.states {
				for _, run := range []struct {
					src, want, which string
				}{{p.src, st.orig, "original"}, {p.fixed, st.fixed, "fixed"}} {
					c.MustDo(t, "FLUSHALL")
					for _, cmd := range st.setup {
						c.MustDo(t, cmd...)
					}
					if got := evalNorm(t, c, run.src, p.keys, st.args, p.after); got != run.want {
						t.Errorf("%s, %s script:\n%s\ngave  %s\nwant  %s", st.name, run.which, run.src, got, run.want)
					}
				}
			}
		}
	})
}

// TestProofFixNilReplyCompare: `== nil` never sees the missing key (the
// original's bug); `not v` does. `~= nil` is always true; the fixed test
// is true only for a value.
func TestProofFixNilReplyCompare(t *testing.T) {
	runFixProofs(t, []fixProof{{
		rule:  "nil-reply-compare",
		src:   "local v = redis.call('HGET', KEYS[1], 'count')\nif v == nil then\n  return 'missing'\nend\nreturn v\n",
		fixed: "local v = redis.call('HGET', KEYS[1], 'count')\nif not v then\n  return 'missing'\nend\nreturn v\n",
		keys:  []string{"proof:h"},
		states: []fixState{
			{name: "field missing", orig: "(nil)", fixed: `"missing"`},
			{name: "field set", setup: [][]string{{"HSET", "proof:h", "count", "7"}}, orig: `"7"`, fixed: `"7"`},
		},
	}, {
		rule:  "nil-reply-compare",
		src:   "if redis.call('LPOP', KEYS[1]) ~= nil then\n  return 'popped'\nend\nreturn 'empty'\n",
		fixed: "if redis.call('LPOP', KEYS[1]) then\n  return 'popped'\nend\nreturn 'empty'\n",
		keys:  []string{"proof:l"},
		after: [][]string{{"LLEN", "proof:l"}},
		states: []fixState{
			{name: "empty list", orig: `"popped" | (integer) 0`, fixed: `"empty" | (integer) 0`},
			{name: "two items", setup: [][]string{{"RPUSH", "proof:l", "a", "b"}}, orig: `"popped" | (integer) 1`, fixed: `"popped" | (integer) 1`},
		},
	}, {
		// A value, not a condition: ~= false keeps it a boolean.
		rule:  "nil-reply-compare",
		src:   "local found = redis.call('GET', KEYS[1]) ~= nil\nreturn tostring(found)\n",
		fixed: "local found = redis.call('GET', KEYS[1]) ~= false\nreturn tostring(found)\n",
		keys:  []string{"proof:s"},
		states: []fixState{
			{name: "missing", orig: `"true"`, fixed: `"false"`},
			{name: "set", setup: [][]string{{"SET", "proof:s", "x"}}, orig: `"true"`, fixed: `"true"`},
		},
	}})
}

// TestProofFixReplyTypeCompare: a status reply is a table, so == 'OK' is
// always false; SET NX's reply itself says whether the key was set, and a
// never-null status reply's ok field holds the string.
func TestProofFixReplyTypeCompare(t *testing.T) {
	keys := []string{"proof:k"}
	after := [][]string{{"GET", "proof:k"}, {"TTL", "proof:k"}}
	held := [][]string{{"SET", "proof:k", "held", "EX", "100"}}
	runFixProofs(t, []fixProof{{
		rule:  "reply-type-compare",
		src:   "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', 10) == 'OK' then\n  return 1\nend\nreturn 0\n",
		fixed: "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', 10) then\n  return 1\nend\nreturn 0\n",
		keys:  keys, after: after,
		states: []fixState{
			{name: "free", args: []string{"me"}, orig: `(integer) 0 | "me" | (integer) 10`, fixed: `(integer) 1 | "me" | (integer) 10`},
			{name: "held", args: []string{"me"}, setup: held, orig: `(integer) 0 | "held" | (integer) 100`, fixed: `(integer) 0 | "held" | (integer) 100`},
		},
	}, {
		rule:  "reply-type-compare",
		src:   "local ok = redis.call('SET', KEYS[1], 'new', 'XX')\nreturn tostring(ok ~= 'OK')\n",
		fixed: "local ok = redis.call('SET', KEYS[1], 'new', 'XX')\nreturn tostring(not ok)\n",
		keys:  keys, after: [][]string{{"GET", "proof:k"}},
		states: []fixState{
			{name: "missing", orig: `"true" | (nil)`, fixed: `"true" | (nil)`},
			{name: "present", setup: held, orig: `"true" | "new"`, fixed: `"false" | "new"`},
		},
	}, {
		rule:  "reply-type-compare",
		src:   "local set = redis.call('SET', KEYS[1], 'v', 'NX') == 'OK'\nreturn tostring(set)\n",
		fixed: "local set = redis.call('SET', KEYS[1], 'v', 'NX') ~= false\nreturn tostring(set)\n",
		keys:  keys,
		states: []fixState{
			{name: "free", orig: `"false"`, fixed: `"true"`},
			{name: "held", setup: held, orig: `"false"`, fixed: `"false"`},
		},
	}, {
		rule:  "reply-type-compare",
		src:   "if redis.call('TYPE', KEYS[1]) == 'hash' then\n  return 'hash'\nend\nreturn 'other'\n",
		fixed: "if redis.call('TYPE', KEYS[1]).ok == 'hash' then\n  return 'hash'\nend\nreturn 'other'\n",
		keys:  keys,
		states: []fixState{
			{name: "hash", setup: [][]string{{"HSET", "proof:k", "f", "1"}}, orig: `"other"`, fixed: `"hash"`},
			{name: "string", setup: held, orig: `"other"`, fixed: `"other"`},
			{name: "missing", orig: `"other"`, fixed: `"other"`},
		},
	}})
}

// TestProofFixIntegerReplyTruthiness: every number is true, so the
// original takes the branch for 0 too; compared with 1 (or 0 for not) it
// does what it meant.
func TestProofFixIntegerReplyTruthiness(t *testing.T) {
	keys := []string{"proof:k"}
	present := [][]string{{"SET", "proof:k", "1"}}
	runFixProofs(t, []fixProof{{
		rule:  "integer-reply-truthiness",
		src:   "if redis.call('EXISTS', KEYS[1]) then\n  return 'yes'\nend\nreturn 'no'\n",
		fixed: "if redis.call('EXISTS', KEYS[1]) == 1 then\n  return 'yes'\nend\nreturn 'no'\n",
		keys:  keys,
		states: []fixState{
			{name: "missing", orig: `"yes"`, fixed: `"no"`},
			{name: "present", setup: present, orig: `"yes"`, fixed: `"yes"`},
		},
	}, {
		rule:  "integer-reply-truthiness",
		src:   "local present = redis.call('EXISTS', KEYS[1])\nif not present then\n  return 'absent'\nend\nreturn 'present'\n",
		fixed: "local present = redis.call('EXISTS', KEYS[1])\nif present == 0 then\n  return 'absent'\nend\nreturn 'present'\n",
		keys:  keys,
		states: []fixState{
			{name: "missing", orig: `"present"`, fixed: `"absent"`},
			{name: "present", setup: present, orig: `"present"`, fixed: `"present"`},
		},
	}, {
		rule:  "integer-reply-truthiness",
		src:   "return redis.call('SISMEMBER', KEYS[1], ARGV[1]) and 'member' or 'not a member'\n",
		fixed: "return redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 and 'member' or 'not a member'\n",
		keys:  keys,
		states: []fixState{
			{name: "not a member", args: []string{"m"}, orig: `"member"`, fixed: `"not a member"`},
			{name: "member", args: []string{"m"}, setup: [][]string{{"SADD", "proof:k", "m"}}, orig: `"member"`, fixed: `"member"`},
		},
	}, {
		rule:  "integer-reply-truthiness",
		src:   "assert(redis.call('EXPIRE', KEYS[1], 10))\nreturn 'expiring'\n",
		fixed: "assert(redis.call('EXPIRE', KEYS[1], 10) == 1)\nreturn 'expiring'\n",
		keys:  keys,
		states: []fixState{
			{name: "missing", orig: `"expiring"`, fixed: `(error) ERR user_script:1: assertion failed!`},
			{name: "present", setup: present, orig: `"expiring"`, fixed: `"expiring"`},
		},
	}})
}

// TestProofFixSetnxThenExpire: SET NX EX does what SETNX + EXPIRE does for
// a valid TTL (same reply to the caller, value and TTL), leaves an existing
// key alone as the guarded EXPIRE did, and with a TTL that is no integer
// writes nothing where the original left a key that never expires (both
// fail). The fix is offered only where the script shows the TTL above 0
// (TestProofSetnxTTLNotPositive shows why): a TTL of 0 or less then stops
// both scripts at the same check.
func TestProofFixSetnxThenExpire(t *testing.T) {
	keys := []string{"proof:lock"}
	after := [][]string{{"GET", "proof:lock"}, {"TTL", "proof:lock"}}
	held := [][]string{{"SET", "proof:lock", "other", "EX", "100"}}
	const check = "local ttl = tonumber(ARGV[2])\nif not ttl or ttl <= 0 then\n  return redis.error_reply('bad ttl')\nend\n"
	runFixProofs(t, []fixProof{{
		rule:  "setnx-then-expire",
		src:   check + "if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then\n  redis.call('EXPIRE', KEYS[1], ttl)\n  return 1\nend\nreturn 0",
		fixed: check + "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ttl) then\n  return 1\nend\nreturn 0",
		keys:  keys, after: after,
		states: []fixState{
			{name: "free", args: []string{"me", "10"}, orig: `(integer) 1 | "me" | (integer) 10`, fixed: `(integer) 1 | "me" | (integer) 10`},
			{name: "held", args: []string{"me", "10"}, setup: held, orig: `(integer) 0 | "other" | (integer) 100`, fixed: `(integer) 0 | "other" | (integer) 100`},
			{name: "zero ttl", args: []string{"me", "0"},
				orig:  `(error) bad ttl | (nil) | (integer) -2`,
				fixed: `(error) bad ttl | (nil) | (integer) -2`},
			{name: "negative ttl", args: []string{"me", "-5"},
				orig:  `(error) bad ttl | (nil) | (integer) -2`,
				fixed: `(error) bad ttl | (nil) | (integer) -2`},
			{name: "fractional ttl", args: []string{"me", "1.5"},
				orig:  `(error) ERR value is not an integer or out of range | "me" | (integer) -1`,
				fixed: `(error) ERR value is not an integer or out of range | (nil) | (integer) -2`},
			{name: "nan ttl", args: []string{"me", "nan"},
				orig:  `(error) ERR value is not an integer or out of range | "me" | (integer) -1`,
				fixed: `(error) ERR value is not an integer or out of range | (nil) | (integer) -2`},
		},
	}, {
		// The EXPIRE is the script's reply (issue 14): `return 1` keeps
		// the reply, and a TTL that is not an integer writes nothing
		// where the original left a key that never expires. The test of
		// tonumber(ARGV[2]) shows ARGV[2] above 0.
		rule:  "setnx-then-expire",
		src:   "if tonumber(ARGV[2]) <= 0 then return redis.error_reply('bad ttl') end\nif redis.call('setnx', KEYS[1], ARGV[1]) == 1 then return redis.call('expire', KEYS[1], ARGV[2]) end\nreturn 0\n",
		fixed: "if tonumber(ARGV[2]) <= 0 then return redis.error_reply('bad ttl') end\nif redis.call('set', KEYS[1], ARGV[1], 'nx', 'ex', ARGV[2]) then return 1 end\nreturn 0\n",
		keys:  keys, after: after,
		states: []fixState{
			{name: "free", args: []string{"me", "10"}, orig: `(integer) 1 | "me" | (integer) 10`, fixed: `(integer) 1 | "me" | (integer) 10`},
			{name: "held", args: []string{"me", "10"}, setup: held, orig: `(integer) 0 | "other" | (integer) 100`, fixed: `(integer) 0 | "other" | (integer) 100`},
			{name: "zero ttl", args: []string{"me", "0"}, orig: `(error) bad ttl | (nil) | (integer) -2`, fixed: `(error) bad ttl | (nil) | (integer) -2`},
			{name: "fractional ttl", args: []string{"me", "1.5"},
				orig:  `(error) ERR value is not an integer or out of range | "me" | (integer) -1`,
				fixed: `(error) ERR value is not an integer or out of range | (nil) | (integer) -2`},
		},
	}, {
		rule: "setnx-then-expire",
		src: "local got = redis.call('setnx', KEYS[1], ARGV[1])\nif got == 0 then\n  return 'busy'\nend\n" +
			"redis.call('pexpire', KEYS[1], 5000)\nreturn 'mine'\n",
		fixed: "local got = redis.call('set', KEYS[1], ARGV[1], 'nx', 'px', 5000)\nif not got then\n  return 'busy'\nend\n" +
			"return 'mine'\n",
		keys: keys, after: after,
		states: []fixState{
			{name: "free", args: []string{"me"}, orig: `"mine" | "me" | (integer) 5`, fixed: `"mine" | "me" | (integer) 5`},
			{name: "held", args: []string{"me"}, setup: held, orig: `"busy" | "other" | (integer) 100`, fixed: `"busy" | "other" | (integer) 100`},
		},
	}, {
		// The EXPIRE was all the branch did: the SET stands alone.
		rule:  "setnx-then-expire",
		src:   "if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then\n  redis.call('EXPIRE', KEYS[1], 10)\nend\nreturn 'done'\n",
		fixed: "redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', 10)\nreturn 'done'\n",
		keys:  keys, after: after,
		states: []fixState{
			{name: "free", args: []string{"me"}, orig: `"done" | "me" | (integer) 10`, fixed: `"done" | "me" | (integer) 10`},
			{name: "held", args: []string{"me"}, setup: held, orig: `"done" | "other" | (integer) 100`, fixed: `"done" | "other" | (integer) 100`},
		},
	}, {
		// The chained case: the truth test of SETNX is first compared with
		// 1, then merged. The original extends a lock someone else holds.
		rule:  "integer-reply-truthiness",
		src:   "if redis.call('SETNX', KEYS[1], ARGV[1]) then\n  redis.call('EXPIRE', KEYS[1], 60)\n  return 'acquired'\nend\nreturn 'busy'\n",
		fixed: "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', 60) then\n  return 'acquired'\nend\nreturn 'busy'\n",
		keys:  keys, after: after,
		states: []fixState{
			{name: "free", args: []string{"me"}, orig: `"acquired" | "me" | (integer) 60`, fixed: `"acquired" | "me" | (integer) 60`},
			{name: "held", args: []string{"me"}, setup: held, orig: `"acquired" | "other" | (integer) 60`, fixed: `"busy" | "other" | (integer) 100`},
		},
	}})
}

// TestProofSetnxTTLNotPositive: where the script does not show its TTL
// above 0, SETNX + EXPIRE and SET ... NX EX differ for a TTL of 0 or less
// (issue 25 item 2): the original sets the key, EXPIRE deletes it and
// replies 1, and the script goes on; SET fails with 'invalid expire time'
// and the script stops. So the rule's fix is unsafe there: --fix leaves
// the script, its help says why, and --fix --unsafe-fixes rewrites it.
func TestProofSetnxTTLNotPositive(t *testing.T) {
	src := "if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then\n  return redis.call('EXPIRE', KEYS[1], ARGV[2])\nend\nreturn 0\n"
	fixed := "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2]) then\n  return 1\nend\nreturn 0\n"
	found := false
	for _, d := range ruletest.LintSource("p.lua", []byte(src), ruletest.Cat.All(), nil) {
		if d.Fix != nil && d.Fix.Applicability != diag.Unsafe {
			t.Errorf("%s offers a %s fix: %s", d.Rule, d.Fix.Applicability, d.Fix.Message)
		}
		if d.Rule == "setnx-then-expire" {
			found = true
			if !strings.Contains(d.Help, "--fix leaves it: the script does not show the TTL ARGV[2] above 0") {
				t.Errorf("help does not say why --fix leaves it: %s", d.Help)
			}
			if d.Fix == nil || !strings.Contains(d.Fix.Message, "unsafe: with a TTL of 0 or less the SET fails with 'invalid expire time'") {
				t.Errorf("no unsafe fix stating the difference: %+v", d.Fix)
			}
		}
	}
	if !found {
		t.Fatalf("not flagged:\n%s", src)
	}
	if res := drivertest.FixLua("p.lua", []byte(src), ruletest.Cat.All(), diag.Safe); string(res.Src) != src {
		t.Errorf("--fix changed it:\n%s", res.Src)
	}
	runFixProofs(t, []fixProof{{
		rule:  "setnx-then-expire",
		upTo:  diag.Unsafe,
		src:   src,
		fixed: fixed,
		keys:  []string{"proof:lock"},
		after: [][]string{{"EXISTS", "proof:lock"}},
		states: []fixState{
			{name: "ttl 10", args: []string{"me", "10"}, orig: "(integer) 1 | (integer) 1", fixed: "(integer) 1 | (integer) 1"},
			{name: "ttl 0", args: []string{"me", "0"}, orig: "(integer) 1 | (integer) 0", fixed: "(error) ERR invalid expire time in 'set' command | (integer) 0"},
			{name: "ttl -5", args: []string{"me", "-5"}, orig: "(integer) 1 | (integer) 0", fixed: "(error) ERR invalid expire time in 'set' command | (integer) 0"},
		},
	}})
}

// TestProofFixLockExpiryUnsafe: lock-without-expiry's unsafe fix gives
// the lock a time to live from a new ARGV element. With it passed, the
// fixed lock expires where the original's never does (TTL -1); without
// it, the fixed script fails where the original took the key: the
// difference the fix's message states.
func TestProofFixLockExpiryUnsafe(t *testing.T) {
	keys := []string{"proof:lock"}
	after := [][]string{{"TTL", "proof:lock"}}
	noArg := "(error) ERR Lua redis lib command arguments must be strings or integers | (integer) -2"
	runFixProofs(t, []fixProof{{
		rule: "lock-without-expiry",
		upTo: diag.Unsafe,
		src: "if ARGV[1] == 'acquire' then\n  if redis.call('SET', KEYS[1], ARGV[2], 'NX') then\n    return 1\n  end\n  return 0\nend\n" +
			"if redis.call('GET', KEYS[1]) == ARGV[2] then\n  return redis.call('DEL', KEYS[1])\nend\nreturn 0\n",
		fixed: "if ARGV[1] == 'acquire' then\n  if redis.call('SET', KEYS[1], ARGV[2], 'NX', 'PX', ARGV[3]) then\n    return 1\n  end\n  return 0\nend\n" +
			"if redis.call('GET', KEYS[1]) == ARGV[2] then\n  return redis.call('DEL', KEYS[1])\nend\nreturn 0\n",
		keys: keys, after: after,
		states: []fixState{
			{name: "acquire with a ttl", args: []string{"acquire", "me", "100000"}, orig: "(integer) 1 | (integer) -1", fixed: "(integer) 1 | (integer) 100"},
			{name: "acquire held", args: []string{"acquire", "me", "100000"}, setup: [][]string{{"SET", "proof:lock", "other"}}, orig: "(integer) 0 | (integer) -1", fixed: "(integer) 0 | (integer) -1"},
			{name: "acquire, caller not updated", args: []string{"acquire", "me"}, orig: "(integer) 1 | (integer) -1", fixed: noArg},
			{name: "release", args: []string{"release", "me"}, setup: [][]string{{"SET", "proof:lock", "me"}}, orig: "(integer) 1 | (integer) -2", fixed: "(integer) 1 | (integer) -2"},
		},
	}, {
		rule:  "lock-without-expiry",
		upTo:  diag.Unsafe,
		src:   "local lock_key = KEYS[1]\nif redis.call('SETNX', lock_key, ARGV[1]) == 1 then\n  return 1\nend\nreturn 0\n",
		fixed: "local lock_key = KEYS[1]\nif redis.call('SET', lock_key, ARGV[1], 'NX', 'PX', ARGV[2]) then\n  return 1\nend\nreturn 0\n",
		keys:  keys, after: after,
		states: []fixState{
			{name: "free", args: []string{"me", "100000"}, orig: "(integer) 1 | (integer) -1", fixed: "(integer) 1 | (integer) 100"},
			{name: "held", args: []string{"me", "100000"}, setup: [][]string{{"SET", "proof:lock", "other"}}, orig: "(integer) 0 | (integer) -1", fixed: "(integer) 0 | (integer) -1"},
			{name: "free, caller not updated", args: []string{"me"}, orig: "(integer) 1 | (integer) -1", fixed: noArg},
		},
	}})
}

// TestProofFixOwnerCheckUnsafe: unsafe-lock-release's unsafe fix deletes
// the lock only while it holds the caller's token. The original frees
// another client's lock; the fixed script leaves it (reply 0), frees the
// caller's own, and no longer frees anything for a caller that does not
// pass its token: the difference the fix's message states.
func TestProofFixOwnerCheckUnsafe(t *testing.T) {
	runFixProofs(t, []fixProof{{
		rule:  "unsafe-lock-release",
		upTo:  diag.Unsafe,
		src:   "if ARGV[1] == 'lock' then\n  return redis.call('SET', KEYS[1], ARGV[2], 'NX', 'PX', ARGV[3])\nend\nreturn redis.call('DEL', KEYS[1])\n",
		fixed: "if ARGV[1] == 'lock' then\n  return redis.call('SET', KEYS[1], ARGV[2], 'NX', 'PX', ARGV[3])\nend\nif redis.call('GET', KEYS[1]) == ARGV[2] then\n  return redis.call('DEL', KEYS[1])\nend\nreturn 0\n",
		keys:  []string{"proof:lock"},
		after: [][]string{{"GET", "proof:lock"}},
		states: []fixState{
			{name: "own lock", args: []string{"unlock", "me"}, setup: [][]string{{"SET", "proof:lock", "me"}}, orig: "(integer) 1 | (nil)", fixed: "(integer) 1 | (nil)"},
			{name: "another client's lock", args: []string{"unlock", "me"}, setup: [][]string{{"SET", "proof:lock", "other"}}, orig: `(integer) 1 | (nil)`, fixed: `(integer) 0 | "other"`},
			{name: "caller passes no token", args: []string{"unlock"}, setup: [][]string{{"SET", "proof:lock", "me"}}, orig: "(integer) 1 | (nil)", fixed: `(integer) 0 | "me"`},
		},
	}})
}

// TestProofSetnxUnconditionalExpire backs the message of the form that
// gets no fix: an EXPIRE after SETNX (or SET NX) whatever it replied pushes
// back the expiry of a key someone else set.
func TestProofSetnxUnconditionalExpire(t *testing.T) {
	srcs := []string{
		"redis.call('SETNX', KEYS[1], ARGV[1])\nredis.call('EXPIRE', KEYS[1], 100)\nreturn redis.call('TTL', KEYS[1])\n",
		"redis.call('SET', KEYS[1], ARGV[1], 'NX')\nredis.call('EXPIRE', KEYS[1], 100)\nreturn redis.call('TTL', KEYS[1])\n",
	}
	for _, src := range srcs {
		if !ruletest.FlaggedBy("setnx-then-expire", src) {
			t.Fatalf("not flagged:\n%s", src)
		}
		for _, d := range ruletest.LintSource("p.lua", []byte(src), ruletest.Cat.All(), nil) {
			if d.Fix != nil {
				t.Errorf("%s offers a fix: %s", d.Rule, d.Fix.Message)
			}
		}
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		for _, src := range srcs {
			c.MustDo(t, "FLUSHALL")
			c.MustDo(t, "SET", "proof:lock", "other", "EX", "5")
			if got := evalNorm(t, c, src, []string{"proof:lock"}, []string{"me"}, [][]string{{"GET", "proof:lock"}}); got != `(integer) 100 | "other"` {
				t.Errorf("got %s", got)
			}
		}
	})
}

// TestProofExistsSeveralKeysNoFix backs the decision to offer no fix for a
// truth test of EXISTS with several keys: it counts (2 when both exist, and
// a key named twice counts twice), so `== 1` would call two present keys
// absent, and whether `> 0` (any) or `== #keys` (all) was meant is the
// author's call.
func TestProofExistsSeveralKeysNoFix(t *testing.T) {
	src := "if redis.call('EXISTS', KEYS[1], KEYS[2]) then return 1 end return 0"
	found := false
	for _, d := range ruletest.LintSource("p.lua", []byte(src), ruletest.Cat.All(), nil) {
		if d.Rule == "integer-reply-truthiness" {
			found = true
			if d.Fix != nil {
				t.Errorf("a fix is offered: %s", d.Fix.Message)
			}
		}
	}
	if !found {
		t.Fatal("not reported")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		c.MustDo(t, "FLUSHALL")
		c.MustDo(t, "MSET", "proof:a", "1", "proof:b", "1")
		for _, tc := range []struct {
			keys []string
			want string
		}{
			{[]string{"proof:a", "proof:b"}, "(integer) 2"},
			{[]string{"proof:a", "proof:missing"}, "(integer) 1"},
			{[]string{"proof:a", "proof:a"}, "(integer) 2"},
		} {
			if got := norm(c.MustEval(t, "return redis.call('EXISTS', KEYS[1], KEYS[2])", tc.keys)); got != tc.want {
				t.Errorf("EXISTS %v = %s, want %s", tc.keys, got, tc.want)
			}
		}
	})
}

// TestProofFixNeedsFollowedWrites (issue 19 item 5): where a closure
// assigns the local a finding tests, the rewrite would change the result
// whenever the closure ran, so the finding is reported without a fix; a
// comment inside the rewritten expression would be lost, so no fix either.
// The same scripts without the closure or the comment keep their fix.
func TestProofFixNeedsFollowedWrites(t *testing.T) {
	fixOf := func(rule, src string) (found bool, fix *diag.Fix) {
		for _, d := range ruletest.LintSource("p.lua", []byte(src), ruletest.Cat.All(), nil) {
			if d.Rule == rule {
				return true, d.Fix
			}
		}
		return false, nil
	}
	for _, tc := range []struct{ rule, unsafe, safe string }{{
		"integer-reply-truthiness",
		"local n = redis.call('SISMEMBER', KEYS[1], ARGV[1])\nlocal function reset() n = nil end\nif ARGV[2] == 'r' then reset() end\nif not n then return 0 end\nreturn 1\n",
		"local n = redis.call('SISMEMBER', KEYS[1], ARGV[1])\nlocal function reset() return nil end\nif ARGV[2] == 'r' then reset() end\nif not n then return 0 end\nreturn 1\n",
	}, {
		"nil-reply-compare",
		"local v = redis.call('GET', KEYS[1])\nlocal function clear() v = false end\nif ARGV[1] == 'c' then clear() end\nif v == nil then return 'none' end\nreturn 'some'\n",
		"local v = redis.call('GET', KEYS[1])\nif v == nil then return 'none' end\nreturn 'some'\n",
	}, {
		"nil-reply-compare",
		"local v = redis.call('GET', KEYS[1])\nif v --[[ the value ]] == nil then return 'none' end\nreturn 'some'\n",
		"local v = redis.call('GET', KEYS[1])\nif v == nil then return 'none' end -- the value\nreturn 'some'\n",
	}} {
		if found, fix := fixOf(tc.rule, tc.unsafe); !found || fix != nil {
			t.Errorf("%s on %q: found %v, fix %v; want a finding without a fix", tc.rule, tc.unsafe, found, fix)
		}
		if found, fix := fixOf(tc.rule, tc.safe); !found || fix == nil {
			t.Errorf("%s on %q: found %v, fix %v; want a finding with a fix", tc.rule, tc.safe, found, fix)
		}
	}
	// The reproduction of the issue on Redis: after reset() ran, the
	// original script and the rewrite the fix would have made disagree.
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		orig := "local n = redis.call('SISMEMBER', KEYS[1], ARGV[1])\nlocal function reset() n = nil end\nif ARGV[2] == 'r' then reset() end\nif not n then return 0 end\nreturn 1\n"
		rewritten := "local n = redis.call('SISMEMBER', KEYS[1], ARGV[1])\nlocal function reset() n = nil end\nif ARGV[2] == 'r' then reset() end\nif n == 0 then return 0 end\nreturn 1\n"
		a := c.MustEval(t, orig, []string{"proof:k"}, "m", "r")
		b := c.MustEval(t, rewritten, []string{"proof:k"}, "m", "r")
		if a.Int == b.Int {
			t.Errorf("after reset the original gave %s and the rewrite %s: expected them to differ", a, b)
		}
	})
}
