package scripttoolong_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestScriptTooLongOption configures max-lines and a severity.
func TestScriptTooLongOption(t *testing.T) {
	lines := make([]string, 12)
	for i := range lines {
		lines[i] = "redis.call('INCR', KEYS[1])"
	}
	src := []byte(strings.Join(lines, "\n") + "\n")
	settings := lint.Settings{"script-too-long": {Enabled: true, Severity: diag.SeverityWarning, Options: map[string]any{"max-lines": 10}}}
	var got []diag.Diagnostic
	for _, d := range ruletest.LintSource("long.lua", src, ruletest.Cat.All(), settings) {
		if d.Rule == "script-too-long" {
			got = append(got, d)
		}
	}
	if len(got) != 1 {
		t.Fatalf("got %d findings, want 1: %v", len(got), got)
	}
	d := got[0]
	if d.Range.Start.Line != 11 || d.Range.Start.Column != 1 || d.Range.End.Line != 11 || d.Range.End.Column != len(lines[10])+1 {
		t.Errorf("range %+v, want all of line 11", d.Range)
	}
	if d.Severity != diag.SeverityWarning || !strings.Contains(d.Message, "12 lines, more than max-lines (10)") {
		t.Errorf("got %s %q", d.Severity, d.Message)
	}
	// At the limit, and with the default limit: silent.
	settings["script-too-long"] = lint.Setting{Enabled: true, Options: map[string]any{"max-lines": 12}}
	for _, s := range []lint.Settings{settings, nil} {
		for _, d := range ruletest.LintSource("long.lua", src, ruletest.Cat.All(), s) {
			if d.Rule == "script-too-long" {
				t.Errorf("unexpected %s", d.Message)
			}
		}
	}
}

// TestScriptTooLongLibrary: a Functions library is judged function by
// function, whatever its length.
func TestScriptTooLongLibrary(t *testing.T) {
	body := strings.Repeat("  redis.call('INCR', keys[1])\n", 8)
	src := "#!lua name=lib\n" +
		"redis.register_function('short', function(keys, args)\n" + body + "end)\n" +
		"redis.register_function('long', function(keys, args)\n" + body + body + "end)\n"
	settings := lint.Settings{"script-too-long": {Enabled: true, Options: map[string]any{"max-lines": 15}}}
	var got []diag.Diagnostic
	for _, d := range ruletest.LintSource("lib.lua", []byte(src), ruletest.Cat.All(), settings) {
		if d.Rule == "script-too-long" {
			got = append(got, d)
		}
	}
	if len(got) != 1 || !strings.Contains(got[0].Message, "function 'long' has 18 lines") || strings.Contains(got[0].Help, "Functions library") {
		t.Fatalf("got %v, want one finding on function 'long' that does not advise a library", got)
	}
}
