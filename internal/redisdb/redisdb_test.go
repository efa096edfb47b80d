package redisdb_test

import (
	"bytes"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/redisdb/internal/gencore"
)

// unknown marks an argument whose value is not known statically.
const unknown = "\x00"

// argv builds a call's argv; an entry equal to unknown becomes nil.
func argv(args ...string) []*string {
	out := make([]*string, len(args))
	for i := range args {
		if args[i] != unknown {
			out[i] = &args[i]
		}
	}
	return out
}

// lookup resolves "OBJECT ENCODING" style names and fails the test when the
// command is missing.
func lookup(t *testing.T, name string) *redisdb.Command {
	t.Helper()
	c := redisdb.Lookup(name)
	if c == nil {
		t.Fatalf("Lookup(%q) = nil", name)
	}
	return c
}

func TestLookup(t *testing.T) {
	tests := []struct {
		got  *redisdb.Command
		want string // "" for nil
	}{
		{redisdb.Lookup("GET"), "GET"},
		{redisdb.Lookup("get"), "GET"},
		{redisdb.Lookup("config").Sub("get"), "CONFIG GET"},
		{redisdb.Lookup("Config Get"), "CONFIG GET"},
		{redisdb.Lookup("XINFO").Sub("STREAM"), "XINFO STREAM"},
		{redisdb.Lookup("NOPE"), ""},
		{redisdb.Lookup("NOPE").Sub("GET"), ""},
		{redisdb.Lookup("GET").Sub("X"), ""},
		{redisdb.Lookup("CONFIG NOPE"), ""},
		{redisdb.Lookup(""), ""},
	}
	for i, tt := range tests {
		switch {
		case tt.want == "" && tt.got != nil:
			t.Errorf("case %d: got %s, want nil", i, tt.got.Name)
		case tt.want != "" && tt.got == nil:
			t.Errorf("case %d: got nil, want %s", i, tt.want)
		case tt.want != "" && tt.got.Name != tt.want:
			t.Errorf("case %d: got %s, want %s", i, tt.got.Name, tt.want)
		}
	}
	if c := lookup(t, "CONFIG"); c.Subcommands == nil || c.Sub("SET") == nil {
		t.Errorf("CONFIG has no SET subcommand")
	}
	if lookup(t, "GET").Subcommands != nil {
		t.Errorf("GET.Subcommands is not nil")
	}
}

func TestAll(t *testing.T) {
	all := redisdb.All()
	if len(all) < 200 {
		t.Fatalf("All() has %d commands", len(all))
	}
	if !sort.SliceIsSorted(all, func(i, j int) bool { return all[i].Name < all[j].Name }) {
		t.Errorf("All() is not sorted by name")
	}
	for _, c := range all {
		if strings.Contains(c.Name, " ") || c.Name != strings.ToUpper(c.Name) {
			t.Errorf("top-level name %q", c.Name)
		}
		if redisdb.Lookup(c.Name) != c {
			t.Errorf("Lookup(%q) does not return the All() entry", c.Name)
		}
		if !sort.SliceIsSorted(c.Subcommands, func(i, j int) bool { return c.Subcommands[i].Name < c.Subcommands[j].Name }) {
			t.Errorf("the subcommands of %s are not sorted by name", c.Name)
		}
		for _, s := range c.Subcommands {
			if key := s.SubName(); s.Name != c.Name+" "+key || c.Sub(key) != s || c.Sub(strings.ToLower(key)) != s {
				t.Errorf("subcommand %q of %s has name %q or is not found by it", key, c.Name, s.Name)
			}
			checkArgs(t, s, s.Args)
		}
		checkArgs(t, c, c.Args)
	}
	all[0] = nil
	if redisdb.All()[0] == nil {
		t.Errorf("All() returns the table itself, not a copy")
	}
}

// checkArgs checks that key_spec_index values point at existing specs.
func checkArgs(t *testing.T, c *redisdb.Command, args []redisdb.Arg) {
	t.Helper()
	for _, a := range args {
		if a.KeySpecIndex < -1 || a.KeySpecIndex >= len(c.KeySpecs) {
			t.Errorf("%s: argument %s: KeySpecIndex %d with %d specs", c.Name, a.Name, a.KeySpecIndex, len(c.KeySpecs))
		}
		checkArgs(t, c, a.Args)
	}
}

func TestArity(t *testing.T) {
	tests := []struct {
		name string
		argc int
		want bool
	}{
		{"GET", 2, true},
		{"GET", 1, false},
		{"GET", 3, false},
		{"SET", 2, false},
		{"SET", 3, true},
		{"SET", 7, true},
		{"EVAL", 2, false},
		{"EVAL", 3, true},
		{"CONFIG GET", 2, false}, // container and subcommand both count
		{"CONFIG GET", 3, true},
		{"OBJECT ENCODING", 3, true},
		{"OBJECT ENCODING", 4, false},
		{"PING", 1, true},
	}
	for _, tt := range tests {
		if got := lookup(t, tt.name).CheckArity(tt.argc); got != tt.want {
			t.Errorf("%s.CheckArity(%d) = %v, want %v", tt.name, tt.argc, got, tt.want)
		}
	}
	if got := lookup(t, "SET").Arity; got != -3 {
		t.Errorf("SET arity = %d, want -3", got)
	}
}

func TestFlags(t *testing.T) {
	tests := []struct {
		name                      string
		write, noscript, blocking bool
		flag                      string // extra flag to check with HasFlag, any case
		hasFlag                   bool
	}{
		{"SET", true, false, false, "denyoom", true},
		{"GET", false, false, false, "Fast", true},
		// KEYS is allowed in scripts (facts C13): the JSON has no NOSCRIPT.
		{"KEYS", false, false, false, "READONLY", true},
		// BLPOP is refused in 7.0.15 scripts (facts C13) and allowed from
		// 7.2 (H11): the flags are the newest Redis's, NoScriptUntil says
		// the rest (TestNoScriptUntil).
		{"BLPOP", true, false, true, "WRITE", true},
		{"BLMPOP", true, false, true, "NOSCRIPT", false},
		{"WAIT", false, false, true, "", false},
		{"EVAL", false, true, false, "NO_MANDATORY_KEYS", true},
		{"CONFIG GET", false, true, false, "ADMIN", true},
		{"FLUSHALL", true, false, false, "", false},
	}
	for _, tt := range tests {
		c := lookup(t, tt.name)
		if got := c.IsWrite(); got != tt.write {
			t.Errorf("%s.IsWrite() = %v, want %v", tt.name, got, tt.write)
		}
		if got := c.NoScript(); got != tt.noscript {
			t.Errorf("%s.NoScript() = %v, want %v", tt.name, got, tt.noscript)
		}
		if got := c.Blocking(); got != tt.blocking {
			t.Errorf("%s.Blocking() = %v, want %v", tt.name, got, tt.blocking)
		}
		if tt.flag != "" {
			if got := c.HasFlag(tt.flag); got != tt.hasFlag {
				t.Errorf("%s.HasFlag(%q) = %v, want %v", tt.name, tt.flag, got, tt.hasFlag)
			}
		}
	}
	// Every command facts C13 lists as refused from scripts, and that the
	// table knows, must say so: by its flag, or (the blocking commands,
	// which 7.2 allows) by NoScriptUntil.
	for _, name := range []string{"BLPOP", "BRPOPLPUSH", "BLMOVE", "WAIT"} {
		if c := redisdb.Lookup(name); c.NoScript() || c.NoScriptUntil != "7.2.0" {
			t.Errorf("%s: NoScript() %v, NoScriptUntil %q; want false and 7.2.0", name, c.NoScript(), c.NoScriptUntil)
		}
	}
	for _, name := range []string{"SUBSCRIBE", "PSUBSCRIBE", "MULTI", "EXEC", "WATCH", "EVAL", "EVALSHA", "FCALL", "SCRIPT FLUSH", "SCRIPT EXISTS", "FUNCTION LIST", "CLIENT KILL", "CLIENT LIST", "CLIENT SETNAME", "CONFIG GET", "CONFIG SET", "SHUTDOWN", "SAVE", "BGSAVE", "MONITOR", "AUTH", "HELLO", "RESET", "SYNC", "QUIT", "SLAVEOF", "REPLICAOF"} {
		c := redisdb.Lookup(name)
		if c == nil {
			continue // QUIT and a few others may be absent from the JSON
		}
		if !c.NoScript() {
			t.Errorf("%s: NoScript() = false, but 7.0.15 refuses it in scripts", name)
		}
	}
	// And every command C13 lists as allowed must not.
	for _, name := range []string{"KEYS", "SCAN", "FLUSHALL", "FLUSHDB", "PUBLISH", "SELECT", "OBJECT ENCODING", "PING", "INFO", "TIME", "RANDOMKEY", "SRANDMEMBER", "SPOP", "XREAD"} {
		if lookup(t, name).NoScript() {
			t.Errorf("%s: NoScript() = true, but 7.0.15 allows it in scripts", name)
		}
	}
}

func TestReply(t *testing.T) {
	tests := []struct {
		name   string
		want   redisdb.ReplyKind
		consts []string
	}{
		{"GET", redisdb.ReplyNull | redisdb.ReplyBulk, nil},
		{"SETNX", redisdb.ReplyInteger, []string{"0", "1"}},
		{"SET", redisdb.ReplyStatus | redisdb.ReplyNull | redisdb.ReplyBulk, []string{`"OK"`}},
		{"HGETALL", redisdb.ReplyMap, nil},
		{"LRANGE", redisdb.ReplyArray, nil},
		{"ZSCORE", redisdb.ReplyNull | redisdb.ReplyDouble, nil},
		{"INCRBYFLOAT", redisdb.ReplyBulk, nil},
		{"TTL", redisdb.ReplyInteger, []string{"-1", "-2"}},
		{"PING", redisdb.ReplyStatus | redisdb.ReplyBulk, []string{`"PONG"`}},
		// Overrides: TYPE is a status reply, never nil (facts E18); LMOVE
		// can be nil.
		{"TYPE", redisdb.ReplyStatus, nil},
		{"LMOVE", redisdb.ReplyNull | redisdb.ReplyBulk, nil},
		// The script decides.
		{"EVAL", 0, nil},
		{"CONFIG", 0, nil},
	}
	for _, tt := range tests {
		c := lookup(t, tt.name)
		if c.Reply != tt.want {
			t.Errorf("%s.Reply = %v, want %v", tt.name, c.Reply, tt.want)
		}
		if !slices.Equal(c.ReplyConsts, tt.consts) {
			t.Errorf("%s.ReplyConsts = %q, want %q", tt.name, c.ReplyConsts, tt.consts)
		}
	}
	if got := (redisdb.ReplyNull | redisdb.ReplyBulk).String(); got != "null|bulk" {
		t.Errorf("String() = %q", got)
	}
}

func TestKeyPositions(t *testing.T) {
	u := unknown
	tests := []struct {
		cmd      string // looked up with Lookup; may name a subcommand
		args     []string
		want     []int
		complete bool
	}{
		{"GET", []string{"GET", "k"}, []int{1}, true},
		{"GET", []string{"GET"}, nil, true}, // arity error: no key
		{"GET", []string{"GET", u}, []int{1}, true},
		{"MSET", []string{"MSET", "k1", "v1", "k2", "v2"}, []int{1, 3}, true},
		{"MGET", []string{"MGET", "a", "b", "c"}, []int{1, 2, 3}, true},
		{"DEL", []string{"DEL", u, u}, []int{1, 2}, true},
		{"EVAL", []string{"EVAL", "s", "2", "a", "b", "c"}, []int{3, 4}, true},
		{"EVAL", []string{"EVAL", "s", u, "a", "b"}, nil, false},
		{"EVAL", []string{"EVAL", "s", "0", "a"}, nil, true},
		{"EVAL", []string{"EVAL", "s", "x"}, nil, false},
		{"EVAL", []string{"EVAL", "s", "-1"}, nil, false},
		{"EVAL", []string{"EVAL", "s", "3", "a", "b"}, []int{3, 4}, true}, // Redis rejects; keys present
		{"FCALL", []string{"FCALL", "f", "1", u, u}, []int{3}, true},
		{"XREAD", []string{"XREAD", "COUNT", "1", "STREAMS", "s1", "s2", "0", "0"}, []int{4, 5}, true},
		{"XREAD", []string{"XREAD", "count", u, "streams", u, u}, []int{4}, true},
		{"XREAD", []string{"XREAD", u, u, u, u}, nil, false},
		{"XREADGROUP", []string{"XREADGROUP", "GROUP", "g", "c", "COUNT", "1", "STREAMS", "s", "0"}, []int{7}, true},
		{"ZUNIONSTORE", []string{"ZUNIONSTORE", "dst", "2", "a", "b"}, []int{1, 3, 4}, true},
		{"ZUNIONSTORE", []string{"ZUNIONSTORE", "dst", "2", "a", "b", "WEIGHTS", "1", "2"}, []int{1, 3, 4}, true},
		{"ZUNIONSTORE", []string{"ZUNIONSTORE", "dst", u, "a", "b"}, []int{1}, false},
		{"MIGRATE", []string{"MIGRATE", "host", "6379", "", "0", "5000", "KEYS", "k1", "k2"}, []int{7, 8}, true},
		{"MIGRATE", []string{"MIGRATE", "host", "6379", "", "0", "5000", "COPY", "REPLACE", "AUTH", "pw", "KEYS", u, u}, []int{11, 12}, true},
		{"MIGRATE", []string{"MIGRATE", "host", "6379", "k", "0", "5000"}, []int{3}, true},
		{"MIGRATE", []string{"MIGRATE", "host", "6379", "k", "0", "5000", "REPLACE"}, []int{3}, true},
		{"MIGRATE", []string{"MIGRATE", "host", "6379", "", "0", "5000", u}, []int{3}, false},
		{"SORT", []string{"SORT", "k"}, []int{1}, true},
		{"SORT", []string{"SORT", "k", "LIMIT", "0", "10", "ALPHA", "DESC"}, []int{1}, true},
		{"SORT", []string{"SORT", "k", "STORE", "d"}, []int{1, 3}, true},
		{"SORT", []string{"SORT", u, "store", u}, []int{1, 3}, true},
		{"SORT", []string{"SORT", "k", "BY", "nosort"}, []int{1}, true},
		{"SORT", []string{"SORT", "k", "BY", "w_*", "GET", "o_*", "STORE", "d"}, []int{1, 7}, false},
		{"SORT", []string{"SORT", "k", "GET", "#"}, []int{1}, true},
		{"SORT", []string{"SORT", "k", u}, []int{1}, false},
		{"SORT_RO", []string{"SORT_RO", "k", "GET", "o_*"}, []int{1}, false},
		{"BITOP", []string{"BITOP", "AND", "dest", "k1", "k2"}, []int{2, 3, 4}, true},
		{"OBJECT ENCODING", []string{"OBJECT", "ENCODING", "k"}, []int{2}, true},
		{"OBJECT", []string{"OBJECT", "encoding", "k"}, []int{2}, true}, // the container delegates
		{"OBJECT", []string{"OBJECT", u, "k"}, nil, false},
		{"OBJECT", []string{"OBJECT", "HELP"}, nil, true},
		{"XINFO STREAM", []string{"XINFO", "STREAM", "k"}, []int{2}, true},
		{"XINFO STREAM", []string{"XINFO", "STREAM", "k", "FULL", "COUNT", "10"}, []int{2}, true},
		{"LMPOP", []string{"LMPOP", "2", "a", "b", "LEFT"}, []int{2, 3}, true},
		{"SINTERCARD", []string{"SINTERCARD", "2", "a", "b", "LIMIT", "1"}, []int{2, 3}, true},
		{"BLMPOP", []string{"BLMPOP", "0", "2", "a", "b", "LEFT", "COUNT", "1"}, []int{3, 4}, true},
		{"GEORADIUS", []string{"GEORADIUS", "k", "1", "2", "3", "m", "STORE", "a", "STOREDIST", "b"}, []int{1, 7, 9}, true},
		{"GEORADIUS", []string{"GEORADIUS", "k", "1", "2", "3", "m", "WITHDIST"}, []int{1}, true},
		{"GEORADIUS", []string{"GEORADIUS", u, u, u, u, "m", "STORE", u}, []int{1, 7}, true},
		{"GEORADIUS", []string{"GEORADIUS", "k", "1", "2", "3", "m", u, u}, []int{1}, false},
		{"SPUBLISH", []string{"SPUBLISH", "ch", "msg"}, nil, true}, // a shard channel, not a key
		{"PING", []string{"PING"}, nil, true},
	}
	for _, tt := range tests {
		got, complete := lookup(t, tt.cmd).KeyPositions(argv(tt.args...))
		if !slices.Equal(got, tt.want) || complete != tt.complete {
			t.Errorf("%s %q: KeyPositions = %v, %v; want %v, %v", tt.cmd, tt.args, got, complete, tt.want, tt.complete)
		}
	}
}

func TestKeyFlagsAt(t *testing.T) {
	tests := []struct {
		cmd  string
		args []string
		i    int
		want []string
	}{
		{"GET", []string{"GET", "k"}, 1, []string{"RO", "ACCESS"}},
		{"GET", []string{"GET", "k"}, 0, nil},
		{"SET", []string{"SET", "k", "v"}, 1, []string{"RW", "ACCESS", "UPDATE", "VARIABLE_FLAGS"}},
		{"ZUNIONSTORE", []string{"ZUNIONSTORE", "dst", "2", "a", "b"}, 1, []string{"OW", "UPDATE"}},
		{"ZUNIONSTORE", []string{"ZUNIONSTORE", "dst", "2", "a", "b"}, 2, nil},
		{"ZUNIONSTORE", []string{"ZUNIONSTORE", "dst", "2", "a", "b"}, 4, []string{"RO", "ACCESS"}},
		{"MIGRATE", []string{"MIGRATE", "h", "1", "", "0", "5000", "KEYS", "k1"}, 7, []string{"RW", "ACCESS", "DELETE"}},
		{"MIGRATE", []string{"MIGRATE", "h", "1", "", "0", "5000", "KEYS", "k1"}, 3, nil},
		{"SORT", []string{"SORT", "k", "STORE", "d"}, 3, []string{"OW", "UPDATE"}},
		{"OBJECT ENCODING", []string{"OBJECT", "ENCODING", "k"}, 2, []string{"RO"}},
		{"SPUBLISH", []string{"SPUBLISH", "ch", "msg"}, 1, []string{"NOT_KEY"}},
	}
	for _, tt := range tests {
		got := lookup(t, tt.cmd).KeyFlagsAt(argv(tt.args...), tt.i)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s %q: KeyFlagsAt(%d) = %q, want %q", tt.cmd, tt.args, tt.i, got, tt.want)
		}
	}
}

func TestSinceAtLeast(t *testing.T) {
	tests := []struct {
		since, target string
		want          bool
	}{
		{"7.0.0", "7.0.15", true},
		{"7.0.15", "7.0.15", true},
		{"7.4.0", "7.0.15", false},
		{"2.6.12", "2.6.2", false},
		{"2.6.2", "2.6.12", true},
		{"7.0", "7.0.0", true},
		{"7.4.0", "", true},
		{"", "7.0.15", true},
	}
	for _, tt := range tests {
		if got := redisdb.SinceAtLeast(tt.since, tt.target); got != tt.want {
			t.Errorf("SinceAtLeast(%q, %q) = %v, want %v", tt.since, tt.target, got, tt.want)
		}
	}
	// Against the simple version it replaced (strings.Split and Atoi),
	// and without allocating.
	simple := func(since, target string) bool {
		if target == "" {
			return true
		}
		parts := func(v string) []int {
			if v == "" {
				return nil
			}
			var out []int
			for _, f := range strings.Split(v, ".") {
				n, _ := strconv.Atoi(f)
				out = append(out, n)
			}
			return out
		}
		a, b := parts(since), parts(target)
		for len(a) < len(b) {
			a = append(a, 0)
		}
		for len(b) < len(a) {
			b = append(b, 0)
		}
		for i := range a {
			if a[i] != b[i] {
				return a[i] < b[i]
			}
		}
		return true
	}
	versions := []string{"", "7", "7.0", "7.0.0", "7.0.15", "7.2", "7.2.4", "7.10", "8.0", "8.10.0", "255.255.255", "6.2.14", "x.1", "1..2", "007.2"}
	for _, a := range versions {
		for _, b := range versions {
			if got, want := redisdb.SinceAtLeast(a, b), simple(a, b); got != want {
				t.Errorf("SinceAtLeast(%q, %q) = %v, the simple version says %v", a, b, got, want)
			}
		}
	}
	if n := testing.AllocsPerRun(100, func() { redisdb.SinceAtLeast("7.4.0", "7.2.10") }); n != 0 {
		t.Errorf("SinceAtLeast allocates %v times", n)
	}
	// The JSON comes from a Redis newer than the 7.0.15 target.
	if c := lookup(t, "HEXPIRE"); redisdb.SinceAtLeast(c.Since, "7.0.15") {
		t.Errorf("HEXPIRE since %s reported as present in 7.0.15", c.Since)
	}
	if c := lookup(t, "GETEX"); !redisdb.SinceAtLeast(c.Since, "7.0.15") {
		t.Errorf("GETEX since %s reported as absent from 7.0.15", c.Since)
	}
}

// TestGeneratedHeader checks that the generated tables say they are
// generated. Whether they match the shared JSON is checked by the
// generator itself (LINT_LUA_GEN_CHECK=1 go generate ./internal/redisdb,
// run by .ci/run), not by a test: the tests never read ../shared.
func TestGeneratedHeader(t *testing.T) {
	for _, name := range []string{"commands_gen.go", "valkey_gen.go", "modules_gen.go"} {
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(got, []byte(gencore.Header+"\n")) {
			t.Errorf("%s does not start with %q", name, gencore.Header)
		}
	}
}

// FuzzKeyPositions checks that no argv, however malformed, makes key
// extraction panic or return a position outside argv. Arguments are
// separated by spaces; "?" stands for an argument not known statically.
func FuzzKeyPositions(f *testing.F) {
	f.Add("XREAD COUNT 1 STREAMS s1 s2 0 0")
	f.Add("EVAL s -5 a")
	f.Add("MIGRATE h p ? 0 0 ? KEYS")
	f.Add("SORT k LIMIT STORE")
	f.Add("OBJECT ? k")
	f.Add("GEORADIUS k 1 2 3 m STORE")
	f.Fuzz(func(t *testing.T, line string) {
		fields := strings.Fields(line)
		if len(fields) > 64 {
			return
		}
		for i, s := range fields {
			if s == "?" {
				fields[i] = unknown
			}
		}
		args := argv(fields...)
		for _, c := range allTables() {
			cmds := []*redisdb.Command{c}
			for _, s := range c.Subcommands {
				cmds = append(cmds, s)
			}
			for _, c := range cmds {
				pos, _ := c.KeyPositions(args)
				for _, p := range pos {
					if p < 1 || p >= len(args) {
						t.Fatalf("%s %q: position %d out of range", c.Name, fields, p)
					}
					if c.KeyFlagsAt(args, p) == nil {
						t.Fatalf("%s %q: no flags at key position %d", c.Name, fields, p)
					}
				}
			}
		}
	})
}

// Lookup and Sub fold case as strings.ToUpper does, ASCII or not.
func TestLookupFoldsLikeToUpper(t *testing.T) {
	for _, name := range []string{"get", "Get", "GET", "ıncr", "hgetall", "zRangeByScore", "config get", "CONFIG set", "client ıd", "nosuch", "", "a-very-long-name-past-the-buffer-of-lookup"} {
		want := redisdb.Lookup(strings.ToUpper(name))
		if container, sub, ok := strings.Cut(strings.ToUpper(name), " "); ok {
			want = redisdb.Lookup(container).Sub(sub)
		}
		if got := redisdb.Lookup(name); got != want {
			t.Errorf("Lookup(%q) = %v, want %v", name, got, want)
		}
	}
	if redisdb.Lookup("ıncr") == nil || redisdb.Lookup("client ıd") == nil {
		t.Errorf("a Unicode upper-casing to a command's name does not find it")
	}
}

// TestCommandDocs checks facts of command-docs.json reached the tables:
// ZRANGEBYSCORE (whose hover the language server's test shows), a
// subcommand, Valkey's table and a module's.
func TestCommandDocs(t *testing.T) {
	t.Parallel()
	z := redisdb.RedisTable.Lookup("zrangebyscore")
	if z == nil || z.Complexity != "O(log(N)+M)" || !slices.Equal(z.ChangedIn, []string{"2.0.0"}) || z.Deprecated != "6.2.0" {
		t.Errorf("ZRANGEBYSCORE: %+v", z)
	}
	if c := redisdb.RedisTable.Lookup("GET"); c == nil || c.Complexity != "O(1)" {
		t.Errorf("GET complexity: %+v", c)
	}
	if c := redisdb.ValkeyTable.Lookup("ZADD"); c == nil || c.Complexity == "" {
		t.Errorf("Valkey ZADD has no complexity: %+v", c)
	}
	if c := redisdb.ModuleTable.Lookup("FT.ALIASADD"); c == nil || c.Complexity != "O(1)" {
		t.Errorf("FT.ALIASADD complexity: %+v", c)
	}
}
