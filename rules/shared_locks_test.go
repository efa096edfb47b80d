package rules_test

import (
	"github.com/lint-lua/lint-lua/rules/ruletest"
	"os"
	"strings"
	"testing"
)

// lockRules are the rules that judge SET NX and SETNX.
var lockRules = []string{"lock-without-expiry", "unsafe-lock-release", "constant-lock-value", "redundant-lock", "setnx-then-expire"}

// TestLockSeverities pins the severity each lock rule gives the forms the
// broad corpus holds (the severity promise: error only with evidence in the
// script, warning for a state other code may or may not prevent, info for
// advice) and the forms it keeps silent. The fixtures check the messages;
// this checks what the messages are printed as.
func TestLockSeverities(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		// want maps a rule to the severities of its findings, in
		// order; a lock rule missing from it must be silent.
		want map[string][]string
	}{{
		name: "acquire without expiry, compared release",
		src:  ruletest.Cat.ByID("lock-without-expiry").Doc.Bad,
		want: map[string][]string{"lock-without-expiry": {"warning"}},
	}, {
		name: "release branch without owner check",
		src:  ruletest.Cat.ByID("unsafe-lock-release").Doc.Bad,
		want: map[string][]string{"unsafe-lock-release": {"warning"}},
	}, {
		name: "delete after the attempt failed",
		src: "local got = redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', 1000)\nif got then\n  return 1\nend\n" +
			"redis.call('DEL', KEYS[1])\nreturn 0",
		want: map[string][]string{"unsafe-lock-release": {"error"}},
	}, {
		name: "setnx-then-expire Bad: a TTL with a fraction",
		src:  ruletest.Cat.ByID("setnx-then-expire").Doc.Bad,
		want: map[string][]string{"setnx-then-expire": {"warning"}},
	}, {
		// Redisson RemoteService / AsyncRemoteProxy: the host always
		// passes a Java long.
		name: "TTL from the caller",
		src:  "if redis.call('setnx', KEYS[1], 1) == 1 then redis.call('pexpire', KEYS[1], ARGV[1]);return 1;end;return 0;",
		want: map[string][]string{"setnx-then-expire": {"info"}},
	}, {
		// Redisson's eviction tasks: an early return, then EXPIRE.
		name: "early return, TTL from the caller",
		src: "if redis.call('setnx', KEYS[6], ARGV[4]) == 0 then return -1;end;redis.call('expire', KEYS[6], ARGV[3]); " +
			"return redis.call('zrangebyscore', KEYS[2], 0, ARGV[1], 'limit', 0, ARGV[2]);",
		want: map[string][]string{"setnx-then-expire": {"info"}},
	}, {
		// resque-scheduler: the host writes an integer into the text.
		name: "TTL from the host",
		src:  "if redis.call('SETNX', KEYS[1], ARGV[1]) == 1\nthen\n  redis.call('EXPIRE', KEYS[1], timeout)\n  return 1\nelse\n  return 0\nend",
		want: map[string][]string{"setnx-then-expire": {"info"}},
	}, {
		name: "returned EXPIRE, TTL from the caller",
		src:  "if redis.call('setnx', KEYS[1], ARGV[1]) == 1 then return redis.call('expire', KEYS[1], ARGV[2]) end\nreturn 0",
		want: map[string][]string{"setnx-then-expire": {"info"}},
	}, {
		name: "unconditional EXPIRE of a lock",
		src:  "local lock = KEYS[1]\nredis.call('SETNX', lock, ARGV[1])\nredis.call('EXPIRE', lock, 10)",
		want: map[string][]string{"setnx-then-expire": {"warning"}},
	}, {
		name: "unconditional EXPIRE of a record",
		src:  "redis.call('SET', KEYS[1], ARGV[1], 'NX')\nredis.call('EXPIRE', KEYS[1], 10)",
		want: map[string][]string{"setnx-then-expire": {"info"}},
	}, {
		// Redisson's remote-service acknowledgement.
		name: "ack marker",
		src:  "if redis.call('setnx', KEYS[1], 1) == 1 then redis.call('pexpire', KEYS[1], ARGV[1]);return 0;end;redis.call('del', KEYS[1]);return 1;",
		want: map[string][]string{"setnx-then-expire": {"info"}},
	}, {
		// Redisson RIdGenerator.tryInit.
		name: "settings records",
		src:  "redis.call('setnx', KEYS[1], ARGV[1]); return redis.call('setnx', KEYS[2], ARGV[2]); ",
		want: map[string][]string{"lock-without-expiry": {"info", "info"}},
	}, {
		// bucket4j's create-if-absent of bucket state.
		name: "state record",
		src:  "if redis.call('set', KEYS[1], ARGV[1], 'nx') then return 1; else return 0; end",
		want: map[string][]string{"lock-without-expiry": {"info"}},
	}, {
		// The seed pitfall: a once-only guard that never expires.
		name: "guard without expiry",
		src:  "if redis.call('SETNX', KEYS[1], '1') == 1 then redis.call('INCR', KEYS[2]) return 1 end\nreturn 0",
		want: map[string][]string{"lock-without-expiry": {"warning"}},
	}, {
		name: "guard fixed with EXPIRE",
		src:  "if redis.call('SETNX', KEYS[1], '1') == 1 then redis.call('EXPIRE', KEYS[1], 60) redis.call('INCR', KEYS[2]) return 1 end\nreturn 0",
		want: map[string][]string{"setnx-then-expire": {"info"}},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			got := map[string][]string{}
			for _, d := range ruletest.LintSource("case.lua", []byte(tc.src), ruletest.Cat.All(), nil) {
				got[d.Rule] = append(got[d.Rule], d.Severity.String())
			}
			for _, r := range lockRules {
				if strings.Join(got[r], ",") != strings.Join(tc.want[r], ",") {
					t.Errorf("%s: got %v, want %v", r, got[r], tc.want[r])
				}
			}
		})
	}
}

// TestLockRecordsSilent: the record forms of the fixtures (files named
// records.lua or ack.lua) draw no finding from any lock rule above info
// (lock-without-expiry says at info that a record never expires).
func TestLockRecordsSilent(t *testing.T) {
	for _, r := range lockRules {
		for _, name := range []string{"records.lua", "ack.lua"} {
			file := r + "/testdata/" + name
			src, err := os.ReadFile(file)
			if os.IsNotExist(err) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range ruletest.LintSource(name, src, ruletest.Cat.All(), nil) {
				for _, lr := range lockRules {
					if d.Rule == lr && !((lr == "setnx-then-expire" || lr == "lock-without-expiry") && d.Severity.String() == "info") {
						t.Errorf("%s:%d: %s %s: %s", file, d.Range.Start.Line, d.Rule, d.Severity, d.Message)
					}
				}
			}
		}
	}
}
