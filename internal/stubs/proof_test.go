package stubs

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
)

// TestSandboxOnRedis lists, on the test server, the globals of the EVAL
// sandbox and the fields of each of its tables, and compares them with
// what the definitions declare for the server's target. The differences
// are the documented ones: table.setn (it only raises "'setn' is
// obsolete"), redis.register_function (Functions libraries only, G) and
// the error handlers Redis and Valkey keep as globals.
func TestSandboxOnRedis(t *testing.T) {
	c := redistest.Client(t)
	tg := redistest.ServerTarget(t, c)
	d := newDefs(tg, "x")
	list := func(expr string) []string {
		r := c.MustEval(t, "local o = {} for k in pairs("+expr+") do o[#o+1] = tostring(k) end table.sort(o) return o", nil)
		var out []string
		for _, e := range r.Array {
			out = append(out, e.Str)
		}
		return out
	}
	src, err := os.ReadFile("testdata/scripts/vararg.lua")
	if err != nil {
		t.Fatal(err)
	}
	if r := c.MustEval(t, string(src), nil); r.Kind != redistest.Integer || r.Int != 3 {
		t.Errorf("arg in a vararg function: %s, want 3 (the stubs declare %s for luacheck and selene)", r, varargLocal)
	}
	if r, err := c.Eval("return type(arg)", nil); err != nil || r.Kind != redistest.Error || !strings.Contains(r.Str, "nonexistent global variable 'arg'") {
		t.Errorf("arg outside a vararg function: %s %v, want the nonexistent-global error", r, err)
	}
	var globals []string
	for _, g := range list("_G") {
		if !strings.HasPrefix(g, "__") {
			globals = append(globals, g)
		}
	}
	declared := d.globals()
	slices.Sort(declared)
	if !slices.Equal(globals, declared) {
		t.Errorf("%s: the sandbox's globals\n  %v\nthe definitions'\n  %v", tg, globals, declared)
	}
	for _, g := range declared {
		fields := d.fields(g)
		if len(fields) == 0 {
			continue
		}
		var names []string
		for _, f := range fields {
			if n := strings.TrimPrefix(f.Path, global(f.Path)+"."); n != "register_function" {
				names = append(names, n)
			}
		}
		slices.Sort(names)
		got := list(g)
		if g == "table" {
			got = slices.DeleteFunc(got, func(s string) bool { return s == "setn" })
		}
		if !slices.Equal(got, names) {
			t.Errorf("%s: fields of %s on the server\n  %v\nin the definitions\n  %v", tg, g, got, names)
		}
	}
}

// TestRepliesOnRedis runs commands on the test server and checks that
// the type of what redis.call and redis.pcall return in the script is
// one of the types the command's overload declares.
func TestRepliesOnRedis(t *testing.T) {
	c := redistest.Client(t)
	tg := redistest.ServerTarget(t, c)
	c.MustDo(t, "FLUSHALL")
	for _, setup := range [][]string{
		{"SET", "s", "5"}, {"HSET", "h", "f", "v"}, {"RPUSH", "l", "a", "b"}, {"ZADD", "z", "1.5", "m"}, {"SADD", "set", "x"},
	} {
		c.MustDo(t, setup...)
	}
	// kind names the Lua value as the overloads' types do.
	const kind = `local function kind(v)
  local t = type(v)
  if t == 'boolean' then return tostring(v) end
  if t == 'number' then return 'integer' end
  if t == 'table' then
    if v.ok then return '{ok: string}' end
    if v.err then return '{err: string}' end
    return 'any[]'
  end
  return t
end
`
	for _, tc := range []struct {
		fn   string
		args []string
	}{
		{"call", []string{"GET", "s"}},
		{"call", []string{"GET", "missing"}},
		{"call", []string{"INCR", "n"}},
		{"call", []string{"SET", "k", "v"}},
		{"call", []string{"SET", "k", "w", "GET"}},
		{"call", []string{"SET", "k", "w", "NX"}},
		{"call", []string{"HGET", "h", "f"}},
		{"call", []string{"HGET", "h", "nope"}},
		{"call", []string{"HGETALL", "h"}},
		{"call", []string{"HMGET", "h", "f", "nope"}},
		{"call", []string{"LPOP", "l"}},
		{"call", []string{"LPOP", "missing"}},
		{"call", []string{"LRANGE", "l", "0", "-1"}},
		{"call", []string{"ZSCORE", "z", "m"}},
		{"call", []string{"ZSCORE", "z", "nope"}},
		{"call", []string{"ZRANGEBYSCORE", "z", "-inf", "+inf", "WITHSCORES"}},
		{"call", []string{"ZINCRBY", "z", "1", "m"}},
		{"call", []string{"SISMEMBER", "set", "x"}},
		{"call", []string{"TYPE", "s"}},
		{"call", []string{"PING"}},
		{"call", []string{"EXPIRE", "s", "100"}},
		{"call", []string{"TTL", "s"}},
		{"call", []string{"SCAN", "0"}},
		{"call", []string{"OBJECT", "ENCODING", "s"}},
		{"call", []string{"OBJECT", "ENCODING", "missing"}},
		{"pcall", []string{"GET", "s"}},
		{"pcall", []string{"LPUSH", "s", "x"}},
		{"pcall", []string{"INCR", "h"}},
	} {
		var quoted []string
		for _, a := range tc.args {
			quoted = append(quoted, "'"+a+"'")
		}
		r := c.MustEval(t, kind+"return kind(redis."+tc.fn+"("+strings.Join(quoted, ", ")+"))", nil)
		sub := ""
		if len(tc.args) > 1 && tg.Lookup(tc.args[0]) == nil {
			sub = tc.args[1] // a container: the overload is the subcommand's
		}
		o := overloadOf(t, tg, "redis."+tc.fn, tc.args[0], sub)
		if o == "" {
			t.Errorf("redis.%s %v: no overload", tc.fn, tc.args)
			continue
		}
		types := strings.Split(o[strings.LastIndex(o, "): ")+3:], "|")
		if !slices.Contains(types, r.Str) {
			t.Errorf("redis.%s %v returned a %s in the script; the overload says %s", tc.fn, tc.args, r.Str, o)
		}
	}
}
