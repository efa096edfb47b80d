package stubs

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/target"
)

// corpusFiles are the Redis scripts of the repository: the examples, the
// rules' fixtures and testdata/scripts.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pattern := range []string{"../../examples/*.lua", "../../rules/*/testdata/*.lua", "testdata/scripts/*.lua"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 100 {
		t.Fatalf("%d scripts in examples/ and rules/*/testdata/", len(files))
	}
	return files
}

// undefinedRE reads luacheck's plain format with codes: W113 is an
// undefined global read, W143 an undefined field of a global.
var undefinedRE = regexp.MustCompile(`^(.+?):\d+:\d+: \((W113|W143)\) accessing undefined (?:variable|field) '([^']+)'`)

// runLuacheck runs luacheck on files with args and returns its W113 and
// W143 findings as "code name" (the field for W143).
func runLuacheck(t *testing.T, args []string, files []string) []string {
	t.Helper()
	cmd := exec.Command("luacheck", append(append([]string{"--formatter", "plain", "--codes", "--no-color"}, args...), files...)...)
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() > 2 {
		t.Fatalf("luacheck: %v\n%s", err, ee.Stderr)
	}
	var found []string
	for _, line := range strings.Split(string(out), "\n") {
		if m := undefinedRE.FindStringSubmatch(line); m != nil {
			found = append(found, m[2]+" "+m[3])
		}
	}
	return found
}

// TestLuacheck runs luacheck on the repository's scripts with its Lua 5.1
// std and then with the generated .luacheckrc: before, it reports the
// sandbox's own globals (KEYS, redis, cjson...) as undefined; after, none
// of them, while print and os, which Redis 7.0's sandbox lacks, are still
// reported.
func TestLuacheck(t *testing.T) {
	if _, err := exec.LookPath("luacheck"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("luacheck is not installed (bash .ci/run installs it)")
		}
		t.Skip("luacheck is not installed (apt-get install lua-check)")
	}
	t.Parallel()
	tg := target.MustParse("redis-7.0")
	files, err := Generate(Luacheck, tg, "x")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	rc := filepath.Join(dir, files[0].Name)
	if err := os.WriteFile(rc, files[0].Data, 0o644); err != nil {
		t.Fatal(err)
	}
	scripts := corpusFiles(t)
	sandbox := append([]string{"KEYS", "ARGV"}, tg.Globals()...)
	falseUndefined := func(found []string) (n int) {
		for _, f := range found {
			code, name, _ := strings.Cut(f, " ")
			if code == "W113" && (slices.Contains(sandbox, name) || name == varargLocal) {
				n++
			}
		}
		return n
	}
	before := runLuacheck(t, []string{"--no-config", "--std", "lua51"}, scripts)
	after := runLuacheck(t, []string{"--config", rc}, scripts)
	t.Logf("%d scripts: %d false undefined globals with --std lua51, %d with the stubs", len(scripts), falseUndefined(before), falseUndefined(after))
	if falseUndefined(before) == 0 {
		t.Error("luacheck's Lua 5.1 std reports none of the sandbox's globals: the comparison shows nothing")
	}
	if n := falseUndefined(after); n != 0 {
		var names []string
		for _, f := range after {
			if code, name, _ := strings.Cut(f, " "); code == "W113" && (slices.Contains(sandbox, name) || name == varargLocal) {
				names = append(names, name)
			}
		}
		t.Errorf("with the stubs, luacheck reports %d of the sandbox's globals as undefined: %v", n, names)
	}
	for _, want := range []string{"W113 print", "W113 os", "W143 unpack"} {
		if !slices.Contains(after, want) {
			t.Errorf("with the stubs, luacheck does not report %s, which the sandbox lacks (the unavailable-library fixtures use it)", want)
		}
	}
}

// TestLuaLSSyntax compiles each target's LuaLS library with luac5.1 -p:
// lua-language-server reads it as Lua first.
func TestLuaLSSyntax(t *testing.T) {
	if _, err := exec.LookPath("luac5.1"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("luac5.1 is not installed (bash .ci/run installs it)")
		}
		t.Skip("luac5.1 is not installed")
	}
	t.Parallel()
	dir := t.TempDir()
	for _, name := range []string{"redis-7.0", "redis", "valkey-8.0", "upstash"} {
		files, err := Generate(LuaLS, target.MustParse(name), "x")
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name+".lua")
		if err := os.WriteFile(path, files[0].Data, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("luac5.1", "-p", path).CombinedOutput(); err != nil {
			t.Errorf("%s: luac5.1 -p: %v\n%s", name, err, out)
		}
	}
}
