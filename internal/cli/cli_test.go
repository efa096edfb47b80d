package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/lint-lua/lint-lua/internal/version"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lint-lua/lint-lua/internal/settings"
	"github.com/lint-lua/lint-lua/rules"
)

// The scripts the tests lint. Each finding comes from a rule whose
// behaviour these tests do not depend on beyond "this line is reported":
// global-assignment for `x = ARGV[1]`, undeclared-key for a literal key.
const (
	cleanSrc   = "local v = redis.call('GET', KEYS[1])\nreturn v\n"
	globalSrc  = "x = ARGV[1]\n"
	literalSrc = "return redis.call('GET', 'literal-key')\n"
)

// env is one fake process environment: a working directory, variables and
// what standard input holds.
type env struct {
	wd       string
	vars     map[string]string
	stdin    string
	terminal bool
}

type result struct {
	code        int
	out, errOut string
}

func (e env) run(t *testing.T, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	s := &IOStreams{
		In:            strings.NewReader(e.stdin),
		Out:           &out,
		ErrOut:        &errOut,
		OutIsTerminal: e.terminal,
		Getenv:        func(k string) string { return e.vars[k] },
		Getwd: func() (string, error) {
			if e.wd == "" {
				return "", fmt.Errorf("no working directory in this test")
			}
			return e.wd, nil
		},
	}
	code := Run(rules.Catalogue(), args, s)
	return result{code, out.String(), errOut.String()}
}

// in runs the command line in dir.
func in(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return env{wd: dir}.run(t, args...)
}

// jsonFinding is one diagnostic of --format json, as the tests read it.
type jsonFinding struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line"`
	EndColumn int    `json:"end_column"`
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	Message   string `json:"message"`
	Help      string `json:"help"`
}

// jsonFindings decodes the diagnostics of a --format json run's output,
// failing the test (with its error stream) when it is not JSON.
func jsonFindings(t *testing.T, out, errOut string) []jsonFinding {
	t.Helper()
	var res struct {
		Diagnostics []jsonFinding `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("output is not JSON: %v\n%s\nstderr: %s", err, out, errOut)
	}
	return res.Diagnostics
}

// tree writes files (slash-separated paths relative to dir) and returns dir.
func tree(t *testing.T, dir string, files map[string]string) string {
	t.Helper()
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

type jsonDiag struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

type jsonOut struct {
	Files       int        `json:"files"`
	Diagnostics []jsonDiag `json:"diagnostics"`
	Skipped     []struct {
		File   string `json:"file"`
		Reason string `json:"reason"`
	} `json:"skipped"`
}

func decode(t *testing.T, r result) jsonOut {
	t.Helper()
	var o jsonOut
	if err := json.Unmarshal([]byte(r.out), &o); err != nil {
		t.Fatalf("output is not JSON: %v\n%s\nstderr: %s", err, r.out, r.errOut)
	}
	return o
}

// findings lists "file:line:rule:severity" for each diagnostic.
func (o jsonOut) findings() []string {
	var out []string
	for _, d := range o.Diagnostics {
		out = append(out, fmt.Sprintf("%s:%d:%s:%s", d.File, d.Line, d.Rule, d.Severity))
	}
	return out
}

func (o jsonOut) files() []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range o.Diagnostics {
		if !seen[d.File] {
			seen[d.File] = true
			out = append(out, d.File)
		}
	}
	sort.Strings(out)
	return out
}

func wantCode(t *testing.T, r result, code int) {
	t.Helper()
	if r.code != code {
		t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.out, r.errOut)
	}
}

func wantErr(t *testing.T, r result, subs ...string) {
	t.Helper()
	for _, s := range subs {
		if !strings.Contains(r.errOut, s) {
			t.Errorf("stderr does not mention %q:\n%s", s, r.errOut)
		}
	}
}

func equal(a, b []string) bool {
	return strings.Join(a, "\n") == strings.Join(b, "\n")
}

func TestExitCodes(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		"clean.lua":  cleanSrc,
		"global.lua": globalSrc,
		// global-assignment lowered to a warning by this directory's
		// configuration.
		"warn/.lint-lua.yaml": "rules:\n  global-assignment: warning\n",
		"warn/global.lua":     globalSrc,
	})
	warnDir := filepath.Join(dir, "warn")
	cases := []struct {
		name string
		wd   string
		args []string
		code int
		err  []string
	}{
		{"clean", dir, []string{"clean.lua"}, ExitOK, nil},
		{"error finding", dir, []string{"clean.lua", "global.lua"}, ExitFindings, nil},
		{"error finding, fail-on error", dir, []string{"--fail-on", "error", "global.lua"}, ExitFindings, nil},
		{"warning, default fail-on", warnDir, []string{"global.lua"}, ExitFindings, nil},
		{"warning, fail-on error", warnDir, []string{"--fail-on", "error", "global.lua"}, ExitOK, nil},
		{"warning, fail-on warn", warnDir, []string{"--fail-on=warn", "global.lua"}, ExitFindings, nil},
		{"unknown flag", dir, []string{"--nope", "clean.lua"}, ExitError, []string{"unknown flag: --nope", "lint-lua --help"}},
		{"unknown shorthand", dir, []string{"-Z", "clean.lua"}, ExitError, []string{"unknown shorthand flag"}},
		{"unknown format", dir, []string{"--format", "xml", "clean.lua"}, ExitError, []string{"--format", `unknown format "xml"`}},
		{"unknown enabled rule", dir, []string{"--enable", "nope", "clean.lua"}, ExitError, []string{"--enable", `unknown rule "nope"`}},
		{"unknown disabled rule", dir, []string{"--disable", "global-assignment,nope", "clean.lua"}, ExitError, []string{"--disable", `unknown rule "nope"`}},
		{"bad fail-on", dir, []string{"--fail-on", "fatal", "clean.lua"}, ExitError, []string{"--fail-on", `"fatal"`}},
		{"bad color", dir, []string{"--color", "sometimes", "clean.lua"}, ExitError, []string{"--color", `"sometimes"`}},
		{"bad jobs", dir, []string{"--jobs", "0", "clean.lua"}, ExitError, []string{"--jobs"}},
		{"jobs not a number", dir, []string{"--jobs", "many", "clean.lua"}, ExitError, []string{"--jobs"}},
		{"missing config", dir, []string{"--config", "nope.yaml", "clean.lua"}, ExitError, []string{"nope.yaml", "no such file or directory"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := in(t, c.wd, c.args...)
			wantCode(t, r, c.code)
			wantErr(t, r, c.err...)
			if c.code == ExitError && r.out != "" {
				t.Errorf("a usage error printed a report:\n%s", r.out)
			}
		})
	}
}

func TestInvalidConfig(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		".lint-lua.yaml": "rules:\n  global-assignment: error\n  no-such-rule: off\n",
		"a.lua":          globalSrc,
		"other.yaml":     "rules:\n  global-assignment:\n    severity: loud\n",
		"broken.yaml":    "rules:\n  global-assignment: [\n",
	})
	sub := filepath.Join(dir, "sub", "deeper")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	// Found by walking up from the working directory.
	r := in(t, sub, filepath.Join(dir, "a.lua"))
	wantCode(t, r, ExitError)
	wantErr(t, r, filepath.Join(dir, ".lint-lua.yaml")+":3:", `unknown rule "no-such-rule"`)
	// Named with --config, relative to the working directory.
	r = in(t, dir, "--config", "other.yaml", "a.lua")
	wantCode(t, r, ExitError)
	wantErr(t, r, "other.yaml:3:", `invalid severity "loud"`)
	r = in(t, dir, "-c", "broken.yaml", "a.lua")
	wantCode(t, r, ExitError)
	wantErr(t, r, "broken.yaml:")
	if r.out != "" {
		t.Errorf("a configuration error printed a report:\n%s", r.out)
	}
}

func TestMissingPath(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		"a.lua": globalSrc,
		"b.lua": literalSrc,
	})
	r := in(t, dir, "--format", "json", "a.lua", "missing.lua", "b.lua", "gone/dir")
	wantCode(t, r, ExitError)
	wantErr(t, r, "missing.lua: no such file or directory", "gone/dir: no such file or directory")
	o := decode(t, r)
	if got := o.files(); !equal(got, []string{"a.lua", "b.lua"}) || o.Files != 2 {
		t.Errorf("files %v (%d linted), want a.lua and b.lua", got, o.Files)
	}
}

// TestUnreadable: a file that cannot be read is reported by name, and the
// other files are still linted and reported; the exit status is 2.
func TestUnreadable(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		"src/a.lua":       globalSrc,
		"src/z.lua":       literalSrc,
		"elsewhere/x.lua": cleanSrc,
	})
	src := filepath.Join(dir, "src")
	// These fail for root as well: a dangling link, and a link to a
	// directory, both named like scripts.
	if err := os.Symlink(filepath.Join(dir, "nowhere.lua"), filepath.Join(src, "dangling.lua")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if err := os.Symlink(filepath.Join(dir, "elsewhere"), filepath.Join(src, "dir.lua")); err != nil {
		t.Fatal(err)
	}
	r := in(t, dir, "--format", "json", "src")
	wantCode(t, r, ExitError)
	wantErr(t, r, "src/dangling.lua: no such file or directory", "src/dir.lua: is a directory")
	o := decode(t, r)
	if got := o.files(); !equal(got, []string{"src/a.lua", "src/z.lua"}) {
		t.Errorf("files %v, want src/a.lua and src/z.lua", got)
	}

	t.Run("permission denied", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("root reads files whatever their mode")
		}
		dir := tree(t, t.TempDir(), map[string]string{"a.lua": globalSrc, "locked.lua": globalSrc})
		locked := filepath.Join(dir, "locked.lua")
		if err := os.Chmod(locked, 0); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(locked, 0o644) })
		r := in(t, dir, "--format", "json", ".")
		wantCode(t, r, ExitError)
		wantErr(t, r, "locked.lua: permission denied")
		if got := decode(t, r).files(); !equal(got, []string{"a.lua"}) {
			t.Errorf("files %v, want a.lua", got)
		}
	})
}

// runWithin fails the test instead of hanging when the run does not
// return; it is a guard against a blocking read, not a timing assertion.
func runWithin(t *testing.T, e env, args ...string) result {
	t.Helper()
	done := make(chan result, 1)
	go func() { done <- e.run(t, args...) }()
	select {
	case r := <-done:
		return r
	case <-time.After(2 * time.Minute):
		t.Fatalf("lint-lua %v did not return", args)
		return result{}
	}
}

// TestFIFO: a named pipe found in a tree is skipped (opening it would wait
// for a writer forever), and one named on the command line, as a shell's
// <(...) is, is read.
func TestFIFO(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{"a.lua": globalSrc})
	fifo := filepath.Join(dir, "pipe.lua")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	r := runWithin(t, env{wd: dir}, "--format", "json", ".")
	wantCode(t, r, ExitFindings)
	if got := decode(t, r).files(); !equal(got, []string{"a.lua"}) {
		t.Errorf("files %v, want a.lua", got)
	}

	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.WriteString(literalSrc)
		f.Close()
	}()
	r = runWithin(t, env{wd: dir}, "--format", "json", "pipe.lua")
	wantCode(t, r, ExitOK)
	if got := decode(t, r).findings(); !equal(got, []string{"pipe.lua:1:undeclared-key:info"}) {
		t.Errorf("findings %v", got)
	}
}

// TestSymlinkedRoot: a directory given as a symbolic link is searched, and
// files are named through the link as given.
func TestSymlinkedRoot(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{"real/a.lua": globalSrc})
	if err := os.Symlink("real", filepath.Join(dir, "link")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	for _, arg := range []string{"link", "link/", "./link"} {
		r := in(t, dir, "--format", "json", arg)
		wantCode(t, r, ExitFindings)
		if got := decode(t, r).files(); !equal(got, []string{"link/a.lua"}) {
			t.Errorf("%s: files %v, want link/a.lua", arg, got)
		}
	}
}

func TestStdin(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		"a.lua": literalSrc,
		".lint-lua.yaml": "rules:\n  undeclared-key: warning\n" +
			"overrides:\n  - files: [legacy/**]\n    rules:\n      global-assignment: off\n",
	})
	e := env{wd: dir, stdin: globalSrc + literalSrc}
	r := e.run(t, "--format", "json", "-")
	wantCode(t, r, ExitFindings)
	o := decode(t, r)
	if got := o.findings(); !equal(got, []string{"stdin.lua:1:global-assignment:error", "stdin.lua:2:undeclared-key:warning"}) || o.Files != 1 {
		t.Errorf("findings %v in %d files", got, o.Files)
	}
	// --stdin-filename names the input and decides which overrides apply.
	r = e.run(t, "--format", "json", "--stdin-filename", "legacy/old.lua", "-", "a.lua")
	wantCode(t, r, ExitFindings)
	o = decode(t, r)
	if got := o.findings(); !equal(got, []string{"a.lua:1:undeclared-key:warning", "legacy/old.lua:2:undeclared-key:warning"}) || o.Files != 2 {
		t.Errorf("findings %v in %d files", got, o.Files)
	}
	// The text format shows the line read from stdin.
	r = e.run(t, "--stdin-filename", "in.lua", "-")
	if !strings.Contains(r.out, "in.lua:1:1:") || !strings.Contains(r.out, "\nx = ARGV[1]\n") {
		t.Errorf("text output:\n%s", r.out)
	}
}

func TestDirectoryRecursion(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		".lint-lua.yaml":          "exclude:\n  - generated\n  - /lib/skip.lua\n  - '*.gen.lua'\n",
		"a.lua":                   globalSrc,
		"lib/b.lua":               globalSrc,
		"lib/skip.lua":            globalSrc,
		"lib/c.gen.lua":           globalSrc,
		"lib/deep/er/d.lua":       globalSrc,
		"lib/generated/x.lua":     globalSrc,
		"generated/y.lua":         globalSrc,
		".git/hooks/x.lua":        globalSrc,
		"vendor/x.lua":            globalSrc,
		"lib/vendor/x.lua":        globalSrc,
		"node_modules/pkg/x.lua":  globalSrc,
		"notes.txt":               globalSrc,
		"script.lua.bak":          globalSrc,
		"tools/run.redis":         globalSrc,
		"vendor-not/x.lua":        globalSrc,
		"lib/deep/er/README.md":   "# not lua",
		"lib/deep/er/empty.lua":   "",
		"lib/deep/er/spaces .lua": globalSrc,
	})
	want := []string{"a.lua", "lib/b.lua", "lib/deep/er/d.lua", "lib/deep/er/spaces .lua", "vendor-not/x.lua"}
	r := in(t, dir, "--format", "json")
	wantCode(t, r, ExitFindings)
	o := decode(t, r)
	if got := o.files(); !equal(got, want) {
		t.Errorf("no path: files\n%v\nwant\n%v", got, want)
	}
	if o.Files != len(want) { // empty.lua shows no Redis script: skipped
		t.Errorf("%d files linted, want %d", o.Files, len(want))
	}
	// The same from a subdirectory: excludes stay relative to the
	// configuration file, names to the working directory.
	r = in(t, filepath.Join(dir, "lib"), "--format", "json", "..")
	got := decode(t, r).files()
	var wantUp []string
	for _, w := range want {
		wantUp = append(wantUp, "../"+w)
	}
	if !equal(got, wantUp) {
		t.Errorf("from lib: files\n%v\nwant\n%v", got, wantUp)
	}
	// Files named on the command line are linted whatever their name, but
	// not when the configuration excludes them (as ruff's force-exclude):
	// a pre-commit hook names every changed file. vendor is skipped by the
	// walk, not excluded by the configuration: named, it is linted.
	r = in(t, dir, "--format", "json", "notes.txt", "tools/run.redis", "lib/skip.lua", "vendor/x.lua", "lib/c.gen.lua")
	wantCode(t, r, ExitFindings)
	if got := decode(t, r).files(); !equal(got, []string{"notes.txt", "tools/run.redis", "vendor/x.lua"}) {
		t.Errorf("explicit files: %v", got)
	}
	// A directory named on the command line is searched even when it is
	// called vendor, but not when it matches an exclude.
	r = in(t, dir, "--format", "json", "vendor", "generated", "lib/")
	if got := decode(t, r).files(); !equal(got, []string{"lib/b.lua", "lib/deep/er/d.lua", "lib/deep/er/spaces .lua", "vendor/x.lua"}) {
		t.Errorf("explicit directories: %v", got)
	}
	// Standard input named as an excluded file is left alone too.
	r = env{wd: dir, stdin: globalSrc}.run(t, "--format", "json", "--stdin-filename", "lib/skip.lua", "-")
	wantCode(t, r, ExitOK)
	if o := decode(t, r); o.Files != 0 {
		t.Errorf("excluded standard input: %d files linted", o.Files)
	}
}

func TestEnableDisable(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		".lint-lua.yaml": "rules:\n  global-assignment: off\n  undeclared-key:\n    severity: warning\n",
		"a.lua":          globalSrc + literalSrc,
	})
	cases := []struct {
		args []string
		want []string
	}{
		{nil, []string{"a.lua:2:undeclared-key:warning"}},
		// The flag enables a rule the configuration turned off, at its
		// default severity; a configured severity stays.
		{[]string{"--enable", "global-assignment"}, []string{"a.lua:1:global-assignment:error", "a.lua:2:undeclared-key:warning"}},
		{[]string{"--disable", "undeclared-key"}, nil},
		{[]string{"--enable", "global-assignment", "--disable", "undeclared-key"}, []string{"a.lua:1:global-assignment:error"}},
		// Comma-separated and repeated forms.
		{[]string{"--enable", "global-assignment,undeclared-key", "--disable", "undeclared-key"}, []string{"a.lua:1:global-assignment:error"}},
		{[]string{"--enable=global-assignment", "--disable", "global-assignment", "--disable", "undeclared-key"}, nil},
		{[]string{"--disable", " undeclared-key , syntax-error"}, nil},
	}
	for _, c := range cases {
		r := in(t, dir, append([]string{"--format", "json", "a.lua"}, c.args...)...)
		if got := decode(t, r).findings(); !equal(got, c.want) {
			t.Errorf("%v: findings %v, want %v", c.args, got, c.want)
		}
	}
}

func TestPerPathOverrides(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		".lint-lua.yaml": "rules:\n  undeclared-key: off\n" +
			"overrides:\n" +
			"  - files: [legacy/**]\n    rules:\n      global-assignment: off\n" +
			"  - files: ['*_test.lua']\n    rules:\n      global-assignment: info\n" +
			"  - files: [legacy/strict/*.lua]\n    rules:\n      undeclared-key: error\n",
		"legacy/a.lua":        globalSrc + literalSrc,
		"legacy/strict/b.lua": globalSrc + literalSrc,
		"new/c.lua":           globalSrc + literalSrc,
		"new/c_test.lua":      globalSrc + literalSrc,
		"work/here/.keep":     "",
	})
	// The configuration is found by walking up from the working directory,
	// and its patterns are relative to where it is.
	wd := filepath.Join(dir, "work", "here")
	r := in(t, wd, "--format", "json", "../..")
	want := []string{
		"../../legacy/strict/b.lua:2:undeclared-key:error",
		"../../new/c.lua:1:global-assignment:error",
		"../../new/c_test.lua:1:global-assignment:info",
	}
	if got := decode(t, r).findings(); !equal(got, want) {
		t.Errorf("findings\n%v\nwant\n%v", got, want)
	}
	wantCode(t, r, ExitFindings)
	// Severity overrides decide the exit status: only the info finding
	// left, fail-on warning passes and fail-on info fails.
	r = in(t, wd, "../../new/c_test.lua")
	wantCode(t, r, ExitOK)
	r = in(t, wd, "--fail-on", "info", "../../new/c_test.lua")
	wantCode(t, r, ExitFindings)
	// An absolute path gets the same settings.
	r = in(t, wd, "--format", "json", filepath.Join(dir, "legacy", "a.lua"))
	wantCode(t, r, ExitOK)
	if got := decode(t, r).findings(); len(got) != 0 {
		t.Errorf("legacy/a.lua: %v", got)
	}
	// An explicit --config is used instead of the one found.
	tree(t, dir, map[string]string{"work/strict.yaml": "rules:\n  global-assignment: warning\n"})
	r = in(t, wd, "--format", "json", "--config", "../strict.yaml", "../../legacy/a.lua")
	if got := decode(t, r).findings(); !equal(got, []string{"../../legacy/a.lua:1:global-assignment:warning", "../../legacy/a.lua:2:undeclared-key:info"}) {
		t.Errorf("--config: %v", got)
	}
}

func TestRuleOptionsFromConfig(t *testing.T) {
	t.Parallel()
	const id = "script-too-long"
	r0 := rules.Catalogue().ByID(id)
	if r0 == nil {
		t.Skipf("rule %s does not exist yet", id)
	}
	long := strings.Repeat("local x = ARGV[1]\n", 5)
	dir := tree(t, t.TempDir(), map[string]string{
		".lint-lua.yaml":       "rules:\n  script-too-long:\n    severity: error\n    options:\n      max-lines: 3\n",
		"long.lua":             long,
		"other/.lint-lua.yaml": "rules:\n  script-too-long:\n    severity: error\n",
		"other/long.lua":       long,
	})
	r := in(t, dir, "--format", "json", "long.lua")
	wantCode(t, r, ExitFindings)
	if got := decode(t, r).findings(); !equal(got, []string{"long.lua:4:script-too-long:error"}) {
		t.Errorf("max-lines 3: findings %v", got)
	}
	// Without the option the default (well above 5 lines) applies.
	r = in(t, filepath.Join(dir, "other"), "--format", "json", "long.lua")
	wantCode(t, r, ExitOK)
	if got := decode(t, r).findings(); len(got) != 0 {
		t.Errorf("default max-lines: findings %v", got)
	}
}

// TestJobsDeterministic: the output does not depend on how many files are
// linted at once.
func TestJobsDeterministic(t *testing.T) {
	t.Parallel()
	files := map[string]string{}
	bodies := []string{cleanSrc, globalSrc, literalSrc, globalSrc + literalSrc, "local x = \n", "-- lint-lua: ignore global-assignment -- ok\nx = 1\n"}
	for i := 0; i < 30; i++ {
		files[fmt.Sprintf("d%d/f%02d.lua", i%4, i)] = strings.Repeat(bodies[i%len(bodies)], 1+i%3)
	}
	dir := tree(t, t.TempDir(), files)
	for _, format := range []string{"text", "json", "sarif", "github", "checkstyle", "rdjson"} {
		one := in(t, dir, "--format", format, "--jobs", "1", ".")
		eight := in(t, dir, "--format", format, "--jobs", "8", ".")
		if one.code != ExitFindings || eight.code != ExitFindings {
			t.Errorf("%s: exit %d and %d", format, one.code, eight.code)
		}
		if one.out != eight.out || one.errOut != eight.errOut {
			t.Errorf("%s: --jobs 1 and --jobs 8 differ:\n%s\n----\n%s", format, one.out, eight.out)
		}
		if !strings.Contains(one.out, "d3/f27.lua") {
			t.Errorf("%s: output misses files:\n%s", format, one.out)
		}
	}
}

func TestRulesCommand(t *testing.T) {
	t.Parallel()
	r := in(t, t.TempDir(), "rules")
	wantCode(t, r, ExitOK)
	lines := strings.Split(strings.TrimSpace(r.out), "\n")
	all := rules.Catalogue().All()
	if len(lines) != len(all)+1 {
		t.Fatalf("%d lines for %d rules:\n%s", len(lines), len(all), r.out)
	}
	for i, rule := range all {
		f := strings.Fields(lines[i+1])
		if len(f) < 4 || f[0] != rule.ID || f[1] != string(rule.Category) || f[2] != rule.Severity.String() || !strings.HasSuffix(lines[i+1], rule.Doc.Title) {
			t.Errorf("line %q for rule %s", lines[i+1], rule.ID)
		}
	}
	r = in(t, t.TempDir(), "rules", "extra")
	wantCode(t, r, ExitError)
}

func TestExplain(t *testing.T) {
	t.Parallel()
	r := in(t, t.TempDir(), "explain", "undeclared-key")
	wantCode(t, r, ExitOK)
	rule := rules.Catalogue().ByID("undeclared-key")
	for _, want := range []string{"undeclared-key", rule.Doc.Title, "KEYS"} {
		if !strings.Contains(r.out, want) {
			t.Errorf("explain output does not mention %q:\n%s", want, r.out)
		}
	}
	r = in(t, t.TempDir(), "explain", "nope")
	wantCode(t, r, ExitError)
	wantErr(t, r, `unknown rule "nope"`)
	if r.out != "" {
		t.Errorf("stdout: %q", r.out)
	}
	wantCode(t, in(t, t.TempDir(), "explain"), ExitError)
}

func TestVersion(t *testing.T) {
	t.Parallel()
	r := in(t, t.TempDir(), "version")
	wantCode(t, r, ExitOK)
	if r.out != "lint-lua "+version.String()+"\n" {
		t.Errorf("version output %q", r.out)
	}
}

func TestColor(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{"a.lua": globalSrc})
	const esc = "\x1b["
	cases := []struct {
		name string
		e    env
		args []string
		want bool
	}{
		{"always", env{}, []string{"--color", "always"}, true},
		{"always beats NO_COLOR", env{vars: map[string]string{"NO_COLOR": "1"}}, []string{"--color=always"}, true},
		{"never on a terminal", env{terminal: true}, []string{"--color", "never"}, false},
		{"auto on a terminal", env{terminal: true}, nil, true},
		{"auto with NO_COLOR", env{terminal: true, vars: map[string]string{"NO_COLOR": "1"}}, []string{"--color", "auto"}, false},
		{"auto, not a terminal", env{}, []string{"--color", "auto"}, false},
		{"json, always", env{terminal: true}, []string{"--color", "always", "--format", "json"}, false},
		{"sarif, always", env{terminal: true}, []string{"--color", "always", "--format", "sarif"}, false},
		{"github, always", env{terminal: true}, []string{"--color", "always", "--format", "github"}, false},
		{"checkstyle, always", env{terminal: true}, []string{"--color", "always", "--format", "checkstyle"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.e.wd = dir
			r := c.e.run(t, append(c.args, "a.lua")...)
			wantCode(t, r, ExitFindings)
			if got := strings.Contains(r.out, esc); got != c.want {
				t.Errorf("colour %v, want %v:\n%q", got, c.want, r.out)
			}
			if strings.Contains(r.errOut, esc) {
				t.Errorf("colour on stderr: %q", r.errOut)
			}
		})
	}
}

// TestWorkingDirectory: relative paths are resolved against the working
// directory the streams give, not the test process's, and reported as
// written.
func TestWorkingDirectory(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{"sub/a.lua": globalSrc})
	r := in(t, dir, "--format", "json", "sub/a.lua", "./sub")
	wantCode(t, r, ExitFindings)
	if got := decode(t, r).findings(); !equal(got, []string{"sub/a.lua:1:global-assignment:error", "sub/a.lua:1:global-assignment:error"}) {
		t.Errorf("findings %v", got)
	}
	// Without a working directory, the process's is used.
	abs := filepath.Join(dir, "sub", "a.lua")
	r = env{}.run(t, "--format", "json", abs)
	wantCode(t, r, ExitFindings)
	if got := decode(t, r).files(); !equal(got, []string{filepath.ToSlash(abs)}) {
		t.Errorf("files %v", got)
	}
}

// TestTooLarge: a file past the size bound is reported, not read whole.
func TestTooLarge(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{"a.lua": globalSrc})
	big := filepath.Join(dir, "big.lua")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(settings.DefaultMaxFileSize + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	r := in(t, dir, "--format", "json", ".")
	wantCode(t, r, ExitError)
	wantErr(t, r, "big.lua: larger than 1 MiB, the --max-file-size limit")
	if got := decode(t, r).files(); !equal(got, []string{"a.lua"}) {
		t.Errorf("files %v, want a.lua", got)
	}
}

// TestFatalPathError: when no file could be linted the text report says
// nothing (stderr has the reason), not "no problems in 0 files", and JSON
// and SARIF record the error; the exit status is 2.
func TestFatalPathError(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	r := in(t, dir, "missing.lua")
	wantCode(t, r, ExitError)
	if r.out != "" || r.errOut != "lint-lua: missing.lua: no such file or directory\n" {
		t.Errorf("stdout %q, stderr %q", r.out, r.errOut)
	}
	r = in(t, dir, "--format", "json", "missing.lua")
	wantCode(t, r, ExitError)
	if !strings.Contains(r.out, `"errors": [`) || !strings.Contains(r.out, `"file": "missing.lua"`) {
		t.Errorf("json:\n%s", r.out)
	}
	r = in(t, dir, "--format", "sarif", "missing.lua")
	wantCode(t, r, ExitError)
	if !strings.Contains(r.out, `"executionSuccessful": false`) || !strings.Contains(r.out, `"toolExecutionNotifications"`) {
		t.Errorf("sarif:\n%s", r.out)
	}
}
