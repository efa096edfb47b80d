package golangci

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestRegistered checks that importing the package registers the plugin
// under the name golangci-lint looks up.
func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("lint-lua")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatalf("no settings: %v", err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", got, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) != 1 || as[0].Name != "lintlua" {
		t.Fatalf("BuildAnalyzers() = %v, %v, want the lintlua analyzer", as, err)
	}
}

// TestSettings decodes settings as golangci-lint hands them over (what its
// YAML reader made of them) and checks that they reach the analyzer: with
// redis-version 6.2 the fixture's LMPOP is reported, as its want comment
// says.
func TestSettings(t *testing.T) {
	p, err := New(map[string]any{
		"redis-version": "6.2",
		"disable":       []any{"script-too-long"},
		"severity":      map[string]any{"missing-hash-tag": "error"},
		"min-severity":  "warning",
	})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	a := as[0]
	for flag, want := range map[string]string{
		"redis-version": "6.2",
		"disable":       "script-too-long",
		"rule-severity": "missing-hash-tag=error",
		"severity":      "warning",
	} {
		if got := a.Flags.Lookup(flag).Value.String(); got != want {
			t.Errorf("analyzer -%s = %q, want %q", flag, got, want)
		}
	}
	// Two loads of packages, the slow part: side by side.
	t.Run("embedded", func(t *testing.T) {
		t.Parallel()
		if got := findingsIn(t, a, "embedded"); len(got) != 1 || !strings.HasPrefix(got[0], "embedded.go:17:27: script.lua:3:19: ") {
			t.Errorf("embedded script: got %q, want its finding in the Go file", got)
		}
	})
	t.Run("redisversion", func(t *testing.T) {
		t.Parallel()
		analysistest.Run(t, testdata(t), a, "redisversion")
	})
}

// TestSettingsTarget checks that target and modules reach the analyzer.
func TestSettingsTarget(t *testing.T) {
	p, err := New(map[string]any{"target": "valkey-8.0", "modules": []any{"json"}})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	for flag, want := range map[string]string{"target": "valkey-8.0", "modules": "json", "redis-version": ""} {
		if got := as[0].Flags.Lookup(flag).Value.String(); got != want {
			t.Errorf("analyzer -%s = %q, want %q", flag, got, want)
		}
	}
}

// TestSettingsErrors checks that bad settings stop golangci-lint with an
// error naming the plugin and the value, rather than being ignored.
func TestSettingsErrors(t *testing.T) {
	for _, tc := range []struct {
		settings any
		want     []string
	}{
		{map[string]any{"redis_version": "6.2"}, []string{"lint-lua settings", `unknown field "redis_version"`}},
		{map[string]any{"redis-version": 6.2}, []string{"lint-lua settings", "redis-version 6.2 is a number", `redis-version: "6.2"`}},
		{map[string]any{"redis-version": []any{"6.2"}}, []string{"lint-lua settings", "want a version string"}},
		{map[string]any{"redis-version": "6.2.x"}, []string{"lint-lua settings", `"6.2.x"`}},
		{map[string]any{"target": 7.2}, []string{"lint-lua settings", "target 7.2 is a number", `target: "redis-7.2"`}},
		{map[string]any{"target": "keydb"}, []string{"lint-lua settings", "target", `"keydb"`}},
		{map[string]any{"target": "valkey-8.0", "redis-version": "7.2"}, []string{"lint-lua settings", "use -target alone"}},
		{map[string]any{"modules": []any{"json", "graph"}}, []string{"lint-lua settings", "modules", `unknown module "graph"`}},
		{map[string]any{"disable": []any{"unknown-commands"}}, []string{"lint-lua settings", "disable", `unknown rule "unknown-commands"`}},
		{map[string]any{"enable": "unknown-command"}, []string{"lint-lua settings", "enable"}},
		{map[string]any{"severity": map[string]any{"unknown-command": "fatal"}}, []string{"lint-lua settings", `"fatal"`}},
		{map[string]any{"min-severity": "hint"}, []string{"lint-lua settings", `"hint"`}},
	} {
		p, err := New(tc.settings)
		if err == nil {
			t.Errorf("New(%v) = %v, want an error", tc.settings, p)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("New(%v): error %q lacks %q", tc.settings, err, w)
			}
		}
	}
}

// quiet takes what analysistest reports as failures: findingsIn checks
// the diagnostics itself.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}

// findingsIn runs a over a package of the analyzer's testdata and returns
// its diagnostics as "file:line:col: message" with the file's base name.
func findingsIn(t *testing.T, a *analysis.Analyzer, pkg string) []string {
	t.Helper()
	var out []string
	for _, r := range analysistest.Run(quiet{}, testdata(t), a, pkg) {
		if r.Err != nil {
			t.Fatalf("%s: %v", r.Action, r.Err)
		}
		for _, d := range r.Diagnostics {
			p := r.Action.Package.Fset.Position(d.Pos)
			out = append(out, fmt.Sprintf("%s:%d:%d: %s", filepath.Base(p.Filename), p.Line, p.Column, d.Message))
		}
	}
	return out
}

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "analyzer", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestSettingsBaseline checks that baseline reaches the analyzer, made
// absolute from the directory golangci-lint runs in.
func TestSettingsBaseline(t *testing.T) {
	p, err := New(map[string]any{"baseline": "lint-lua-baseline.json"})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := filepath.Abs("lint-lua-baseline.json")
	if got := as[0].Flags.Lookup("baseline").Value.String(); got != want {
		t.Errorf("analyzer -baseline = %q, want %q", got, want)
	}
}
