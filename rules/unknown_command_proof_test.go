package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/redistest"
)

// cmdMessages returns the texts (headline and help) rule id gives on src
// for a target Redis version ("" for the newest).
func cmdMessages(id, src, version string) []string {
	var out []string
	f := luasrc.Parse("proof.lua", []byte(src))
	for _, d := range lint.Run(f, lint.Config{Rules: All(), Target: lint.Target{RedisVersion: version}}) {
		if d.Rule == id {
			out = append(out, wantText(d))
		}
	}
	return out
}

// cmdProve checks one script both ways: Redis fails it with an error
// containing wantErr (or runs it when wantErr is empty), and rule id flags
// it exactly when wantErr is set, with a message quoting quote (when set).
func cmdProve(t *testing.T, c *redistest.Conn, id, src, version, wantErr, quote string, keys ...string) {
	t.Helper()
	got := c.MustEval(t, src, keys)
	msgs := cmdMessages(id, src, version)
	if wantErr == "" {
		if got.Kind == redistest.Error {
			t.Errorf("%q on Redis failed: %s", src, got)
		}
		if len(msgs) != 0 {
			t.Errorf("%q (target %q): %s flags it: %q", src, version, id, msgs)
		}
		return
	}
	if got.Kind != redistest.Error || !strings.Contains(got.Str, wantErr) {
		t.Errorf("%q on Redis gave %s, want an error containing %q", src, got, wantErr)
	}
	if len(msgs) != 1 {
		t.Errorf("%q (target %q): %s gives %d findings, want 1: %q", src, version, id, len(msgs), msgs)
		return
	}
	if quote != "" && !strings.Contains(msgs[0], quote) {
		t.Errorf("%q: message %q does not quote %q", src, msgs[0], quote)
	}
}

// serverVersion asks the server which version it is (redis.REDIS_VERSION).
func serverVersion(t *testing.T, c *redistest.Conn) string {
	t.Helper()
	r := c.MustEval(t, "return redis.REDIS_VERSION", nil)
	if r.Kind != redistest.Bulk {
		t.Fatalf("redis.REDIS_VERSION gave %s", r)
	}
	return r.Str
}

const unknownErr = "ERR Unknown Redis command called from script"

func TestProofUnknownCommand(t *testing.T) {
	const id = "unknown-command"
	r := ByID(id)
	c := redistest.Client(t)
	cmdProve(t, c, id, r.Doc.Bad, "", unknownErr, "'"+unknownErr+"'", "k")
	cmdProve(t, c, id, r.Doc.Good, "", "", "", "k")
	for _, src := range []string{
		"return redis.call('NOPE')",
		"return redis.call('nope', 'x')",
		"return redis.call('HGETT', KEYS[1], 'f')",
		"return redis.call('CONFIG', 'FOO')",
		"return redis.call('OBJECT', 'ENCODNG', KEYS[1])",
		"return redis.call('SET k v')",
		"return redis.call('CONFIG GET', 'maxmemory')",
		"return redis.call('get ', KEYS[1])",
	} {
		cmdProve(t, c, id, src, "", unknownErr, "'"+unknownErr+"'", "k")
	}
	for _, src := range []string{
		"return redis.call('get', KEYS[1])",
		"return redis.call('OBJECT', 'encoding', KEYS[1])",
		"return redis.call('SET', KEYS[1], 'GET')",
	} {
		cmdProve(t, c, id, src, "", "", "", "k")
	}
}

// TestProofUnknownCommandTarget lints for the version of the test server:
// commands the table dates after it are flagged, and the server refuses
// them; commands and options it dates at or before it run and are not. (The
// only option the table dates after 7.0 is CLIENT KILL MAXAGE, which no
// script may call: options are checked by TestUnknownCommandTarget.)
func TestProofUnknownCommandTarget(t *testing.T) {
	const id = "unknown-command"
	c := redistest.Client(t)
	version := serverVersion(t, c)
	c.MustDo(t, "HSET", "h", "f", "v")
	for _, tc := range []struct {
		src, since, wantErr string
	}{
		{"return redis.call('WAITAOF', 0, 0, 0)", "7.2.0", unknownErr},
		{"return redis.call('HEXPIRE', KEYS[1], 10, 'FIELDS', 1, 'f')", "7.4.0", unknownErr},
	} {
		if redisdb.SinceAtLeast(tc.since, version) {
			t.Logf("server %s has %s (Redis %s): not a proof here", version, tc.src, tc.since)
			continue
		}
		cmdProve(t, c, id, tc.src, version, tc.wantErr, "after the target version "+version, "h")
		if msgs := cmdMessages(id, tc.src, ""); len(msgs) != 0 {
			t.Errorf("%q: flagged with the newest target: %q", tc.src, msgs)
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
		cmdProve(t, c, id, src, version, "", "", fmt.Sprintf("fresh:%d", i))
	}
}

// TestUnknownCommandTarget lints for older targets without a server: what
// the table dates after the target is reported, naming the version.
func TestUnknownCommandTarget(t *testing.T) {
	const id = "unknown-command"
	for _, tc := range []struct {
		src, target string
		want        []string
	}{
		{"return redis.call('GETDEL', KEYS[1])", "6.0", []string{"GETDEL was added in Redis 6.2.0, after the target version 6.0"}},
		{"return redis.call('LMPOP', 1, KEYS[1], 'LEFT')", "6.2.14", []string{"LMPOP was added in Redis 7.0.0"}},
		{"return redis.call('SET', KEYS[1], 'v', 'GET')", "6.0", []string{"option GET was added to SET in Redis 6.2.0, after the target version 6.0"}},
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
	} {
		got := cmdMessages(id, tc.src, tc.target)
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
