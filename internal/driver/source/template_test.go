package source

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/hostlang"
)

// TestLuaTemplates: the fixtures of testdata/template, .lua files with
// StackExchange.Redis LuaScript parameters (and two without one in their
// code), every finding marked `want "regexp"`, in both directions. The
// parameters are no syntax errors and no undefined globals, the rules see
// the script around them, a genuine syntax error is still reported, the
// byte order mark still is, the template's own comments carry its ignores,
// and no message quotes a placeholder.
func TestLuaTemplates(t *testing.T) {
	for _, d := range wantFindings(t, "testdata/template", func(diag.Diagnostic) bool { return true }) {
		if strings.Contains(d.Message+d.Help, "__param_") {
			t.Errorf("%s:%d: quotes a placeholder: %s — %s", d.File, d.Range.Start.Line, d.Message, d.Help)
		}
	}
}

// TestLuaTemplatePositions: a finding after a parameter on its line is at
// the file's column, not the placeholder's.
func TestLuaTemplatePositions(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"t.lua": "local v = redis.call('GET', @a_long_parameter_name) .. zzz\n" +
			"return redis.call('GET', 'x' .. @k) .. redis.call('GET', 'y')\n",
	})
	got, errs, _ := lintWith(t, files(dir), 1)
	if errs != "" {
		t.Fatal(errs)
	}
	want := []string{
		"t.lua:1:56-1:59 undefined-global global zzz",
		"t.lua:2:26-2:35 undeclared-key key 'x' .. @k of GET is built inside the script",
		"t.lua:2:58-2:61 undeclared-key key 'y' of GET is a literal",
	}
	wantPrefixes(t, got, want)
}

// TestLuaTemplateFixMapping: a fix of a template's script is kept as
// edits of the .lua file only where it maps exactly and the fixed file
// reads back as the fixed script: an edit that touches a parameter, or
// one that adds or removes one, is dropped.
func TestLuaTemplateFixMapping(t *testing.T) {
	t.Parallel()
	const src = "-- @key is the lock\nlocal v = redis.call('GET', @key)\nif v == nil then return @fallback end\n"
	for _, c := range []struct {
		name, src string // src: the file, when not the one above
		old, new  string
		want      string // the file fixed, or "" when the fix is dropped
	}{
		{name: "beside the parameters", old: "v == nil", new: "not v",
			want: "-- @key is the lock\nlocal v = redis.call('GET', @key)\nif not v then return @fallback end\n"},
		{name: "over a parameter", old: "__param_fallback", new: "0"},
		{name: "across a parameter", old: "'GET', __param_key)", new: "'GET', KEYS[1])"},
		{name: "next to a parameter", old: "return ", new: "return 1 or ",
			want: "-- @key is the lock\nlocal v = redis.call('GET', @key)\nif v == nil then return 1 or @fallback end\n"},
		{name: "adds a parameter", old: "v == nil", new: "v == @v"},
		{name: "comments out the last parameter in code", src: "local v = redis.call('GET', KEYS[1]) .. @key\n",
			old: "KEYS[1])", new: "KEYS[1]) --"},
		{name: "in the comment", old: "the lock", new: "the lock of @owner"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			src := src
			if c.src != "" {
				src = c.src
			}
			s := luaScript("t.lua", []byte(src), driver.Script{Name: "t.lua"})
			if s.Found != hostlang.LuaScriptFound {
				t.Fatalf("not read as a template: %q", s.Found)
			}
			tryFix(t, s, src, "", c.old, c.new, c.want)
		})
	}
}

// TestFunctionContainers: the fixtures of testdata/container, every
// finding marked `want "regexp"`, in both directions: a file that only
// defines global functions is reported once at info and each body is
// linted as a script of its own (a real bug in a body still an error, the
// file's names and the parameters known); a file that calls what it
// defines, or defines locals, is one script as before; the file's own
// comments carry its ignores.
func TestFunctionContainers(t *testing.T) {
	wantFindings(t, "testdata/container", func(diag.Diagnostic) bool { return true })
}
