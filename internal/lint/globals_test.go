package lint_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// TestConfigGlobals: Config.Globals reach the rules that declare the
// globals option, after the names the settings list, and no other rule;
// the settings' own options are left as they were.
func TestConfigGlobals(t *testing.T) {
	var seen []string
	record := func(p *lint.Pass) { seen = append(seen, fmt.Sprintf("%s=%v", p.Rule.ID, p.Options["globals"])) }
	rules := []*lint.Rule{
		{RuleInfo: diag.RuleInfo{ID: "with", Severity: diag.SeverityError, Options: []diag.Option{{Name: lint.GlobalsOption, Default: []string{}}}}, Run: record},
		{RuleInfo: diag.RuleInfo{ID: "without", Severity: diag.SeverityError}, Run: record},
	}
	configured := lint.Settings{"with": {Enabled: true, Severity: diag.SeverityError, Options: map[string]any{"globals": []any{"rcall"}}}}
	for _, c := range []struct {
		settings lint.Settings
		globals  []string
		want     []string
	}{
		{nil, nil, []string{"with=[]", "without=<nil>"}},
		{nil, []string{"helper", "other"}, []string{"with=[helper other]", "without=<nil>"}},
		{configured, []string{"helper"}, []string{"with=[rcall helper]", "without=<nil>"}},
		{configured, nil, []string{"with=[rcall]", "without=<nil>"}},
	} {
		seen = nil
		luasrc.WithParse("t.lua", []byte("return 1\n"), func(f *luasrc.File) {
			lint.Run(f, lint.Config{Rules: rules, Settings: c.settings, Globals: c.globals})
		})
		if !reflect.DeepEqual(seen, c.want) {
			t.Errorf("settings %v, globals %q: rules saw %q, want %q", c.settings, c.globals, seen, c.want)
		}
	}
	if got := configured["with"].Options["globals"]; !reflect.DeepEqual(got, []any{"rcall"}) {
		t.Errorf("the settings' list changed: %v", got)
	}
}

// TestSuppressExternalComments: comments given apart from the script (a
// host file's, with the findings placed in it) suppress as the script's
// own do, and one that suppresses nothing is reported in that file.
func TestSuppressExternalComments(t *testing.T) {
	at := func(line int) diag.Range {
		return diag.Range{Start: diag.Pos{Line: line, Column: 1}, End: diag.Pos{Line: line, Column: 2}}
	}
	ds := []diag.Diagnostic{
		{File: "app.py", Range: at(3), Rule: "r", Severity: diag.SeverityError, Message: "kept"},
		{File: "app.py", Range: at(5), Rule: "r", Severity: diag.SeverityError, Message: "suppressed"},
	}
	comments := []luasrc.Comment{
		{Range: at(4), Text: " lint-lua: ignore r -- reason", OwnLine: true},
		{Range: at(9), Text: " lint-lua: ignore q -- stale", OwnLine: true},
		{Range: at(11), Text: "lint-lua: ignore rr -- typo", OwnLine: true},
	}
	known := []*lint.Rule{{RuleInfo: diag.RuleInfo{ID: "q"}}, {RuleInfo: diag.RuleInfo{ID: "r"}}}
	got := lint.Suppress("app.py", comments, ds, nil, known)
	var msgs []string
	for _, d := range got {
		msgs = append(msgs, fmt.Sprintf("%s:%d %s %s", d.File, d.Range.Start.Line, d.Rule, d.Message))
	}
	want := []string{"app.py:3 r kept", "app.py:9 unused-ignore this ignore of q suppresses nothing",
		"app.py:11 invalid-ignore this ignore names rr, which is no rule: did you mean r?"}
	if !reflect.DeepEqual(msgs, want) {
		t.Errorf("got %q, want %q", msgs, want)
	}
}
