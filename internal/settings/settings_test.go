package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"

	"github.com/lint-lua/lint-lua/rules"
)

// TestRulesPrecedence checks the order the settings are laid over each
// other: the configuration's base section, its overrides for the file,
// then --rule-severity, --enable, --only and --disable, which wins.
func TestRulesPrecedence(t *testing.T) {
	dir := t.TempDir()
	cfg := "rules:\n  global-assignment: off\n  undeclared-key: warning\n" +
		"overrides:\n  - files: [legacy/*.lua]\n    rules:\n      undeclared-key: info\n" +
		"exclude: [gen]\n"
	if err := os.WriteFile(filepath.Join(dir, ".lint-lua.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		flags Flags
		file  string
		rule  string
		on    bool
		sev   diag.Severity
	}{
		{"configuration", Flags{}, "a.lua", "global-assignment", false, diag.SeverityError},
		{"configuration severity", Flags{}, "a.lua", "undeclared-key", true, diag.SeverityWarning},
		{"override", Flags{}, "legacy/a.lua", "undeclared-key", true, diag.SeverityInfo},
		{"enable over the configuration", Flags{Enable: []string{"global-assignment"}}, "a.lua", "global-assignment", true, diag.SeverityError},
		{"flag severity over the override", Flags{Severity: map[string]string{"undeclared-key": "error"}}, "legacy/a.lua", "undeclared-key", true, diag.SeverityError},
		{"only", Flags{Only: []string{"undeclared-key"}}, "a.lua", "unknown-command", false, diag.SeverityError},
		{"only keeps its rules", Flags{Only: []string{"undeclared-key"}}, "a.lua", "undeclared-key", true, diag.SeverityWarning},
		{"disable wins", Flags{Enable: []string{"unknown-command"}, Only: []string{"unknown-command"}, Disable: []string{"unknown-command"}}, "a.lua", "unknown-command", false, diag.SeverityError},
	} {
		s, err := Resolve(cat, dir, tc.flags)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		on, sev := s.Rule(s.Rules(filepath.Join(dir, tc.file)), tc.rule)
		if on != tc.on || sev != tc.sev {
			t.Errorf("%s: %s in %s is on=%v %v, want on=%v %v", tc.name, tc.rule, tc.file, on, sev, tc.on, tc.sev)
		}
	}
	s, err := Resolve(cat, filepath.Join(dir, "sub"), Flags{})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Excluded(filepath.Join(dir, "gen", "x.lua")) || s.Excluded(filepath.Join(dir, "a.lua")) {
		t.Errorf("exclude: gen/x.lua excluded %v, a.lua excluded %v", s.Excluded(filepath.Join(dir, "gen", "x.lua")), s.Excluded(filepath.Join(dir, "a.lua")))
	}
}

// TestResolveErrors checks that bad flags are refused naming the setting
// as the entry point spells it, with a "did you mean" for a rule.
func TestResolveErrors(t *testing.T) {
	vet := func(s string) string { return "-" + s }
	for _, tc := range []struct {
		flags Flags
		want  []string
	}{
		{Flags{Enable: []string{"undeclared-keys"}}, []string{"--enable", `unknown rule "undeclared-keys"`, "did you mean undeclared-key?"}},
		{Flags{Disable: []string{"zzz"}, Names: vet}, []string{"-disable", `unknown rule "zzz"`}},
		{Flags{Target: "keydb"}, []string{"--target", `"keydb"`}},
		{Flags{Target: "redis-7.2", RedisVersion: "7.2"}, []string{"use --target alone"}},
		{Flags{Modules: []string{"graph"}, ModulesSet: true}, []string{"--modules", `"graph"`}},
		{Flags{Severity: map[string]string{"undeclared-key": "loud"}}, []string{"--rule-severity", `"loud"`}},
		{Flags{MinSeverity: "all", Names: vet}, []string{"-min-severity", `"all"`}},
		{Flags{Config: "missing.yaml"}, []string{"missing.yaml"}},
	} {
		_, err := Resolve(cat, t.TempDir(), tc.flags)
		if err == nil {
			t.Errorf("%+v: no error", tc.flags)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%+v: error %q lacks %q", tc.flags, err, w)
			}
		}
	}
}

// TestScriptAPIs checks that script_apis: is one list for Go and the host
// languages: an entry without a language serves both, one for go only the
// analyzer, one for a host language only that language's files.
func TestScriptAPIs(t *testing.T) {
	dir := t.TempDir()
	cfg := "script_apis:\n  - {name: evalKeys, script: 1, keys: 2}\n  - {name: RunLua, language: go, script: 1, numkeys: 2}\n  - {name: runLua, language: java, script: 0}\n"
	if err := os.WriteFile(filepath.Join(dir, ".lint-lua.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Resolve(cat, dir, Flags{})
	if err != nil {
		t.Fatal(err)
	}
	names := func(lang string) string {
		var out []string
		for _, a := range s.ScriptAPIs.For(lang) {
			out = append(out, a.Name)
		}
		return strings.Join(out, ",")
	}
	for lang, want := range map[string]string{"go": "evalKeys,RunLua", "python": "evalKeys", "java": "evalKeys,runLua"} {
		if got := names(lang); got != want {
			t.Errorf("For(%s) = %s, want %s", lang, got, want)
		}
	}
	apis, err := s.ScriptAPIs.HostAPIs()
	if err != nil || apis == nil {
		t.Fatalf("HostAPIs() = %v, %v; want a table", apis, err)
	}
	none, err := Resolve(cat, dir, Flags{NoConfig: true})
	if err != nil {
		t.Fatal(err)
	}
	if apis, err := none.ScriptAPIs.HostAPIs(); apis != nil || err != nil {
		t.Errorf("without a configuration: HostAPIs() = %v, %v; want the default table (nil)", apis, err)
	}
}

// cat is the catalogue of every rule, which the settings check names
// against.
var cat = rules.Catalogue()
