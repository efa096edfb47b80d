package unknowncommand_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

func TestProofUnknownCommand(t *testing.T) {
	const id = "unknown-command"
	r := ruletest.Cat.ByID(id)
	// On the default target, which bundles the modules as Redis 8 does, a
	// module command is not reported; the cases below lint for targets
	// without them.
	if msgs := ruletest.CmdMessages(id, "return redis.call('JSON.GET', KEYS[1])", ""); len(msgs) != 0 {
		t.Errorf("JSON.GET on the default target: %q", msgs)
	}
	ruletest.ProveForTargets(t, func(t *testing.T, tg target.Target, c *redistest.Conn) {
		unknownErr := ruletest.ServerText(t, tg, target.ErrUnknownCommand)
		ruletest.CmdProve(t, c, id, r.Doc.Bad, tg, unknownErr, "'"+unknownErr+"'", "k")
		ruletest.CmdProve(t, c, id, r.Doc.Good, tg, "", "", "k")
		for _, src := range []string{
			"return redis.call('NOPE')",
			"return redis.call('nope', 'x')",
			"return redis.call('HGETT', KEYS[1], 'f')",
			"return redis.call('CONFIG', 'FOO')",
			"return redis.call('OBJECT', 'ENCODNG', KEYS[1])",
			"return redis.call('SET k v')",
			"return redis.call('CONFIG GET', 'maxmemory')",
			"return redis.call('get ', KEYS[1])",
			// Without their module: a module command is unknown (O11).
			"return redis.call('JSON.GET', KEYS[1])",
			"return redis.call('FT.SEARCH', 'idx', '*')",
			"return redis.call('TS.ADD', KEYS[1], '*', 1)",
			"return redis.call('BF.ADD', KEYS[1], 'x')",
		} {
			ruletest.CmdProve(t, c, id, src, tg, unknownErr, "'"+unknownErr+"'", "k")
		}
		for _, src := range []string{
			"return redis.call('get', KEYS[1])",
			"return redis.call('OBJECT', 'encoding', KEYS[1])",
			"return redis.call('SET', KEYS[1], 'GET')",
		} {
			ruletest.CmdProve(t, c, id, src, tg, "", "", "k")
		}
	})
	// Names no table knows (Redisson's GCRA, which Redis held out of 8.8;
	// 8.8's ARLEN): info on the newest Redis, where they may be newer than
	// the tables, and an error on the test server's version, which the
	// tables describe whole, where the server refuses them.
	for _, src := range []string{
		"return redis.call('GCRA', KEYS[1], 10, 10, 60)",
		"return redis.call('ARLEN', KEYS[1])",
	} {
		if ds := ruletest.CmdFindings(id, src, target.Target{}); len(ds) != 1 || ds[0].Severity != diag.SeverityInfo {
			t.Errorf("%q on the newest Redis: %v, want one info", src, ds)
		}
		if ds := ruletest.CmdFindings(id, src, target.MustParse("redis-7.0")); len(ds) != 1 || ds[0].Severity != diag.SeverityError {
			t.Errorf("%q on Redis 7.0: %v, want one error", src, ds)
		}
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		tg := redistest.ServerTarget(t, c)
		if !tg.Covered() {
			t.Fatalf("the tables do not describe %s whole", tg)
		}
		unknownErr := ruletest.ServerText(t, tg, target.ErrUnknownCommand)
		for _, src := range []string{
			"return redis.call('GCRA', KEYS[1], 10, 10, 60)",
			"return redis.call('ARLEN', KEYS[1])",
		} {
			ruletest.CmdProve(t, c, id, src, tg, unknownErr, "'"+unknownErr+"'", "k")
			if ds := ruletest.CmdFindings(id, src, tg); len(ds) != 1 || ds[0].Severity != diag.SeverityError {
				t.Errorf("%q on %s: %v, want one error", src, tg, ds)
			}
		}
	})
}

// TestProofUnknownCommandTarget lints for the test server's target: what
// it lacks for any reason (a later version, the other server's command) is
// flagged, and the server refuses it; commands and options it has run and
// are not. (The only option the table dates after 7.0 is CLIENT KILL
// MAXAGE, which no script may call: options are checked by
// TestUnknownCommandTarget.)
func TestProofUnknownCommandTarget(t *testing.T) {
	const id = "unknown-command"
	ruletest.ProveForTargets(t, func(t *testing.T, tg target.Target, c *redistest.Conn) {
		unknownErr := ruletest.ServerText(t, tg, target.ErrUnknownCommand)
		if c != nil {
			c.MustDo(t, "HSET", "h", "f", "v")
		}
		for _, tc := range []struct{ name, sub, src string }{
			{"WAITAOF", "", "return redis.call('WAITAOF', 0, 0, 0)"},
			{"HEXPIRE", "", "return redis.call('HEXPIRE', KEYS[1], 10, 'FIELDS', 1, 'f')"},
			{"HTTL", "", "return redis.call('HTTL', KEYS[1], 'FIELDS', 1, 'f')"},
			{"SFLUSH", "", "return redis.call('SFLUSH', 0, 16383)"},
			{"CLIENT", "CAPA", "return redis.call('CLIENT', 'CAPA', 'redirect')"},
			{"SCRIPT", "SHOW", "return redis.call('SCRIPT', 'SHOW', 'e0e1f9fabfc9d4800c877a703b823ac0578ff8db')"},
		} {
			if a := tg.Check(tc.name, tc.sub); a.Status == target.Available {
				t.Logf("%s has %s: not a proof here", tg, tc.src)
				continue
			}
			ruletest.CmdProve(t, c, id, tc.src, tg, unknownErr, "'"+unknownErr+"'", "h")
			if ds := ruletest.CmdFindings(id, tc.src, tg); len(ds) == 1 && ds[0].Severity != diag.SeverityError {
				t.Errorf("%q on %s: %s, want an error", tc.src, tg, ds[0].Severity)
			}
		}
		for i, src := range []string{
			"return redis.call('GETDEL', KEYS[1])",
			"return redis.call('LMPOP', 1, KEYS[1], 'LEFT')",
			"return redis.call('SET', KEYS[1], 'v', 'GET')",
			"return redis.call('SET', KEYS[1], 'v', 'KEEPTTL')",
			"return redis.call('EXPIRE', KEYS[1], 10, 'NX')",
			"return redis.call('LPOP', KEYS[1], 2)",
		} {
			ruletest.CmdProve(t, c, id, src, tg, "", "", fmt.Sprintf("fresh:%d", i))
		}
	})
}

// TestUnknownCommandTarget lints for older targets without a server: what
// the table dates after the target is reported, naming the version.
func TestUnknownCommandTarget(t *testing.T) {
	const id = "unknown-command"
	for _, tc := range []struct {
		src, target string
		want        []string
	}{
		{"return redis.call('GETDEL', KEYS[1])", "6.0", []string{"GETDEL was added in Redis 6.2.0, after the target Redis 6.0"}},
		{"return redis.call('LMPOP', 1, KEYS[1], 'LEFT')", "6.2.14", []string{"LMPOP was added in Redis 7.0.0"}},
		{"return redis.call('SET', KEYS[1], 'v', 'GET')", "6.0", []string{"option GET was added to SET in Redis 6.2.0, after the target Redis 6.0"}},
		{"return redis.call('SET', KEYS[1], 'v', 'EXAT', 1, 'GET')", "6.0", []string{"option EXAT was added to SET in Redis 6.2.0", "option GET was added"}},
		{"return redis.call('SET', KEYS[1], 'v', 'KEEPTTL')", "5.0", []string{"option KEEPTTL was added to SET in Redis 6.0.0"}},
		{"return redis.call('SET', KEYS[1], 'v', 'KEEPTTL')", "6.0", nil},
		{"return redis.call('LPOP', KEYS[1], 2)", "6.0", []string{"the count argument was added to LPOP in Redis 6.2.0"}},
		{"return redis.call('LPOP', KEYS[1])", "6.0", nil},
		{"return redis.call('ZADD', KEYS[1], 'GT', 1, 'm')", "6.0", []string{"option GT was added to ZADD in Redis 6.2.0"}},
		{"return redis.call('ZADD', KEYS[1], 1, 'm')", "6.0", nil},
		{"return redis.call('SET', KEYS[1], 'GET')", "6.0", nil}, // GET is the value here
		{"return redis.call('SET', KEYS[1], 'v', 'EX', 10)", "2.6.12", nil},
		{"return redis.call('CONFIG', 'GET', 'x')", "2.0", nil},
		{"return redis.call('GETDEL', KEYS[1])", "6.2", nil},
		{"return redis.call('GETDEL', KEYS[1])", "", nil},
		{"return redis.call('SET', KEYS[1], 'v', 'GET')", "", nil},
		{"return redis.call('HEXPIRE', KEYS[1], 10, 'FIELDS', 1, 'f')", "valkey-8.0", []string{"HEXPIRE exists only on Redis (from 7.4.0), and the target is Valkey 8.0"}},
		{"return redis.call('JSON.GET', KEYS[1])", "redis-7.4", []string{"JSON.GET is a RedisJSON command, and the target Redis 7.4 does not load RedisJSON"}},
		{"return redis.call('BF.ADD', KEYS[1], 'x')", "upstash", []string{"BF.ADD is a RedisBloom command, and the target Upstash does not load RedisBloom — the server answers an error (unknown command)"}},
		{"return redis.call('JSON.GET', KEYS[1])", "upstash", nil}, // Upstash documents the JSON commands
	} {
		got := ruletest.CmdMessages(id, tc.src, tc.target)
		if len(got) != len(tc.want) {
			t.Errorf("%q target %q: got %q, want %d findings", tc.src, tc.target, got, len(tc.want))
			continue
		}
		for i, w := range tc.want {
			if !strings.Contains(got[i], w) {
				t.Errorf("%q target %q: %q does not contain %q", tc.src, tc.target, got[i], w)
			}
		}
	}
}
