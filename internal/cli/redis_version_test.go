package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// newerSrc uses a SET option from 6.2, a command from 6.2 and one from 7.0.
const newerSrc = "local old = redis.call('SET', KEYS[1], ARGV[1], 'GET')\n" +
	"local v = redis.call('GETDEL', KEYS[2])\n" +
	"local l = redis.call('LMPOP', 1, KEYS[3], 'LEFT')\n" +
	"return {old, v, l}\n"

// unknownLines lists the lines unknown-command reports.
func unknownLines(t *testing.T, r result) []string {
	t.Helper()
	var out []string
	for _, d := range decode(t, r).Diagnostics {
		if d.Rule == "unknown-command" {
			out = append(out, d.Message)
		}
	}
	return out
}

func TestRedisVersionFlag(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{"newer.lua": newerSrc})
	// Default: the newest version the command table knows.
	r := in(t, dir, "--format", "json", "newer.lua")
	wantCode(t, r, ExitOK)
	if got := unknownLines(t, r); len(got) != 0 {
		t.Errorf("default target: unknown-command reports %q", got)
	}
	r = in(t, dir, "--format", "json", "--redis-version", "6.0", "newer.lua")
	wantCode(t, r, ExitFindings)
	got := unknownLines(t, r)
	want := []string{"option GET was added to SET in Redis 6.2.0", "GETDEL was added in Redis 6.2.0", "LMPOP was added in Redis 7.0.0"}
	if len(got) != len(want) {
		t.Fatalf("--redis-version 6.0: unknown-command reports %q, want %d findings", got, len(want))
	}
	for i := range want {
		if !strings.Contains(got[i], want[i]) || !strings.Contains(got[i], "after the target Redis 6.0") {
			t.Errorf("finding %d = %q, want it to contain %q and the target", i, got[i], want[i])
		}
	}
	r = in(t, dir, "--format", "json", "--redis-version", "7.0.15", "newer.lua")
	wantCode(t, r, ExitOK)
	// A bare major version is major.0.
	r = in(t, dir, "--format", "json", "--redis-version", "7", "newer.lua")
	wantCode(t, r, ExitOK)
	for _, bad := range []string{"banana", "7.", "v7.0", "7.0.x"} {
		r = in(t, dir, "--redis-version", bad, "newer.lua")
		wantCode(t, r, ExitError)
		wantErr(t, r, "--redis-version", `"`+bad+`"`)
		if r.out != "" {
			t.Errorf("--redis-version %s printed a report:\n%s", bad, r.out)
		}
	}
}

func TestRedisVersionConfig(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		".lint-lua.yaml":     "redis_version: 6.2\n",
		"newer.lua":          newerSrc,
		"bad/.lint-lua.yaml": "rules:\n  undeclared-key: on\nredis_version: banana\n",
		"bad/a.lua":          "return 1\n",
	})
	// 6.2 has SET ... GET and GETDEL, not LMPOP.
	r := in(t, dir, "--format", "json", "newer.lua")
	wantCode(t, r, ExitFindings)
	got := unknownLines(t, r)
	if len(got) != 1 || !strings.Contains(got[0], "LMPOP was added in Redis 7.0.0, after the target Redis 6.2") {
		t.Errorf("redis_version 6.2: unknown-command reports %q, want LMPOP only", got)
	}
	// The flag wins over the configuration, both ways.
	r = in(t, dir, "--format", "json", "--redis-version", "7.0", "newer.lua")
	wantCode(t, r, ExitOK)
	if got := unknownLines(t, r); len(got) != 0 {
		t.Errorf("--redis-version 7.0 over redis_version 6.2: %q", got)
	}
	r = in(t, dir, "--format", "json", "--redis-version", "6.0", "newer.lua")
	if got := unknownLines(t, r); len(got) != 3 {
		t.Errorf("--redis-version 6.0 over redis_version 6.2: %q, want 3 findings", got)
	}
	// An invalid version in the configuration names the file and line.
	bad := filepath.Join(dir, "bad")
	r = in(t, bad, "a.lua")
	wantCode(t, r, ExitError)
	wantErr(t, r, filepath.Join(bad, ".lint-lua.yaml")+":3:16:", `redis_version: invalid Redis version "banana"`)
	if r.out != "" {
		t.Errorf("a configuration error printed a report:\n%s", r.out)
	}
}
