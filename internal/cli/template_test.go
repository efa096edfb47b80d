package cli

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// templateSrc is a StackExchange.Redis LuaScript template (a .lua file
// with @name parameters) with a byte order mark and two nil-reply-compare
// findings: one whose fix (`v == nil` to `not v`) maps onto the file, one
// whose fix would rewrite `redis.call('GET', @key) == nil` across the
// parameter and is dropped.
const (
	templateSrc = "\xEF\xBB\xBFlocal v = redis.call('GET', @key)\n" +
		"if v == nil then return @fallback end\n" +
		"if redis.call('GET', @key) == nil then return 0 end\n" +
		"return v\n"
	templateFixed = "\xEF\xBB\xBFlocal v = redis.call('GET', @key)\n" +
		"if not v then return @fallback end\n" +
		"if redis.call('GET', @key) == nil then return 0 end\n" +
		"return v\n"
	templateDiff = "--- a/t.lua\n+++ b/t.lua\n@@ -1,4 +1,4 @@\n \xEF\xBB\xBFlocal v = redis.call('GET', @key)\n" +
		"-if v == nil then return @fallback end\n+if not v then return @fallback end\n" +
		" if redis.call('GET', @key) == nil then return 0 end\n return v\n"
)

// TestLuaScriptTemplate: a .lua file whose code holds @name parameters is
// linted as the text LuaScript.Prepare makes of it: findings at the
// file's lines and columns quoting `@key`, the parameters neither syntax
// errors nor undefined globals; --diff and --fix apply only the fix that
// maps exactly; --list-scripts says how the script was read, and a file
// with @ only in a comment or a string is a plain .lua file.
func TestLuaScriptTemplate(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		"t.lua":     templateSrc,
		"plain.lua": "-- @param key\nreturn redis.call('GET', KEYS[1]) .. '@key'\n",
	})
	r := in(t, dir, "--format", "json", "t.lua")
	wantCode(t, r, ExitFindings)
	got := jsonFindings(t, r.out, r.errOut)
	want := []string{
		"t.lua:1:1-1:4 syntax-error info the file starts with a UTF-8 byte order mark, which Redis does not accept",
		"t.lua:2:4-2:12 nil-reply-compare error v (the GET reply) is never nil in a script (RESP2)",
		"t.lua:3:4-3:34 nil-reply-compare error redis.call('GET', @key) is never nil in a script (RESP2)",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d findings, want %d: %+v", len(got), len(want), got)
	}
	for i, d := range got {
		s := fmt.Sprintf("%s:%d:%d-%d:%d %s %s %s", d.File, d.Line, d.Column, d.EndLine, d.EndColumn, d.Rule, d.Severity, d.Message)
		if s != want[i] {
			t.Errorf("finding %d:\n got %s\nwant %s", i, s, want[i])
		}
		if strings.Contains(d.Message+d.Help, "__param") {
			t.Errorf("finding %d quotes a placeholder: %s — %s", i, d.Message, d.Help)
		}
	}
	// The text format quotes the file's own line.
	r = in(t, dir, "t.lua")
	if !strings.Contains(r.out, "\nif redis.call('GET', @key) == nil then return 0 end\n   ^~~~") {
		t.Errorf("text output:\n%s", r.out)
	}

	r = in(t, dir, "--diff", "t.lua")
	if r.code != ExitFindings || r.out != templateDiff {
		t.Errorf("--diff: code %d, out:\n%s\nwant:\n%s\nstderr: %s", r.code, r.out, templateDiff, r.errOut)
	}
	if got := read(t, filepath.Join(dir, "t.lua")); got != templateSrc {
		t.Errorf("--diff wrote the file:\n%s", got)
	}
	r = in(t, dir, "--fix", "--format", "json", "t.lua")
	wantCode(t, r, ExitFindings)
	if got := read(t, filepath.Join(dir, "t.lua")); got != templateFixed {
		t.Errorf("fixed file:\n%s\nwant:\n%s", got, templateFixed)
	}
	if got := decode(t, r).findings(); !equal(got, []string{"t.lua:1:syntax-error:info", "t.lua:3:nil-reply-compare:error"}) {
		t.Errorf("after --fix: %v", got)
	}

	r = in(t, dir, "--list-scripts")
	wantCode(t, r, ExitOK)
	if want := "plain.lua:1:1: script file of 2 lines\n" +
		"t.lua:1:1: script file of 4 lines, with StackExchange.Redis LuaScript parameters\n"; r.out != want {
		t.Errorf("--list-scripts:\n%s\nwant:\n%s", r.out, want)
	}
}
