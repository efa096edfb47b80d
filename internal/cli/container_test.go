package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestFunctionContainer: through the command line, a .lua file that only
// defines global functions is reported once, at info, and each body is
// linted as a script of its own, whose bugs are still errors and whose
// fixes land in the file; a file that defines a function and calls it is
// one script, whose global definition is an error.
func TestFunctionContainer(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const container = "-- scripts a loader sends one by one\n" +
		"function take(n)\n" +
		"  if redis.call('EXISTS', KEYS[1]) then return 0 end\n" +
		"  return redis.call('SET', KEYS[1], ARGV[1])\n" +
		"end\n\n" +
		"function give()\n  return redis.call('DEL', KEYS[1])\nend\n"
	if err := os.WriteFile(filepath.Join(dir, "funcs.lua"), []byte(container), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "called.lua"), []byte("function f() return redis.call('GET', KEYS[1]) end\nreturn f()\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, got, errs := runIn(t, dir, "--min-severity", "info", "--disable", "undeclared-key", ".")
	want := []string{
		"called.lua:1:10-1:11 global-assignment assignment to global f",
		"funcs.lua:2:10-2:14 global-assignment file only defines global functions (take (+1 more)): each body is linted as a script of its own",
		"funcs.lua:3:6-3:35 integer-reply-truthiness the EXISTS reply is an integer",
	}
	if code != ExitFindings || errs != "" || len(got) != len(want) {
		t.Fatalf("exit %d, stderr %q, findings:\n%s", code, errs, strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("finding %d:\n got %s\nwant %s...", i, got[i], want[i])
		}
	}
	// The body's fix is written into the file at the body's place.
	if r := in(t, dir, "--fix", "funcs.lua"); r.code != ExitOK {
		t.Errorf("--fix: exit %d\n%s%s", r.code, r.out, r.errOut)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "funcs.lua"))
	if want := strings.Replace(container, "if redis.call('EXISTS', KEYS[1]) then", "if redis.call('EXISTS', KEYS[1]) == 1 then", 1); string(b) != want {
		t.Errorf("fixed file:\n%s\nwant:\n%s", b, want)
	}
}

// TestFunctionContainerFragments: a body of a function container that calls
// a name a header of its folder defines is a fragment the loader joins with
// that header (hot-redis sends bit.lua, a file of `local bit_and =
// function ... end`, before its bitwise bodies): one info finding, not an
// error per use; a name no header defines is still an error in the body
// that uses it, and so is every name of a container alone in its folder.
func TestFunctionContainerFragments(t *testing.T) {
	t.Parallel()
	const atoms = "function number_and()\n" +
		"    local n = bit_and(tonumber(redis.call('GET', KEYS[1])), tonumber(ARGV[1]))\n" +
		"    redis.call('SET', KEYS[1], n)\n" +
		"end\n\n" +
		"function number_not()\n" +
		"    local n = bit_nand(tonumber(redis.call('GET', KEYS[1])))\n" +
		"    redis.call('SET', KEYS[1], n)\n" +
		"end\n"
	dir := tree(t, t.TempDir(), map[string]string{
		"lua/bit.lua":     "local bit_and = function(m, n)\n    return m\nend\n",
		"lua/atoms.lua":   atoms,
		"alone/atoms.lua": atoms,
	})
	got := decode(t, in(t, dir, "--format", "json", "--disable", "unguarded-nil-reply", ".")).findings()
	want := []string{
		"alone/atoms.lua:1:global-assignment:info",
		"alone/atoms.lua:2:undefined-global:error",
		"alone/atoms.lua:7:undefined-global:error",
		"lua/atoms.lua:1:global-assignment:info",
		"lua/atoms.lua:2:undefined-global:info",
		"lua/atoms.lua:7:undefined-global:error",
	}
	slices.Sort(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got  %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
}
