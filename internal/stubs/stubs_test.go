package stubs

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/target"
	"go.yaml.in/yaml/v3"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGolden compares each format's files with testdata/<format>/, for a
// target chosen so that each shows something of its own: os.clock on Redis
// 7.4, the plain 7.0 sandbox, Valkey's server alias and fields.
func TestGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		format Format
		target string
	}{
		{LuaLS, "redis-7.4"},
		{Luacheck, "redis-7.0"},
		{Selene, "valkey-8.0"},
	} {
		t.Run(string(tc.format), func(t *testing.T) {
			t.Parallel()
			files, err := Generate(tc.format, target.MustParse(tc.target), "lint-lua stubs --format "+string(tc.format)+" --target "+tc.target)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				golden := filepath.Join("testdata", string(tc.format), strings.TrimPrefix(f.Name, ".")+".golden")
				if *update {
					if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(golden, f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (go test ./internal/stubs -update writes it)", err)
				}
				if !bytes.Equal(f.Data, want) {
					t.Errorf("%s differs from %s (go test ./internal/stubs -update, then read the diff)", f.Name, golden)
				}
			}
		})
	}
}

func TestUnknownFormat(t *testing.T) {
	t.Parallel()
	if _, err := Generate("emmy", target.Target{}, "x"); err == nil || !strings.Contains(err.Error(), "luals, luacheck, selene") {
		t.Fatalf("err = %v, want the valid formats named", err)
	}
}

// overloadOf returns the overload of redis.call (or redis.pcall) for the
// command name (and subcommand) on the target.
func overloadOf(t *testing.T, tg target.Target, fn, name, sub string) string {
	t.Helper()
	d := newDefs(tg, "x")
	prefix := "fun(command: " + nameType(name)
	if sub != "" {
		prefix += ", subcommand: " + nameType(sub)
	}
	for _, o := range d.commandOverloads(fn) {
		if strings.HasPrefix(o, prefix+",") || strings.HasPrefix(o, prefix+")") {
			return o
		}
	}
	return ""
}

// TestOverloads checks the overloads against the reply facts of
// redis-facts.md: a missing key's GET is false (A1), INCR a number, a
// status reply a table with ok (A4), an error through redis.pcall a table
// with err (A5), and the argument lists against the commands' arity.
func TestOverloads(t *testing.T) {
	t.Parallel()
	tg := target.MustParse("redis-7.0")
	for _, tc := range []struct{ fn, name, sub, want string }{
		{"redis.call", "GET", "", `fun(command: "GET"|"get", key: string): string|false`},
		{"redis.call", "INCR", "", `fun(command: "INCR"|"incr", key: string): integer`},
		{"redis.call", "HGETALL", "", `fun(command: "HGETALL"|"hgetall", key: string): any[]`},
		{"redis.call", "TYPE", "", `fun(command: "TYPE"|"type", key: string): {ok: string}`},
		{"redis.call", "SET", "", `fun(command: "SET"|"set", key: string, value: string|number, ...: string|number): string|{ok: string}|false`},
		{"redis.call", "ZSCORE", "", `fun(command: "ZSCORE"|"zscore", key: string, member: string|number): string|false`},
		{"redis.call", "GETRANGE", "", `fun(command: "GETRANGE"|"getrange", key: string, start: string|number, end_: string|number): string`},
		{"redis.call", "MGET", "", `fun(command: "MGET"|"mget", ...: string|number): any[]`},
		{"redis.call", "OBJECT", "ENCODING", `fun(command: "OBJECT"|"object", subcommand: "ENCODING"|"encoding", key: string): string|false`},
		{"redis.pcall", "GET", "", `fun(command: "GET"|"get", key: string): string|false|{err: string}`},
		{"redis.pcall", "INCR", "", `fun(command: "INCR"|"incr", key: string): integer|{err: string}`},
	} {
		if got := overloadOf(t, tg, tc.fn, tc.name, tc.sub); got != tc.want {
			t.Errorf("%s %s %s:\n got %s\nwant %s", tc.fn, tc.name, tc.sub, got, tc.want)
		}
	}
	// Commands scripts may not call, and commands the target lacks, have
	// no overload: CONFIG is NOSCRIPT, BLPOP was refused before 7.2 (C13),
	// HEXPIRE came in 7.4, JSON.GET needs the module.
	for _, c := range [][2]string{{"CONFIG", "GET"}, {"BLPOP", ""}, {"HEXPIRE", ""}, {"JSON.GET", ""}, {"SUBSCRIBE", ""}} {
		if o := overloadOf(t, tg, "redis.call", c[0], c[1]); o != "" {
			t.Errorf("%s has an overload on %s: %s", c[0], tg, o)
		}
	}
	if o := overloadOf(t, target.MustParse("redis-7.2"), "redis.call", "BLPOP", ""); o == "" {
		t.Error("BLPOP has no overload on redis-7.2, where scripts may call it (H11)")
	}
	if o := overloadOf(t, target.MustParse("redis-8.0"), "redis.call", "JSON.GET", ""); !strings.HasSuffix(o, "): any") {
		t.Errorf("JSON.GET on redis-8.0 = %q, want an overload returning any (the module's table gives no reply type)", o)
	}
}

// TestOverloadArity checks every overload's arguments against the
// command's arity: an exact arity gets exactly its arguments, and a
// command that takes more gets a final `...`.
func TestOverloadArity(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"redis-7.0", "redis", "valkey-8.0"} {
		tg := target.MustParse(name)
		cmds := scriptCommands(tg)
		if len(cmds) < 200 {
			t.Fatalf("%s: %d commands, want the whole table", name, len(cmds))
		}
		for _, sc := range cmds {
			ps := commandParams(sc)
			words := 1
			if sc.Sub != "" {
				words = 2
			}
			vararg := len(ps) > 0 && ps[len(ps)-1].vararg()
			fixed := len(ps)
			if vararg {
				fixed--
			}
			c := sc.Command
			switch {
			case c.Arity >= 0 && !vararg && words+fixed != c.Arity:
				t.Errorf("%s %s %s: %d arguments, arity %d", name, sc.Name, sc.Sub, fixed, c.Arity)
			case c.Arity >= 0 && words+fixed > c.Arity, c.Arity < 0 && words+fixed > -c.Arity:
				t.Errorf("%s %s %s: %d required arguments exceed arity %d", name, sc.Name, sc.Sub, fixed, c.Arity)
			case c.Arity < 0 && !vararg:
				t.Errorf("%s %s %s: arity %d takes more arguments, and the overload has no ...", name, sc.Name, sc.Sub, c.Arity)
			}
			if tg.NoScript(c) {
				t.Errorf("%s %s %s: scripts may not call it, and it has an overload", name, sc.Name, sc.Sub)
			}
		}
	}
}

// TestReplyType covers each reply kind's Lua type.
func TestReplyType(t *testing.T) {
	t.Parallel()
	for k, want := range map[redisdb.ReplyKind]string{
		0:                                        "any",
		redisdb.ReplyBulk | redisdb.ReplyNull:    "string|false",
		redisdb.ReplyDouble:                      "string",
		redisdb.ReplyInteger:                     "integer",
		redisdb.ReplyStatus:                      "{ok: string}",
		redisdb.ReplyArray | redisdb.ReplyMap:    "any[]",
		redisdb.ReplyArray | redisdb.ReplyNull:   "any[]|false",
		redisdb.ReplyBulk | redisdb.ReplyDouble:  "string",
		redisdb.ReplyStatus | redisdb.ReplyNull:  "{ok: string}|false",
		redisdb.ReplyInteger | redisdb.ReplyBulk: "string|integer",
	} {
		if got := replyType(k); got != want {
			t.Errorf("replyType(%s) = %q, want %q", k, got, want)
		}
	}
}

// TestGlobalsDeclared checks that the definitions declare every global
// the target's sandbox has (target.Globals), KEYS and ARGV, and nothing
// else: not print, require, io, os where the target has no os, nor
// os.execute where it has one.
func TestGlobalsDeclared(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"redis-7.0", "redis-7.4", "valkey-7.2", "valkey-8.0", "upstash"} {
		tg := target.MustParse(name)
		d := newDefs(tg, "x")
		got := d.globals()
		want := append([]string{"KEYS", "ARGV"}, tg.Globals()...)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: globals\n got %v\nwant %v", name, got, want)
		}
		for _, m := range d.members {
			if strings.HasPrefix(m.Path, "os.") && m.Path != "os.clock" {
				t.Errorf("%s: declares %s (the sandbox's os has only clock)", name, m.Path)
			}
		}
	}
}

// TestSeleneFormat reads redis.yml back with selene's schema: a name and
// globals, each a function (args, every type one of selene's or a list of
// constants) or a read-only property.
func TestSeleneFormat(t *testing.T) {
	t.Parallel()
	files, err := Generate(Selene, target.MustParse("redis-7.0"), "x")
	if err != nil {
		t.Fatal(err)
	}
	var std struct {
		Name    string `yaml:"name"`
		Globals map[string]struct {
			Args *[]struct {
				Required any `yaml:"required"`
				Type     any `yaml:"type"`
			} `yaml:"args"`
			Property string `yaml:"property"`
		} `yaml:"globals"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(files[0].Data))
	dec.KnownFields(true)
	if err := dec.Decode(&std); err != nil {
		t.Fatal(err)
	}
	types := []string{"any", "bool", "function", "nil", "number", "string", "table", "..."}
	for name, g := range std.Globals {
		switch {
		case g.Args == nil && g.Property != "read-only":
			t.Errorf("%s: neither a function nor a read-only property", name)
		case g.Args != nil:
			for i, a := range *g.Args {
				switch typ := a.Type.(type) {
				case string:
					if !slices.Contains(types, typ) {
						t.Errorf("%s: argument %d has type %q, not one of selene's", name, i+1, typ)
					}
				case []any:
					if len(typ) == 0 {
						t.Errorf("%s: argument %d has an empty list of constants", name, i+1)
					}
				default:
					t.Errorf("%s: argument %d has type %v", name, i+1, typ)
				}
				if _, ok := a.Required.(bool); a.Required != nil && !ok {
					t.Errorf("%s: argument %d: required is %v", name, i+1, a.Required)
				}
			}
		}
	}
	call := std.Globals["redis.call"]
	if call.Args == nil || len(*call.Args) != 2 {
		t.Fatalf("redis.call: args %v, want the command and ...", call.Args)
	}
	names, _ := (*call.Args)[0].Type.([]any)
	for _, want := range []string{"GET", "get", "ZADD", "zadd", "EXPIRE", "CONFIG"} {
		if !slices.Contains(names, any(want)) {
			t.Errorf("redis.call's command names lack %s", want)
		}
	}
	for _, absent := range []string{"MULTI", "SUBSCRIBE", "HEXPIRE", "EVALSHA", "print", "os.time", "require", "io.write"} {
		if slices.Contains(names, any(absent)) {
			t.Errorf("redis.call's command names include %s", absent)
		}
		if _, ok := std.Globals[absent]; ok {
			t.Errorf("the std declares %s", absent)
		}
	}
}
