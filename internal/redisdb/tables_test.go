package redisdb_test

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redisdb"
)

var tables = []*redisdb.Table{redisdb.RedisTable, redisdb.ValkeyTable, redisdb.ModuleTable}

// allTables lists every top-level command and subcommand of every table.
func allTables() []*redisdb.Command {
	var out []*redisdb.Command
	for _, tb := range tables {
		for _, c := range tb.All() {
			out = append(out, c)
			out = append(out, c.Subcommands...)
		}
	}
	return out
}

func TestTables(t *testing.T) {
	if redisdb.Lookup("GET") != redisdb.RedisTable.Lookup("GET") || len(redisdb.All()) != len(redisdb.RedisTable.All()) {
		t.Errorf("Lookup and All are not RedisTable's")
	}
	for _, tb := range tables {
		all := tb.All()
		if len(all) < 100 {
			t.Fatalf("%s: %d commands", tb.Name(), len(all))
		}
		if !sort.SliceIsSorted(all, func(i, j int) bool { return all[i].Name < all[j].Name }) {
			t.Errorf("%s: not sorted by name", tb.Name())
		}
		for _, c := range all {
			if tb.Lookup(c.Name) != c || tb.Lookup(strings.ToLower(c.Name)) != c {
				t.Errorf("%s: Lookup(%q) does not find the All() entry", tb.Name(), c.Name)
			}
			if (c.Module != redisdb.NoModule) != (tb == redisdb.ModuleTable) {
				t.Errorf("%s: %s has module %q", tb.Name(), c.Name, c.Module)
			}
			if c.Arity == 0 {
				t.Errorf("%s: %s has no arity", tb.Name(), c.Name)
			}
			for _, s := range c.Subcommands {
				if tb.Lookup(s.Name) != s || c.Sub(s.SubName()) != s {
					t.Errorf("%s: subcommand %s not found by its name", tb.Name(), s.Name)
				}
				if s.Module != c.Module {
					t.Errorf("%s: subcommand %s of module %q in a container of %q", tb.Name(), s.Name, s.Module, c.Module)
				}
				checkArgs(t, s, s.Args)
			}
			checkArgs(t, c, c.Args)
		}
	}
}

// Valkey's table against redis-facts.md H11, H13 and H14.
func TestValkeyTable(t *testing.T) {
	rd, vk := redisdb.RedisTable, redisdb.ValkeyTable
	for _, name := range []string{"CLIENT CAPA", "CLUSTER SLOT-STATS", "SCRIPT SHOW", "SENTINEL PRIMARY"} {
		c := vk.Lookup(name)
		if c == nil || c.Since != "8.0.0" {
			t.Errorf("Valkey %s = %v, want one since 8.0.0 (H13)", name, c)
		}
		if rd.Lookup(name) != nil {
			t.Errorf("Redis has %s (H13: Valkey only)", name)
		}
	}
	for _, name := range []string{"HEXPIRE", "HEXPIREAT", "HEXPIRETIME", "HPERSIST", "HPEXPIRE", "HPEXPIREAT", "HPEXPIRETIME", "HPTTL", "HTTL", "SFLUSH"} {
		if vk.Lookup(name) != nil {
			t.Errorf("Valkey has %s (H13: Redis only)", name)
		}
		if rd.Lookup(name) == nil {
			t.Errorf("Redis lacks %s", name)
		}
	}
	// ZSCAN ... NOSCORES is Valkey's (H14).
	hasToken := func(c *redisdb.Command, tok string) bool {
		var walk func([]redisdb.Arg) bool
		walk = func(args []redisdb.Arg) bool {
			for _, a := range args {
				if strings.EqualFold(a.Token, tok) || walk(a.Args) {
					return true
				}
			}
			return false
		}
		return walk(c.Args)
	}
	if !hasToken(vk.Lookup("ZSCAN"), "NOSCORES") || hasToken(rd.Lookup("ZSCAN"), "NOSCORES") {
		t.Errorf("ZSCAN NOSCORES: want it in Valkey's table only (H14)")
	}
	if !hasToken(vk.Lookup("BGSAVE"), "CANCEL") {
		t.Errorf("Valkey BGSAVE lacks CANCEL (H14)")
	}
	// The blocking commands never had NOSCRIPT in Valkey (H11), and the
	// 7.0 correction is Redis's alone.
	for _, name := range []string{"BLPOP", "BRPOP", "BLMOVE", "BRPOPLPUSH", "BZPOPMIN", "BZPOPMAX", "WAIT"} {
		if c := vk.Lookup(name); c.NoScript() || c.NoScriptUntil != "" {
			t.Errorf("Valkey %s: NoScript %v, NoScriptUntil %q", name, c.NoScript(), c.NoScriptUntil)
		}
		if c := rd.Lookup(name); c.NoScript() || c.NoScriptUntil != "7.2.0" {
			t.Errorf("Redis %s: NoScript %v, NoScriptUntil %q; want false, 7.2.0", name, c.NoScript(), c.NoScriptUntil)
		}
	}
	// WAITAOF is refused in scripts until 7.4, without a NOSCRIPT flag
	// (7.0 has no WAITAOF).
	if c := rd.Lookup("WAITAOF"); c.NoScript() || c.NoScriptUntil != "7.4.0" {
		t.Errorf("Redis WAITAOF: NoScript %v, NoScriptUntil %q", c.NoScript(), c.NoScriptUntil)
	}
	// CLIENT CAPA's capability is repeated: the JSON says "multiple": "true".
	if a := vk.Lookup("CLIENT CAPA").Args; len(a) != 1 || !a[0].Multiple {
		t.Errorf("CLIENT CAPA args = %+v", a)
	}
	// The reply corrections observed on Redis hold for Valkey's same code.
	if vk.Lookup("TYPE").Reply != redisdb.ReplyStatus || vk.Lookup("LMOVE").Reply != redisdb.ReplyNull|redisdb.ReplyBulk {
		t.Errorf("Valkey TYPE/LMOVE reply corrections missing")
	}
}

func TestValkeyReleases(t *testing.T) {
	rels := redisdb.ValkeyReleases()
	var series []string
	for _, r := range rels {
		series = append(series, r.Series+"="+r.Tag)
	}
	if got := strings.Join(series, " "); got != "7.2=7.2.7 8.0=8.0.1 8.1=" {
		t.Fatalf("releases %s", got)
	}
	// Everything added after 7.2.7 is dated after it.
	for _, name := range rels[0].AddedAfter {
		c := redisdb.ValkeyTable.Lookup(name)
		if c == nil || redisdb.SinceAtLeast(c.Since, "7.2.7") {
			t.Errorf("%s added after 7.2.7 but since %v", name, c)
		}
	}
	if !slices.Equal(rels[1].ChangedAfter, []string{"BGSAVE"}) {
		t.Errorf("8.0.1 changed after: %v", rels[1].ChangedAfter)
	}
}

func TestModuleTable(t *testing.T) {
	mt := redisdb.ModuleTable
	count := map[redisdb.Module]int{}
	var undeclared []string
	for _, c := range mt.All() {
		count[c.Module]++
		if c.UndeclaredKeys {
			undeclared = append(undeclared, c.Name)
		}
	}
	// JSON's 25 with JSON.NUMPOWBY (H18), TS's 21 (H20), Bloom's 52 (H21)
	// and RediSearch's 46 registered on a non-Enterprise build (H19).
	if count[redisdb.ModuleJSON] != 25 || count[redisdb.ModuleTimeSeries] != 21 || count[redisdb.ModuleBloom] != 52 || count[redisdb.ModuleSearch] != 46 {
		t.Errorf("commands per module: %v", count)
	}
	// H18, H21: the two commands whose specs omit keys.
	if !slices.Equal(undeclared, []string{"CMS.MERGE", "JSON.MGET"}) {
		t.Errorf("UndeclaredKeys on %v, want CMS.MERGE and JSON.MGET", undeclared)
	}
	for _, tt := range []struct {
		name   string
		module redisdb.Module
		flag   string
	}{
		{"JSON.SET", redisdb.ModuleJSON, "WRITE"},
		{"json.get", redisdb.ModuleJSON, "READONLY"},
		{"FT.SEARCH", redisdb.ModuleSearch, "READONLY"},
		{"search.CLUSTERSET", redisdb.ModuleSearch, "NOSCRIPT"}, // H19
		{"TS.ADD", redisdb.ModuleTimeSeries, "WRITE"},
		{"BF.ADD", redisdb.ModuleBloom, "DENYOOM"},
		{"TDIGEST.MERGE", redisdb.ModuleBloom, "WRITE"},
	} {
		c := mt.Lookup(tt.name)
		if c == nil || c.Module != tt.module || !c.HasFlag(tt.flag) {
			t.Errorf("%s = %+v, want module %s with flag %s", tt.name, c, tt.module, tt.flag)
		}
	}
	if c := mt.Lookup("FT.CONFIG GET"); c == nil || c.OnlyIf != "cluster-enabled no" || c.Deprecated != "8.0.0" {
		t.Errorf("FT.CONFIG GET = %+v (H19)", c)
	}
	// JSON.DEBUG's MEMORY and HELP are parsed by JSON.DEBUG itself.
	if c := mt.Lookup("JSON.DEBUG"); c == nil || c.Subcommands != nil || c.Arity != -2 {
		t.Errorf("JSON.DEBUG = %+v", c)
	}
	if c := mt.Lookup("TS.MADD"); c.RegisteredKeys != (redisdb.KeyRange{First: 1, Last: -1, Step: 3}) {
		t.Errorf("TS.MADD registered keys %v", c.RegisteredKeys)
	}
	if c := mt.Lookup("JSON.GET"); c.RegisteredKeys != (redisdb.KeyRange{}) {
		t.Errorf("JSON.GET registered keys %v, want 0,0,0 (H18)", c.RegisteredKeys)
	}
}

func TestModuleKeyPositions(t *testing.T) {
	u := unknown
	tests := []struct {
		args     []string
		want     []int
		complete bool
	}{
		{[]string{"JSON.SET", "k", "$", "{}"}, []int{1}, true},
		{[]string{"JSON.GET", u, "$"}, []int{1}, true},
		{[]string{"JSON.MSET", "a", "$", "1", "b", "$", "2", "c", "$", "3"}, []int{1, 4, 7}, true}, // H18
		{[]string{"JSON.MGET", "a", "b", "c", "$"}, []int{1, 2, 3}, true},                          // H18: all but the path
		{[]string{"JSON.MGET", u, u, "$"}, []int{1, 2}, true},
		{[]string{"JSON.MGET", "a", "$"}, []int{1}, true},
		{[]string{"JSON.DEBUG", "MEMORY", "k"}, []int{2}, true}, // H18
		{[]string{"JSON.DEBUG", "HELP"}, nil, true},
		{[]string{"FT.SEARCH", "idx", "*"}, nil, true},                       // H19: an index is not a key
		{[]string{"FT.SUGADD", "ac", "hello", "1"}, []int{1}, true},          // H19
		{[]string{"FT.ADD", "idx", "doc1", "1.0", "FIELDS"}, []int{2}, true}, // H19
		{[]string{"TS.MADD", "a", "1", "1", "b", "1", "2"}, []int{1, 4}, true},
		{[]string{"TS.CREATERULE", "src", "dst", "AGGREGATION", "avg", "60"}, []int{1, 2}, true}, // H20
		{[]string{"TS.MGET", "FILTER", "a=b"}, nil, true},                                        // H20: by label
		{[]string{"TS.NRANGE", "2", "a", "b", "-", "+"}, []int{2, 3}, true},
		{[]string{"CMS.MERGE", "dst", "2", "s1", "s2"}, []int{1, 3, 4}, true}, // H21
		{[]string{"CMS.MERGE", "dst", "2", "s1", "s2", "WEIGHTS", "1", "2"}, []int{1, 3, 4}, true},
		{[]string{"CMS.MERGE", "dst", u, "s1", "s2"}, []int{1}, false},
		{[]string{"CMS.MERGE", "dst", "x", "s1"}, []int{1}, false},
		{[]string{"TDIGEST.MERGE", "dst", "2", "s1", "s2"}, []int{1, 3, 4}, true}, // H21
		{[]string{"BF.ADD", "k", "item"}, []int{1}, true},
	}
	for _, tt := range tests {
		c := redisdb.ModuleTable.Lookup(tt.args[0])
		if c == nil {
			t.Fatalf("no %s", tt.args[0])
		}
		got, complete := c.KeyPositions(argv(tt.args...))
		if !slices.Equal(got, tt.want) || complete != tt.complete {
			t.Errorf("%q: KeyPositions = %v, %v; want %v, %v", tt.args, got, complete, tt.want, tt.complete)
		}
	}
	// Only the keys the specs declare are seen by Redis itself (H18, H21).
	for _, tt := range []struct {
		args     []string
		declared []bool // per key position of KeyPositions
	}{
		{[]string{"JSON.MGET", "a", "b", "c", "$"}, []bool{true, false, false}},
		{[]string{"CMS.MERGE", "dst", "2", "s1", "s2"}, []bool{true, false, false}},
		{[]string{"JSON.SET", "k", "$", "{}"}, []bool{true}},
		{[]string{"TS.MADD", "a", "1", "1", "b", "1", "2"}, []bool{true, true}},
	} {
		c := redisdb.ModuleTable.Lookup(tt.args[0])
		a := argv(tt.args...)
		pos, _ := c.KeyPositions(a)
		for j, i := range pos {
			if got := c.DeclaredKey(a, i); got != tt.declared[j] {
				t.Errorf("%q: DeclaredKey(%d) = %v", tt.args, i, got)
			}
		}
	}
	if !redisdb.RedisTable.Lookup("MSET").DeclaredKey(argv("MSET", "a", "1", "b", "2"), 3) {
		t.Errorf("MSET's second key is not declared")
	}
	a := argv("CMS.MERGE", "dst", "1", "src")
	if f := redisdb.ModuleTable.Lookup("CMS.MERGE").KeyFlagsAt(a, 3); !slices.Equal(f, []string{"RO"}) {
		t.Errorf("CMS.MERGE source flags %v", f)
	}
	if f := redisdb.ModuleTable.Lookup("CMS.MERGE").KeyFlagsAt(a, 1); !slices.Equal(f, []string{"RW"}) {
		t.Errorf("CMS.MERGE destination flags %v", f)
	}
}

func TestModuleNames(t *testing.T) {
	for _, m := range redisdb.Modules() {
		for _, s := range []string{m.String(), m.Product(), strings.ToUpper(m.String())} {
			if got, ok := redisdb.ParseModule(s); !ok || got != m {
				t.Errorf("ParseModule(%q) = %v, %v", s, got, ok)
			}
		}
	}
	if _, ok := redisdb.ParseModule("graph"); ok {
		t.Errorf("ParseModule(graph) succeeded")
	}
	if got := redisdb.ModuleJSON.String() + " " + redisdb.ModuleSearch.Product(); got != "json RediSearch" {
		t.Errorf("names %q", got)
	}
	srcs := redisdb.ModuleSources()
	if len(srcs) != 4 {
		t.Fatalf("%d module sources", len(srcs))
	}
	for _, s := range srcs {
		if len(s.Commit) != 40 || len(s.Tags) == 0 {
			t.Errorf("source %+v", s)
		}
	}
}
