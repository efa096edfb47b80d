package luasrc

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRedisEvidenceRealShapes judges the shapes of Lua that share
// repositories with Redis scripts: each file of testdata/redisscript is
// either a script (with the first evidence and its line) or not.
func TestRedisEvidenceRealShapes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		file string
		want bool
		what string
		line int
	}{
		{"neovim_init.lua", false, "", 0},
		{"love_main.lua", false, "", 0},
		{"openresty_handler.lua", false, "", 0},
		{"busted_spec.lua", false, "", 0},
		{"fragment.lua", false, "", 0},
		{"redis_call_only.lua", true, "redis.call", 3},
		{"functions_library.lua", true, "#!lua", 1},
		{"keys_alias.lua", true, "KEYS", 2},
	}
	for _, c := range cases {
		src, err := os.ReadFile(filepath.Join("testdata", "redisscript", c.file))
		if err != nil {
			t.Fatal(err)
		}
		ev, ok := RedisEvidence(src)
		if ok != c.want || ev.What != c.what || ev.Line != c.line {
			t.Errorf("%s: RedisEvidence = %+v, %v; want {%s %d}, %v", c.file, ev, ok, c.what, c.line, c.want)
		}
	}
}

func TestRedisEvidenceForms(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src  string
		want string // "" for no evidence
	}{
		{"return KEYS[1]", "KEYS"},
		{"local n = #ARGV", "ARGV"},
		{"return server.call('GET', 'k')", "server.call"},
		{"redis.register_function('f', function(keys) return 1 end)", "redis.register_function"},
		{"local rcall = redis.call\nreturn rcall('GET', 'k')", "redis.call"},
		{"\xEF\xBB\xBF#!lua flags=no-writes\nreturn 1", "#!lua"},
		{"redis.log(redis.LOG_WARNING, 'x')", "redis.log"},
		// Not the global: bound, a field, a table key, a method, text.
		{"local KEYS = {}\nreturn KEYS[1]", ""},
		{"local function f(redis) return redis.call('x') end", ""},
		{"for ARGV in pairs(t) do print(ARGV[1]) end", ""},
		{"return t.KEYS[1]", ""},
		{"local t = {KEYS = 1, ARGV = 2}", ""},
		{"KEYS = {'a'}", ""},
		{"local r = redis:new()", ""},
		{"redis.connect('h', 1)", ""},
		{"print('redis.call(KEYS[1])') -- KEYS[1]", ""},
		{"print([==[ redis.call(KEYS[1]) ]==]) --[[ ARGV[1] ]]", ""},
		{"if a == KEYS then end", "KEYS"},
		{"local s = 'a' .. ARGV[1]", "ARGV"},
		// A string that does not end: the lexer is unsure, the texts decide.
		{"print('unfinished\nreturn redis.call('GET', KEYS[1])", "KEYS"},
		{"print('unfinished\nreturn 1", ""},
		{"", ""},
	}
	for _, c := range cases {
		ev, ok := RedisEvidence([]byte(c.src))
		if ok != (c.want != "") || ev.What != c.want {
			t.Errorf("RedisEvidence(%q) = %+v, %v; want %q", c.src, ev, ok, c.want)
		}
	}
}

func FuzzRedisEvidence(f *testing.F) {
	f.Add([]byte("return redis.call('GET', KEYS[1])"))
	f.Add([]byte("--[==[ x"))
	f.Add([]byte("local function f(a, b) end"))
	f.Fuzz(func(t *testing.T, src []byte) {
		ev, ok := RedisEvidence(src)
		if ok && (ev.What == "" || ev.Line < 1) {
			t.Fatalf("evidence without a name or line: %+v", ev)
		}
	})
}
