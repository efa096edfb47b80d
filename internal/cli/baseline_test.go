package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/slowtest"
)

// TestBaseline adopts lint-lua on a tree with findings: the baseline
// records them, survives lines inserted above them, reports exactly a new
// finding (and fails on it alone), lists the entry of a fixed one as stale
// and drops it with --prune-baseline; identical findings are counted, and
// findings in a host-language file's strings are baselined like the rest.
func TestBaseline(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		// Two identical global assignments: one key, two occurrences.
		"a.lua": "x = ARGV[1]\nx = ARGV[1]\n",
		"b.lua": literalSrc,
		"app.py": "import redis\nr = redis.Redis()\n" +
			"r.eval(\"return redis.call('GET', 'py-key')\", 0)\n",
	})
	r := in(t, dir, "--format", "json", ".")
	wantCode(t, r, ExitFindings)
	all := decode(t, r).findings()
	if len(all) < 4 {
		t.Fatalf("want findings in a.lua, b.lua and app.py, got %v", all)
	}

	r = in(t, dir, "--write-baseline", "lint-lua-baseline.json", ".")
	wantCode(t, r, ExitOK)
	wantErr(t, r, "wrote", "lint-lua-baseline.json")
	if r.out != "" {
		t.Errorf("--write-baseline reported findings:\n%s", r.out)
	}
	base, err := os.ReadFile(filepath.Join(dir, "lint-lua-baseline.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`"file": "a.lua"`, `"occurrence": 1`, `"file": "app.py"`, `"text": "'py-key'"`} {
		if !strings.Contains(string(base), s) {
			t.Errorf("baseline lacks %s:\n%s", s, base)
		}
	}

	r = in(t, dir, "--format", "json", "--baseline", "lint-lua-baseline.json", ".")
	wantCode(t, r, ExitOK)
	if got := decode(t, r).findings(); len(got) != 0 {
		t.Errorf("unchanged tree: %v", got)
	}

	// Lines above every finding, a third identical assignment, and a new
	// literal key in the Python file.
	tree(t, dir, map[string]string{
		"a.lua": "-- inserted\n-- lines\nx = ARGV[1]\nx = ARGV[1]\nx = ARGV[1]\n",
		"b.lua": "-- inserted\n" + literalSrc,
		"app.py": "import redis\nr = redis.Redis()\n\n\n" +
			"r.eval(\"return redis.call('GET', 'py-key')\", 0)\n" +
			"r.eval(\"return redis.call('GET', 'other-key')\", 0)\n",
	})
	r = in(t, dir, "--format", "json", "--baseline", "lint-lua-baseline.json", ".")
	wantCode(t, r, ExitFindings)
	got := decode(t, r).findings()
	want := []string{"a.lua:5:global-assignment:error", "app.py:6:undeclared-key:info"}
	if !equal(got, want) {
		t.Errorf("new findings:\n%v\nwant\n%v", got, want)
	}
	if strings.Contains(r.errOut, "no longer") {
		t.Errorf("stale entries where none is:\n%s", r.errOut)
	}
	// The new ones are below --fail-on error... except the error: the
	// exit status is that of the new findings alone.
	r = in(t, dir, "--baseline", "lint-lua-baseline.json", "--fail-on", "error", "b.lua", "app.py")
	wantCode(t, r, ExitOK)

	// Fix b.lua: its entry is stale, named on the error stream, and the
	// run does not fail for it.
	tree(t, dir, map[string]string{"b.lua": cleanSrc, "a.lua": "x = ARGV[1]\nx = ARGV[1]\n"})
	r = in(t, dir, "--baseline", "lint-lua-baseline.json", "a.lua", "b.lua")
	wantCode(t, r, ExitOK)
	wantErr(t, r, "1 entry of the baseline lint-lua-baseline.json no longer matches", "b.lua: undeclared-key: 'literal-key' (occurrence 0)", "--prune-baseline")
	// A run that does not lint app.py leaves its entries alone.
	if strings.Contains(r.errOut, "app.py") {
		t.Errorf("entries of a file the run did not lint were called stale:\n%s", r.errOut)
	}
	r = in(t, dir, "--baseline", "lint-lua-baseline.json", "--prune-baseline", "a.lua", "b.lua")
	wantCode(t, r, ExitOK)
	wantErr(t, r, "removed from it")
	pruned, err := os.ReadFile(filepath.Join(dir, "lint-lua-baseline.json"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(pruned), "b.lua") || !strings.Contains(string(pruned), "app.py") {
		t.Errorf("pruned baseline:\n%s", pruned)
	}
	r = in(t, dir, "--baseline", "lint-lua-baseline.json", "a.lua", "b.lua")
	wantCode(t, r, ExitOK)
	if r.errOut != "" {
		t.Errorf("after pruning: %s", r.errOut)
	}
}

// TestBaselineConfig reads baseline: from the configuration, relative to
// its directory, and refuses what cannot work.
func TestBaselineConfig(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		".lint-lua.yaml": "baseline: ci/baseline.json\n",
		"s/a.lua":        globalSrc,
	})
	if err := os.MkdirAll(filepath.Join(dir, "ci"), 0o755); err != nil {
		t.Fatal(err)
	}
	wantCode(t, in(t, dir, "--write-baseline", "ci/baseline.json", "s"), ExitOK)
	wantCode(t, in(t, filepath.Join(dir, "s"), "."), ExitOK)
	wantCode(t, in(t, filepath.Join(dir, "s"), "--no-baseline", "."), ExitFindings)

	r := in(t, dir, "--baseline", "s/a.lua", "s")
	wantCode(t, r, ExitError)
	wantErr(t, r, "s/a.lua: not a lint-lua baseline")
	r = in(t, dir, "--write-baseline", "x.json", "--diff", "s")
	wantCode(t, r, ExitError)
	wantErr(t, r, "--write-baseline")
	r = in(t, dir, "--no-baseline", "--prune-baseline", "s")
	wantCode(t, r, ExitError)
	wantErr(t, r, "--prune-baseline needs a baseline")
	r = in(t, dir, "--baseline", "missing.json", "s")
	wantCode(t, r, ExitError)
	wantErr(t, r, "missing.json")
}

// TestBaselineGo is the adoption under lint-lua go: findings in Go strings
// are recorded, matched after an edit above them, a new one is reported
// alone, and the entry of a fixed one is listed as stale.
func TestBaselineGo(t *testing.T) {
	t.Parallel()
	slowtest.Gate(t, "loads packages with the go command")
	app := goModule(t, goBad)
	r := in(t, app, "go", "--write-baseline", "base.json", "./...")
	wantCode(t, r, ExitOK)
	base, err := os.ReadFile(filepath.Join(app, "base.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(base), `"file": "main.go"`) || !strings.Contains(string(base), `"text": "x"`) {
		t.Fatalf("baseline:\n%s", base)
	}
	// lint-lua writes the findings of the .lua files into the same file
	// and keeps those of the Go code, which it does not lint.
	tree(t, app, map[string]string{"s.lua": globalSrc})
	wantCode(t, in(t, app, "--write-baseline", "base.json", "."), ExitOK)
	base, err = os.ReadFile(filepath.Join(app, "base.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(base), `"file": "main.go"`) || !strings.Contains(string(base), `"file": "s.lua"`) {
		t.Fatalf("baseline after lint-lua --write-baseline:\n%s", base)
	}
	// A line above, and a second script with a new global.
	edited := strings.Replace(goBad, "var incr", "// the counter\nvar incr", 1) +
		"\nvar other = redis.NewScript(`y = 1\nreturn redis.call('GET', KEYS[1])`)\n"
	tree(t, app, map[string]string{"main.go": edited})
	r = in(t, app, "go", "--format", "json", "--baseline", "base.json", "./...")
	wantCode(t, r, ExitFindings)
	got := decode(t, r).findings()
	if want := []string{"main.go:20:global-assignment:error"}; !equal(got, want) {
		t.Errorf("findings %v, want %v\n%s", got, want, r.errOut)
	}
	tree(t, app, map[string]string{"main.go": strings.Replace(goBad, "x = n\n", "", 1)})
	r = in(t, app, "go", "--baseline", "base.json", "./...")
	wantCode(t, r, ExitOK)
	wantErr(t, r, "no longer matches", "main.go: global-assignment: x (occurrence 0)")
}
