package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// valkeySrc is a script written for Valkey: a command of Valkey alone.
const valkeySrc = "local s = redis.call('SCRIPT', 'SHOW', ARGV[1])\n" +
	"local n = redis.call('INCR', KEYS[2])\n" +
	"return {s, n}\n"

// serverSrc calls Valkey's server.call, twice.
const serverSrc = "server.call('SET', KEYS[1], ARGV[1])\nreturn server.call('INCR', KEYS[2])\n"

// jsonSrc uses RedisJSON and a hash-field expiry command of Redis 7.4.
const jsonSrc = "redis.call('JSON.SET', KEYS[1], '$', ARGV[1])\n" +
	"redis.call('HEXPIRE', KEYS[2], 60, 'FIELDS', 1, 'f')\n" +
	"return redis.call('JSON.GET', KEYS[1])\n"

// ruleMessages lists "rule: message" for each finding of the rules given.
func ruleMessages(t *testing.T, r result, rules ...string) []string {
	t.Helper()
	var out []string
	for _, d := range decode(t, r).Diagnostics {
		for _, id := range rules {
			if d.Rule == id {
				out = append(out, d.Rule+": "+d.Message)
			}
		}
	}
	return out
}

func TestTargetFlag(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{"valkey.lua": valkeySrc, "json.lua": jsonSrc})
	msgs := func(args ...string) []string {
		t.Helper()
		r := in(t, dir, append([]string{"--format", "json"}, args...)...)
		if r.code == ExitError {
			t.Fatalf("%q: exit 2\n%s", args, r.errOut)
		}
		return ruleMessages(t, r, "undefined-global", "unknown-command")
	}
	// The default target, the newest Redis: SCRIPT SHOW is Valkey's, the
	// modules are bundled.
	if got := msgs("valkey.lua", "json.lua"); len(got) != 1 || !strings.Contains(got[0], "SCRIPT SHOW exists only on Valkey") {
		t.Errorf("default target: %q", got)
	}
	if got := msgs("--target", "valkey", "valkey.lua"); len(got) != 0 {
		t.Errorf("--target valkey: %q", got)
	}
	got := msgs("--target", "redis-7.2", "json.lua")
	if len(got) != 3 || !strings.Contains(got[0], "JSON.SET is a RedisJSON command") || !strings.Contains(got[1], "HEXPIRE was added in Redis 7.4.0") {
		t.Errorf("--target redis-7.2: %q", got)
	}
	if got := msgs("--target", "redis-7.4", "--modules", "json", "json.lua"); len(got) != 0 {
		t.Errorf("--target redis-7.4 --modules json: %q", got)
	}
	if got := msgs("--modules=", "json.lua"); len(got) != 2 {
		t.Errorf("--modules= (none) on the newest Redis: %q, want the two JSON commands", got)
	}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"--target", "keydb"}, []string{"--target", `"keydb"`, "valkey-8.0"}},
		{[]string{"--target", "valkey-6.2"}, []string{"--target", "Valkey's first release"}},
		{[]string{"--modules", "graph"}, []string{"--modules", `unknown module "graph"`}},
		{[]string{"--target", "redis-7.2", "--redis-version", "7.2"}, []string{"--target and --redis-version are both set"}},
	} {
		r := in(t, dir, append(tc.args, "json.lua")...)
		wantCode(t, r, ExitError)
		wantErr(t, r, tc.want...)
	}
}

// TestTargetConfig: target and modules in .lint-lua.yaml, a per-glob
// target for a project with Redis and Valkey scripts, and the flags
// winning.
func TestTargetConfig(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		".lint-lua.yaml":            "target: redis-7.4\nmodules: [json]\noverrides:\n  - files: ['*Valkey*']\n    target: valkey-8.0\n",
		"lib/RateLimiterValkey.lua": valkeySrc,
		"lib/RateLimiterRedis.lua":  valkeySrc,
		"lib/json.lua":              jsonSrc,
		"server/ValkeyScript.lua":   serverSrc,
		"server/RedisScript.lua":    serverSrc,
		"both/.lint-lua.yaml":       "target: valkey\nredis_version: 7.2\n",
		"both/a.lua":                "return 1\n",
	})
	r := in(t, dir, "--format", "json", "lib")
	got := ruleMessages(t, r, "undefined-global", "unknown-command")
	if len(got) != 1 || !strings.Contains(got[0], "SCRIPT SHOW exists only on Valkey") {
		t.Errorf("configuration: %q, want SCRIPT SHOW reported in RateLimiterRedis.lua only", got)
	}
	for _, d := range decode(t, r).Diagnostics {
		if d.Rule == "unknown-command" && d.File != "lib/RateLimiterRedis.lua" {
			t.Errorf("reported in %s", d.File)
		}
	}
	// The flag wins over the configuration and its overrides.
	r = in(t, dir, "--format", "json", "--target", "valkey", "lib")
	if got := ruleMessages(t, r, "undefined-global", "unknown-command"); len(got) != 1 || !strings.Contains(got[0], "HEXPIRE exists only on Redis") {
		t.Errorf("--target valkey over the configuration: %q", got)
	}
	r = in(t, dir, "--format", "json", "--redis-version", "7.2", "lib/json.lua")
	if got := ruleMessages(t, r, "unknown-command"); len(got) != 1 || !strings.Contains(got[0], "HEXPIRE was added") {
		t.Errorf("--redis-version 7.2 with modules: [json] from the configuration: %q", got)
	}
	// server.call: once per file on Redis, nothing on Valkey.
	r = in(t, dir, "--format", "json", "server")
	var files []string
	for _, d := range decode(t, r).Diagnostics {
		if d.Rule == "undefined-global" {
			files = append(files, d.File+": "+d.Message)
		}
	}
	if len(files) != 1 || !strings.HasPrefix(files[0], "server/RedisScript.lua: server is Valkey's name for redis, and the target is Redis 7.4") {
		t.Errorf("server.call: %q, want one finding in RedisScript.lua", files)
	}
	both := filepath.Join(dir, "both")
	r = in(t, both, "a.lua")
	wantCode(t, r, ExitError)
	wantErr(t, r, filepath.Join(both, ".lint-lua.yaml")+":2:1:", "target and redis_version are both set")
}
