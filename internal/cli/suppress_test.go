package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSuppressRanges: ignore-start ... ignore-end works in a host
// language's comments as in Lua's, and require_reason: true makes an
// ignore without a reason an invalid-ignore.
func TestSuppressRanges(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		"app.py": "import redis\nr = redis.Redis()\n" +
			"# lint-lua: ignore-start undeclared-key -- one node\n" +
			"r.eval(\"return redis.call('GET', 'a')\", 0)\n" +
			"r.eval(\"return redis.call('GET', 'b')\", 0)\n" +
			"# lint-lua: ignore-end undeclared-key\n" +
			"r.eval(\"return redis.call('GET', 'c')\", 0)\n",
		"s.lua": "redis.call('GET', 'k') -- lint-lua: ignore undeclared-key\n" +
			"redis.call('GET', 'k') -- lint-lua: ignore undeclared-key -- one node\n",
	})
	r := in(t, dir, "--format", "json", "--only", "undeclared-key,invalid-ignore", ".")
	if got, want := decode(t, r).findings(), []string{"app.py:7:undeclared-key:info"}; !equal(got, want) {
		t.Errorf("findings %v, want %v", got, want)
	}
	tree(t, dir, map[string]string{".lint-lua.yaml": "require_reason: true\n"})
	r = in(t, dir, "--format", "json", "--only", "undeclared-key,invalid-ignore", ".")
	if got, want := decode(t, r).findings(), []string{"app.py:7:undeclared-key:info", "s.lua:1:invalid-ignore:warning"}; !equal(got, want) {
		t.Errorf("with require_reason: findings %v, want %v", got, want)
	}
}

// TestAddIgnore: --add-ignore writes an ignore with a reason to fill in
// above every finding, in the comment syntax of the file (above the
// script in a host file), keeps every other byte, leaves a finding whose
// line starts inside a long string as it is, and a second run finds
// nothing to add.
func TestAddIgnore(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		"a.lua": "local v = redis.call('GET', KEYS[1])\n" +
			"if v then\n" +
			"  x = v\r\n" + // a CRLF line keeps its ending
			"end\n" +
			"local s = [[\n" +
			"]] .. redis.call('GET', 'inside')\n" + // starts inside a long string: left
			"return s\n",
		"app.py": "import redis\nr = redis.Redis()\n\ndef f():\n" +
			"    return r.eval(\"\"\"\nreturn redis.call('GET', 'k')\n\"\"\", 0)\n",
		"app.rb": "redis.eval(\"return redis.call('GET', 'k')\", keys: [])\n",
		"app.js": "async function f(r) {\n  return r.eval(\"return redis.call('GET', 'k')\", 0)\n}\n",
	})
	r := in(t, dir, "--add-ignore", "--diff", ".")
	wantCode(t, r, ExitFindings)
	for _, s := range []string{"+  -- lint-lua: ignore global-assignment -- TODO: say why this is safe\r\n", "+    # lint-lua: ignore undeclared-key", "+# lint-lua: ignore undeclared-key", "+  // lint-lua: ignore undeclared-key"} {
		if !strings.Contains(r.out, s) {
			t.Errorf("--diff lacks %q:\n%s", s, r.out)
		}
	}
	before, _ := os.ReadFile(filepath.Join(dir, "a.lua"))
	// Written as --fix writes: the mode is kept.
	if err := os.Chmod(filepath.Join(dir, "app.rb"), 0o640); err != nil {
		t.Fatal(err)
	}

	r = in(t, dir, "--format", "json", "--add-ignore", ".")
	wantCode(t, r, ExitOK)
	wantErr(t, r, "added 4 ignores in 4 files")
	// The one left (a line down): its line starts inside the long string.
	if got, want := decode(t, r).findings(), []string{"a.lua:7:undeclared-key:info"}; !equal(got, want) {
		t.Errorf("left %v, want %v", got, want)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "a.lua"))
	want := strings.Replace(string(before), "  x = v\r\n", "  -- lint-lua: ignore global-assignment -- TODO: say why this is safe\r\n  x = v\r\n", 1)
	if string(after) != want {
		t.Errorf("a.lua:\n%q\nwant\n%q", after, want)
	}
	py, _ := os.ReadFile(filepath.Join(dir, "app.py"))
	if !strings.Contains(string(py), "def f():\n    # lint-lua: ignore undeclared-key -- TODO: say why this is safe\n    return r.eval(") {
		t.Errorf("app.py:\n%s", py)
	}
	if fi, err := os.Stat(filepath.Join(dir, "app.rb")); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("app.rb's mode after --add-ignore: %v %v", fi.Mode(), err)
	}
	r = in(t, dir, "--add-ignore", "--diff", ".")
	if r.out != "" {
		t.Errorf("a second --add-ignore would change:\n%s", r.out)
	}

	wantCode(t, in(t, dir, "--add-ignore", "--fix", "."), ExitError)
	r = env{wd: dir, stdin: "x = ARGV[1]\n"}.run(t, "--add-ignore", "-")
	wantCode(t, r, ExitError)
	wantErr(t, r, "standard input")
	r = env{wd: dir, stdin: "x = ARGV[1]\n"}.run(t, "--add-ignore", "--diff", "-")
	if !strings.Contains(r.out, "+-- lint-lua: ignore global-assignment") {
		t.Errorf("--add-ignore --diff -: %s", r.out)
	}
}

// TestAddIgnoreAnchors: a finding about a script as a whole (placed at
// the line past max-lines, which the comments move) takes an ignore-file
// at the top of a Lua file, below its shebang; a literal that a second
// script joins to its own text gets the ignore above each script, so
// both copies of its findings are covered.
func TestAddIgnoreAnchors(t *testing.T) {
	t.Parallel()
	long := "#!lua flags=no-writes\n" + strings.Repeat("local a = 1\n", 3) + "x = a\nreturn a\n"
	dir := tree(t, t.TempDir(), map[string]string{
		".lint-lua.yaml": "rules:\n  script-too-long:\n    options: {max-lines: 2}\n",
		"long.lua":       long,
		"joined.py": "import redis\nr = redis.Redis()\n" +
			"BASE = \"return redis.call('GET', 'k')\"\n" +
			"FULL = \"redis.call('DEL', KEYS[1])\\n\" + BASE\n" +
			"r.eval(BASE, 0)\nr.eval(FULL, 1, 'a')\n",
	})
	r := in(t, dir, "--add-ignore", ".")
	wantCode(t, r, ExitOK)
	got, _ := os.ReadFile(filepath.Join(dir, "long.lua"))
	want := "#!lua flags=no-writes\n-- lint-lua: ignore-file script-too-long -- TODO: say why this is safe\n" +
		strings.Repeat("local a = 1\n", 3) + "-- lint-lua: ignore global-assignment -- TODO: say why this is safe\nx = a\nreturn a\n"
	if string(got) != want {
		t.Errorf("long.lua:\n%s\nwant\n%s", got, want)
	}
	py, _ := os.ReadFile(filepath.Join(dir, "joined.py"))
	if strings.Count(string(py), "# lint-lua: ignore undeclared-key") != 2 {
		t.Errorf("joined.py:\n%s", py)
	}
	r = in(t, dir, "--format", "json", ".")
	if got := decode(t, r).findings(); len(got) != 0 {
		t.Errorf("left %v", got)
	}
}

// TestAddIgnoreMinSeverity: --add-ignore covers the findings shown, those
// at or above --min-severity.
func TestAddIgnoreMinSeverity(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		".lint-lua.yaml": "rules:\n  undeclared-key: info\n",
		"a.lua":          "x = redis.call('GET', 'k')\n",
	})
	r := in(t, dir, "--add-ignore", "--diff", "--min-severity", "warning", "a.lua")
	if !strings.Contains(r.out, "+-- lint-lua: ignore global-assignment --") {
		t.Errorf("--add-ignore --min-severity warning:\n%s", r.out)
	}
	r = in(t, dir, "--add-ignore", "--diff", "a.lua")
	if !strings.Contains(r.out, "+-- lint-lua: ignore global-assignment,undeclared-key --") {
		t.Errorf("--add-ignore:\n%s", r.out)
	}
}
