package cli

import (
	"encoding/json"
	"github.com/lint-lua/lint-lua/internal/version"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/slowtest"
	"github.com/lint-lua/lint-lua/rules"
)

// flagsSrc has an error (a global assignment) and an info finding (SETNX
// then EXPIRE).
const flagsSrc = "x = 1\nif redis.call('SETNX', KEYS[1], '1') == 1 then\n  redis.call('EXPIRE', KEYS[1], 10)\nend\n"

// TestOutputFlags checks --statistics, --quiet, --min-severity and
// --output-file (issue 16).
func TestOutputFlags(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{"a.lua": flagsSrc, "b.lua": "y = KEYS[2]\n"})

	r := in(t, dir, "--statistics", ".")
	wantCode(t, r, ExitFindings)
	if want := "2  error    global-assignment\n1  info     setnx-then-expire\n\n3 problems"; !strings.HasPrefix(r.out, want) {
		t.Errorf("--statistics:\n%s\nwant it to start\n%s", r.out, want)
	}
	if r := in(t, dir, "--statistics", "--format", "json", "."); r.code != ExitError || !strings.Contains(r.errOut, "--statistics prints text") {
		t.Errorf("--statistics --format json: exit %d, %q", r.code, r.errOut)
	}

	r = in(t, dir, "--quiet", "b.lua")
	wantCode(t, r, ExitFindings)
	if strings.Contains(r.out, "problem") || !strings.Contains(r.out, "b.lua:1:1:") {
		t.Errorf("--quiet: the findings only, got\n%s", r.out)
	}

	// --min-severity hides what is below it, and what is hidden does not
	// fail the run.
	r = in(t, dir, "--min-severity", "error", "--fail-on", "info", "--format", "json", "a.lua")
	wantCode(t, r, ExitFindings)
	if got := decode(t, r).findings(); len(got) != 1 || !strings.Contains(got[0], "global-assignment") {
		t.Errorf("--min-severity error: %v", got)
	}
	tree(t, dir, map[string]string{"c.lua": "if redis.call('SETNX', KEYS[1], '1') == 1 then\n  redis.call('EXPIRE', KEYS[1], 10)\nend\n"})
	wantCode(t, in(t, dir, "--min-severity", "warning", "--fail-on", "info", "c.lua"), ExitOK)
	wantCode(t, in(t, dir, "--fail-on", "info", "c.lua"), ExitFindings)
	if r := in(t, dir, "--min-severity", "loud", "c.lua"); r.code != ExitError || !strings.Contains(r.errOut, "--min-severity") {
		t.Errorf("--min-severity loud: exit %d, %q", r.code, r.errOut)
	}

	r = in(t, dir, "--output-file", "out/report.txt", "b.lua")
	if r.code != ExitError {
		t.Errorf("--output-file in a missing directory: exit %d, want %d", r.code, ExitError)
	}
	r = in(t, dir, "-o", "report.json", "-f", "json", "b.lua")
	wantCode(t, r, ExitFindings)
	data, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil || r.out != "" || !json.Valid(data) || !strings.Contains(string(data), "global-assignment") {
		t.Errorf("--output-file: stdout %q, file %q (%v)", r.out, data, err)
	}
}

// TestCommandLineForms checks the values people write, --version, rules
// --format json, explain's suggestion and the completions (issue 16).
func TestCommandLineForms(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{"a.lua": "return redis.call('GETDEL', KEYS[1])\n"})
	r := in(t, dir, "--redis-version", "7", "--max-file-size", "4MB", "--format", "json", "a.lua")
	wantCode(t, r, ExitOK)
	r = in(t, dir, "--redis-version", "6", "--format", "json", "a.lua")
	if got := decode(t, r).findings(); len(got) != 1 || !strings.Contains(got[0], "unknown-command") {
		t.Errorf("--redis-version 6: %v, want GETDEL reported", got)
	}
	if r := in(t, dir, "--max-file-size", "10B", "a.lua"); r.code != ExitError || !strings.Contains(r.errOut, "larger than") {
		t.Errorf("--max-file-size 10B: exit %d, %q", r.code, r.errOut)
	}

	r = in(t, dir, "--version")
	if r.code != ExitOK || r.out != "lint-lua "+version.String()+"\n" {
		t.Errorf("--version: exit %d, %q", r.code, r.out)
	}

	r = in(t, dir, "rules", "--format", "json")
	var list []struct{ ID, Severity, Title string }
	if err := json.Unmarshal([]byte(r.out), &list); err != nil || len(list) != len(rules.Catalogue().All()) || list[0].ID == "" || list[0].Title == "" {
		t.Errorf("rules --format json: %v, %d rules\n%.200s", err, len(list), r.out)
	}

	r = in(t, dir, "explain", "undeclared-keys")
	if r.code != ExitError || !strings.Contains(r.errOut, "did you mean undeclared-key?") {
		t.Errorf("explain undeclared-keys: exit %d, %q", r.code, r.errOut)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"__complete", "--enable", ""}, "undeclared-key\t"},
		{[]string{"__complete", "go", "--disable", ""}, "unknown-command\t"},
		{[]string{"__complete", "--format", ""}, "sarif\n"},
		{[]string{"__complete", "explain", ""}, "script-too-long\t"},
	} {
		if r := in(t, dir, c.args...); !strings.Contains(r.out, c.want) {
			t.Errorf("%q: completions lack %q:\n%.300s", c.args, c.want, r.out)
		}
	}

	r = in(t, dir, "--help")
	if !strings.Contains(r.out, "      --includes   ") {
		t.Errorf("--includes should take no value in the help:\n%s", r.out)
	}
}

// TestGoLoadErrorsOnce checks that a package that does not compile is
// reported once, at the type error's place, without go list's "-:" copy,
// and that the text format then prints no "no problems" summary.
func TestGoLoadErrorsOnce(t *testing.T) {
	t.Parallel()
	slowtest.Gate(t, "loads packages with the go command")
	dir := goModule(t, "package main\n\nfunc main() { var n int = \"x\"; _ = n }\n")
	r := in(t, dir, "go", "./...")
	wantCode(t, r, ExitError)
	if n := strings.Count(r.errOut, "cannot use"); n != 1 || strings.Contains(r.errOut, "-:") || strings.Contains(r.out, "no problems") {
		t.Errorf("type error reported %d times:\nstderr %s\nstdout %s", n, r.errOut, r.out)
	}
	r = in(t, dir, "go", "--format", "json", "./...")
	var o struct {
		Errors []struct{ File, Message string }
	}
	if err := json.Unmarshal([]byte(r.out), &o); err != nil || len(o.Errors) != 1 || !strings.Contains(o.Errors[0].Message, "cannot use") {
		t.Errorf("JSON errors: %v %+v", err, o.Errors)
	}
}

// TestConfiguredSeverity checks that a severity set in .lint-lua.yaml is
// the one every finding of the rule shows, the
// findings the rule lowers for weaker evidence included, in every format,
// and that --statistics counts by the severity shown (issue 29).
func TestConfiguredSeverity(t *testing.T) {
	t.Parallel()
	// SMEMBERS is a warning, SUNION one level lower (Doc.Lower).
	const src = "local m = redis.call('SMEMBERS', KEYS[1])\nlocal u = redis.call('SUNION', KEYS[1], KEYS[2])\nreturn {m, u}\n"
	plain := tree(t, t.TempDir(), map[string]string{"a.lua": src})
	r := in(t, plain, "--format", "json", "a.lua")
	if got, want := strings.Join(decode(t, r).findings(), " "), "a.lua:1:expensive-command:warning a.lua:2:expensive-command:info"; got != want {
		t.Fatalf("defaults: %s, want %s", got, want)
	}
	// Without a configured severity the statistics count each severity
	// shown on a line of its own, so that they add up to the summary.
	r = in(t, plain, "--statistics", "a.lua")
	if want := "1  warning  expensive-command\n1  info     expensive-command\n\n2 problems (0 errors, 1 warning, 1 info)"; !strings.HasPrefix(r.out, want) {
		t.Errorf("--statistics:\n%s\nwant it to start\n%s", r.out, want)
	}

	for _, tc := range []struct {
		name, config string
		args         []string
	}{
		{name: "shorthand", config: "rules:\n  expensive-command: error\n"},
		{name: "mapping", config: "rules:\n  expensive-command:\n    severity: error\n"},
		{name: "override", config: "overrides:\n  - files: [a.lua]\n    rules:\n      expensive-command: error\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			files := map[string]string{"a.lua": src}
			if tc.config != "" {
				files[".lint-lua.yaml"] = tc.config
			}
			dir := tree(t, t.TempDir(), files)
			r := in(t, dir, append(tc.args, "--format", "json", "a.lua")...)
			wantCode(t, r, ExitFindings)
			if got, want := strings.Join(decode(t, r).findings(), " "), "a.lua:1:expensive-command:error a.lua:2:expensive-command:error"; got != want {
				t.Errorf("json: %s, want %s", got, want)
			}
			for format, want := range map[string]string{
				"text":       ": error: ",
				"github":     "::error file=a.lua,",
				"checkstyle": `severity="error"`,
			} {
				r := in(t, dir, append(tc.args, "--format", format, "a.lua")...)
				if n := strings.Count(r.out, want); n != 2 || strings.Contains(r.out, "warning:") || strings.Contains(r.out, "info:") {
					t.Errorf("--format %s: want %q on each of 2 findings, got %d in\n%s", format, want, n, r.out)
				}
			}
			var sarif struct {
				Runs []struct {
					Results []struct {
						Level string `json:"level"`
					} `json:"results"`
				} `json:"runs"`
			}
			r = in(t, dir, append(tc.args, "--format", "sarif", "a.lua")...)
			if err := json.Unmarshal([]byte(r.out), &sarif); err != nil || len(sarif.Runs) != 1 || len(sarif.Runs[0].Results) != 2 {
				t.Fatalf("--format sarif: %v\n%s", err, r.out)
			}
			for _, res := range sarif.Runs[0].Results {
				if res.Level != "error" {
					t.Errorf("--format sarif: a result at level %q, want error", res.Level)
				}
			}
			r = in(t, dir, append(tc.args, "--statistics", "a.lua")...)
			if want := "2  error    expensive-command\n\n2 problems (2 errors, 0 warnings, 0 info)"; !strings.HasPrefix(r.out, want) {
				t.Errorf("--statistics:\n%s\nwant it to start\n%s", r.out, want)
			}
		})
	}
}

// TestClusterSetting: cluster: in .lint-lua.yaml decides the cluster
// rules' severities, one value for every entry point (internal/settings);
// without it a {hash tag} in the script's key names does (issue 29).
func TestClusterSetting(t *testing.T) {
	t.Parallel()
	const plain = "return redis.call('GET', 'current_user')\n"
	const tagged = "redis.call('INCR', '{stats}:calls')\nreturn redis.call('GET', 'current_user')\n"
	for _, tc := range []struct {
		name, config, src, want string
	}{
		{"no evidence", "", plain, "a.lua:1:undeclared-key:info"},
		{"hash tag", "", tagged, "a.lua:1:undeclared-key:error a.lua:2:undeclared-key:error"},
		{"cluster: true", "cluster: true\n", plain, "a.lua:1:undeclared-key:error"},
		{"cluster: false", "cluster: false\n", tagged, "a.lua:1:undeclared-key:info a.lua:2:undeclared-key:info"},
	} {
		files := map[string]string{"a.lua": tc.src}
		if tc.config != "" {
			files[".lint-lua.yaml"] = tc.config
		}
		dir := tree(t, t.TempDir(), files)
		r := in(t, dir, "--only", "undeclared-key", "--format", "json", "a.lua")
		if got := strings.Join(decode(t, r).findings(), " "); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
	dir := tree(t, t.TempDir(), map[string]string{"a.lua": plain, ".lint-lua.yaml": "cluster: maybe\n"})
	if r := in(t, dir, "a.lua"); r.code != ExitError || !strings.Contains(r.errOut, "cluster: want true or false") {
		t.Errorf("cluster: maybe: exit %d, %q", r.code, r.errOut)
	}
}
