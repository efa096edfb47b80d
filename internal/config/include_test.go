package config

import (
	"strings"
	"testing"
)

// TestIncludeAndAllLua: include: takes globs as exclude: does, all_lua: a
// boolean, and each bad value is an error at its line.
func TestIncludeAndAllLua(t *testing.T) {
	t.Parallel()
	c, err := Parse(".lint-lua.yaml", []byte("include: [\"redis/**\", frag.lua]\nall_lua: true\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !c.AllLua || !c.Included("redis/a/b.lua") || !c.Included("x/frag.lua") || c.Included("nvim/init.lua") {
		t.Errorf("AllLua %v, Include %v", c.AllLua, c.Include)
	}
	for src, want := range map[string]string{
		"all_lua: yes please\n": ".lint-lua.yaml:1:10: all_lua: want true or false",
		"include: [\"[\"]\n":    ".lint-lua.yaml:1:11: include: malformed pattern",
		"include: redis\n":      ".lint-lua.yaml:1:10: include: want a non-empty list of glob patterns",
	} {
		if _, err := Parse(".lint-lua.yaml", []byte(src), nil); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", src, err, want)
		}
	}
}

// TestSources: where each setting is written, for --show-config.
func TestSources(t *testing.T) {
	t.Parallel()
	src := "target: redis-7.2\nrules:\n  expensive-command: error\noverrides:\n  - files: [\"legacy/*.lua\"]\n    modules: [json]\n    rules:\n      expensive-command: off\n"
	c, err := Parse("c.yaml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ got, want string }{
		{c.RuleSource("expensive-command", "a.lua"), "c.yaml:3:22"},
		{c.RuleSource("expensive-command", "legacy/a.lua"), "c.yaml:8:26"},
		{c.RuleSource("undeclared-key", "a.lua"), ""},
		{c.ServerSource("target", "legacy/a.lua"), "c.yaml:1:9"},
		{c.ServerSource("modules", "legacy/a.lua"), "c.yaml:6:14"},
		{c.ServerSource("modules", "a.lua"), ""},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
