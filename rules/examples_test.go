package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestExamples holds the user's examples (examples/, from the
// articles the project started from) to exactly their findings: rule@line,
// with ":info" after an info finding, nothing more, nothing less.
func TestExamples(t *testing.T) {
	want := map[string][]string{
		"01-get-then-decr.lua":        {"unguarded-nil-reply@3"},
		"02-decr-first.lua":           nil,
		"03-setnx-expire.lua":         {"setnx-then-expire@2:info"},
		"04-queue-loop.lua":           {"expensive-command@4", "undeclared-key@4:info", "undefined-global@8"},
		"05-literal-key.lua":          {"undeclared-key@2:info"},
		"06-tonumber-guard.lua":       {"unguarded-nil-reply@3"},
		"07-optimized-flash-sale.lua": {"string-number-compare@1", "undeclared-key@1:info", "redundant-lock@4", "undeclared-key@4:info", "unguarded-nil-reply@6"},
		"08-lock-owner.lua":           {"setnx-then-expire@2:info"},
		"08-unlock-owner.lua":         nil,
		"09-order-quantity.lua":       {"unguarded-nil-reply@2", "check-then-act@8"},
		"10-lock-in-script.lua":       {"redundant-lock@1", "unguarded-nil-reply@4"},
		"11-rate-limit.lua":           nil,
		"12-setnx-no-expiry.lua":      {"lock-without-expiry@4"},
	}
	files, _ := filepath.Glob("../examples/*.lua")
	if len(files) != len(want) {
		t.Errorf("examples/ holds %d scripts, the test knows %d", len(files), len(want))
	}
	for _, file := range files {
		name := filepath.Base(file)
		exp, ok := want[name]
		if !ok {
			t.Errorf("%s: not in the test's table", name)
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range ruletest.LintSource(name, src, ruletest.Cat.All(), nil) {
			f := fmt.Sprintf("%s@%d", d.Rule, d.Range.Start.Line)
			if d.Severity == diag.SeverityInfo {
				f += ":info"
			}
			got = append(got, f)
		}
		expNow := append([]string(nil), exp...)
		sort.Strings(got)
		sort.Strings(expNow)
		if strings.Join(got, " ") != strings.Join(expNow, " ") {
			t.Errorf("%s:\n got  %v\n want %v", name, got, expNow)
		}
	}
}
