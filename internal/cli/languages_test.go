package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/lint-lua/lint-lua/internal/config"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
)

// TestConfigLanguagesAreHostlangs: languages: takes lua and exactly the
// host languages the extractor knows.
func TestConfigLanguagesAreHostlangs(t *testing.T) {
	t.Parallel()
	want := []string{"lua"}
	for _, l := range langs.All {
		want = append(want, l.String())
	}
	if !slices.Equal(config.Languages, want) {
		t.Errorf("config.Languages = %v, want %v", config.Languages, want)
	}
}

// hostSrc has one script of each kind: a literal that is evidently a
// Redis script, and one passed to the project's own wrapper, which only
// script_apis makes known.
const (
	hostPy   = "SCRIPT = \"return redis.call('GET', 'literal-key')\"\n"
	hostJava = "class A {\n  void f() {\n    runLua(\"x = 1\", 0);\n  }\n}\n"
)

// TestHostLanguages: a directory run lints host files by default;
// languages: turns languages (lua too) off; script_apis: adds the
// project's own wrappers; host files are never fixed.
func TestHostLanguages(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		"a.lua":               literalSrc,
		"app/s.py":            hostPy,
		"app/A.java":          hostJava,
		"node_modules/x/s.js": "redis.eval(\"return redis.call('GET', 'k')\", 0)\n",
	})
	r := in(t, dir, "--format", "json")
	wantCode(t, r, ExitOK)
	if got := decode(t, r).findings(); !equal(got, []string{"a.lua:1:undeclared-key:info", "app/s.py:1:undeclared-key:info"}) {
		t.Errorf("default run: %v", got)
	}
	tree(t, dir, map[string]string{".lint-lua.yaml": "languages: [java, python]\nscript_apis:\n  - {name: runLua, language: java, script: 0, numkeys: 1}\n"})
	r = in(t, dir, "--format", "json")
	wantCode(t, r, ExitFindings)
	got := decode(t, r).findings()
	if len(got) != 2 || got[1] != "app/s.py:1:undeclared-key:info" || got[0][:len("app/A.java:3:")] != "app/A.java:3:" {
		t.Errorf("languages: [java, python] with runLua: %v", got)
	}
	tree(t, dir, map[string]string{".lint-lua.yaml": "languages: [lua]\n"})
	r = in(t, dir, "--format", "json")
	if got := decode(t, r).findings(); !equal(got, []string{"a.lua:1:undeclared-key:info"}) {
		t.Errorf("languages: [lua]: %v", got)
	}
	tree(t, dir, map[string]string{".lint-lua.yaml": "languages: [python, cobol]\n"})
	r = in(t, dir)
	wantCode(t, r, ExitError)
	wantErr(t, r, ".lint-lua.yaml:1:21: languages: unknown language \"cobol\"")

	if err := os.Remove(filepath.Join(dir, ".lint-lua.yaml")); err != nil {
		t.Fatal(err)
	}
	r = in(t, dir, "--fix", "--format", "json")
	wantCode(t, r, ExitOK)
	if b, _ := os.ReadFile(filepath.Join(dir, "app/s.py")); string(b) != hostPy {
		t.Errorf("--fix wrote a host file:\n%s", b)
	}
}

// TestScriptAPIsShared: one script_apis: entry without a language serves
// the host languages as it serves Go (analyzer/testdata/src/configapis);
// an entry for go alone is not a host API.
func TestScriptAPIsShared(t *testing.T) {
	dir := tree(t, t.TempDir(), map[string]string{
		".lint-lua.yaml": "script_apis:\n  - {name: evalKeys, script: 1, keys: 2}\n  - {name: RunLua, language: go, script: 0}\n",
		"app/s.py": "evalKeys(conn, \"return redis.call('MGET', KEYS[1], KEYS[2])\", ['{a}1'])\n" +
			"RunLua(\"x = 1\")\n",
	})
	r := in(t, dir, "--format", "json")
	wantCode(t, r, ExitFindings)
	if got := decode(t, r).findings(); !equal(got, []string{"app/s.py:1:keys-count-mismatch:error"}) {
		t.Errorf("findings: %v", got)
	}
}

// TestListScripts: --list-scripts prints where each script starts, what
// found it and the host lines it comes from, and lints nothing.
func TestListScripts(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		"a.lua":    literalSrc,
		"app/s.py": hostPy,
		"app/t.js": "const S = 'return ' +\n  \"redis.call('GET', KEYS[1])\";\nredis.eval(S, 1, 'k');\nredis.eval(load(), 0);\n",
	})
	r := in(t, dir, "--list-scripts")
	wantCode(t, r, ExitOK)
	want := "a.lua:1:1: script file of 1 line\n" +
		"app/s.py:1:11: script of 1 line, found by its text, host lines 1\n" +
		"app/t.js:1:12: script of 1 line, via eval, host lines 1\n" +
		"app/t.js:4:12: script not in this file, via eval\n"
	if r.out != want {
		t.Errorf("got:\n%s\nwant:\n%s", r.out, want)
	}
}

// TestListScriptsJSON: --list-scripts --format json gives each script's
// place, kind and text (what the measurement scripts read), and a file
// skipped as no Redis script with its reason; other formats are refused.
func TestListScriptsJSON(t *testing.T) {
	dir := tree(t, t.TempDir(), map[string]string{
		"s.lua":    "return redis.call('GET', KEYS[1])\n",
		"nvim.lua": "vim.opt.number = true\n",
		"app.py":   "import redis\nr = redis.Redis()\nr.eval(\"return redis.call('INCR', KEYS[1])\", 1, 'k')\n",
	})
	r := in(t, dir, "--list-scripts", "--format", "json", ".")
	if r.code != ExitOK {
		t.Fatalf("exit %d\n%s%s", r.code, r.out, r.errOut)
	}
	var got struct {
		Scripts []struct {
			File, Kind, Via, Script, Reason string
			Line, Column, Lines             int
		}
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil {
		t.Fatalf("%v\n%s", err, r.out)
	}
	kinds := map[string]string{}
	for _, s := range got.Scripts {
		kinds[s.File] = s.Kind
		switch s.File {
		case "app.py":
			if s.Via != "eval" || s.Line != 3 || s.Script != "return redis.call('INCR', KEYS[1])" {
				t.Errorf("app.py: %+v", s)
			}
		case "s.lua":
			if s.Lines != 1 || s.Script != "return redis.call('GET', KEYS[1])\n" {
				t.Errorf("s.lua: %+v", s)
			}
		case "nvim.lua":
			if s.Reason == "" {
				t.Errorf("nvim.lua: %+v", s)
			}
		}
	}
	if kinds["app.py"] != "host" || kinds["s.lua"] != "file" || kinds["nvim.lua"] != "skipped" {
		t.Errorf("kinds %v\n%s", kinds, r.out)
	}
	if r := in(t, dir, "--list-scripts", "--format", "sarif", "."); r.code != ExitError {
		t.Errorf("--format sarif: exit %d", r.code)
	}
}

// TestLoadedByGlob: a .lua file with no KEYS, ARGV or redis.* that a host
// file beside its folder loads with a glob of .lua files (dramatiq's
// broker reads every script of redis/ with glob("*.lua")) is linted as a
// Redis script; the same file with no such loader is skipped.
func TestLoadedByGlob(t *testing.T) {
	probe := "local function f(n)\n  local t = {}\n  for i = 1, n do t[i] = 0 end\n  return unpack(t)\nend\nx = f(10)\n"
	dir := tree(t, t.TempDir(), map[string]string{
		"brokers/redis/maxstack.lua": probe,
		"brokers/broker.py":          "import glob, os\nfor name in glob.glob(os.path.join(here, 'redis', \"*.lua\")):\n    scripts[name] = open(name).read()\n",
		"other/maxstack.lua":         probe,
	})
	r := in(t, dir, "--format", "json", ".")
	var got struct {
		Diagnostics []struct{ File, Rule string }
		Skipped     []struct{ File string }
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil {
		t.Fatalf("%v\n%s", err, r.out)
	}
	linted := false
	for _, d := range got.Diagnostics {
		if d.File == "brokers/redis/maxstack.lua" && d.Rule == "global-assignment" {
			linted = true
		}
		if d.File == "other/maxstack.lua" {
			t.Errorf("other/maxstack.lua linted: %+v", d)
		}
	}
	if !linted || len(got.Skipped) != 1 || got.Skipped[0].File != "other/maxstack.lua" {
		t.Errorf("linted %v, skipped %+v\n%s", linted, got.Skipped, r.out)
	}
}
