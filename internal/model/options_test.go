package model_test

import (
	"slices"
	"testing"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/target"
)

// buildFor builds src with the options a target gives.
func buildFor(t *testing.T, src, tgt string) *model.Model {
	t.Helper()
	f := luasrc.Parse("t.lua", []byte(src))
	if len(f.Errors) > 0 {
		t.Fatalf("parse: %v", f.Errors)
	}
	tg := target.MustParse(tgt)
	return model.BuildWith(f, model.Options{ServerAlias: tg.ServerAlias(), Lookup: tg.Lookup})
}

func globalNames(m *model.Model) []string {
	var out []string
	for _, g := range m.Globals {
		out = append(out, g.Name)
	}
	return out
}

// On Valkey, server.call is redis.call (redis-facts.md H1): a call site
// with its command and keys, directly or through a local.
func TestServerAlias(t *testing.T) {
	src := "local s = server\nlocal v = server.call('GET', KEYS[1])\nreturn s.pcall('SET', KEYS[2], v)"
	m := buildFor(t, src, "valkey-8.0")
	if len(m.Calls) != 2 {
		t.Fatalf("%d calls, want 2", len(m.Calls))
	}
	if c := m.Calls[0]; c.Name != "GET" || c.Protected || !slices.Equal(c.Keys, []int{1}) {
		t.Errorf("first call %s protected %v keys %v", c.Name, c.Protected, c.Keys)
	}
	if c := m.Calls[1]; c.Name != "SET" || !c.Protected {
		t.Errorf("second call %s protected %v", c.Name, c.Protected)
	}
	if got := globalNames(m); !slices.Contains(got, "redis.call") || !slices.Contains(got, "server") || slices.Contains(got, "server.call") {
		t.Errorf("globals %v: want redis.call and server", got)
	}

	// On Redis, server is an undefined global and nothing is a call.
	m = buildFor(t, src, "redis")
	if len(m.Calls) != 0 {
		t.Errorf("Redis: %d calls through server", len(m.Calls))
	}
	if got := globalNames(m); !slices.Contains(got, "server.call") {
		t.Errorf("Redis globals %v: want server.call", got)
	}

	// A local named server is no alias.
	m = buildFor(t, "local server = {call = function() end}\nreturn server.call('GET', KEYS[1])", "valkey")
	if len(m.Calls) != 0 {
		t.Errorf("a local server made %d calls", len(m.Calls))
	}
}

// server.register_function registers in a Valkey library (H3), and
// server.setresp(3) switches to RESP3.
func TestServerAliasLibrary(t *testing.T) {
	src := "#!lua name=lib\nserver.register_function('f', function(keys, args)\n  server.setresp(3)\n  return server.call('GET', keys[1])\nend)"
	m := buildFor(t, src, "valkey-7.2")
	if len(m.Registrations) != 1 || m.Registrations[0].Name != "f" {
		t.Errorf("registrations %+v", m.Registrations)
	}
	if !m.SetResp3 || len(m.Calls) != 1 {
		t.Errorf("SetResp3 %v, %d calls", m.SetResp3, len(m.Calls))
	}
	if m = buildFor(t, src, "redis"); len(m.Registrations) != 0 {
		t.Errorf("Redis registered %d functions through server", len(m.Registrations))
	}
}

// The target's lookup resolves module commands, with their keys, and
// leaves nil what the target lacks.
func TestTargetLookup(t *testing.T) {
	src := "redis.call('JSON.SET', KEYS[1], '$', ARGV[1])\nreturn redis.call('JSON.MGET', KEYS[1], KEYS[2], '$')"
	m := buildFor(t, src, "redis-8.0")
	if len(m.Calls) != 2 {
		t.Fatalf("%d calls", len(m.Calls))
	}
	if c := m.Calls[0]; c.Command == nil || c.Command.Module != redisdb.ModuleJSON || !slices.Equal(c.Keys, []int{1}) {
		t.Errorf("JSON.SET: %+v keys %v", c.Command, c.Keys)
	}
	if c := m.Calls[1]; c.Command == nil || !c.Command.UndeclaredKeys || !slices.Equal(c.Keys, []int{1, 2}) {
		t.Errorf("JSON.MGET: keys %v", c.Keys)
	}
	m = buildFor(t, src, "redis-7.2")
	if c := m.Calls[0]; c.Command != nil || c.Name != "JSON.SET" {
		t.Errorf("JSON.SET on redis-7.2: %+v %s", c.Command, c.Name)
	}
	// Without options the model reads Redis's table, as before.
	if m = build(t, src); m.Calls[0].Command != nil {
		t.Errorf("JSON.SET resolved without a target")
	}
	// A subcommand through the target: Valkey 7.2 takes the commands
	// Valkey changed after 7.2 from Redis's table (H12).
	m = buildFor(t, "return redis.call('XGROUP', 'CREATE', KEYS[1], 'g', '$')", "valkey-7.2")
	if c := m.Calls[0]; c.Command != redisdb.RedisTable.Lookup("XGROUP CREATE") {
		t.Errorf("XGROUP CREATE on valkey-7.2: %v", c.Command)
	}
	m = buildFor(t, "return redis.call('XGROUP', 'CREATE', KEYS[1], 'g', '$')", "valkey-8.0")
	if c := m.Calls[0]; c.Command != redisdb.ValkeyTable.Lookup("XGROUP CREATE") {
		t.Errorf("XGROUP CREATE on valkey-8.0: %v", c.Command)
	}
}
