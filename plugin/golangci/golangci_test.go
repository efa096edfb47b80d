package golangci

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
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
	dir, err := filepath.Abs(filepath.Join("..", "..", "analyzer", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, a, "redisversion")
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
