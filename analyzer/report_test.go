package analyzer

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestHelpInMessage checks that each finding is one diagnostic: the help
// is in its message, after the rule, and not in related information,
// which an editor shows as a second diagnostic at the same place.
func TestHelpInMessage(t *testing.T) {
	t.Parallel()
	g := analyze(t, mainFixtures, testAnalyzer(t, Settings{MinSeverity: "info"}), "goredis", "locks", "severity")
	n, helped := 0, 0
	for _, act := range g.Roots {
		for _, d := range act.Diagnostics {
			n++
			if len(d.Related) != 0 {
				t.Errorf("%s: related information %v", d.Message, d.Related)
			}
			head, _, help := Split(d)
			if head == "" || head == d.Message {
				t.Errorf("%q: no rule tag found", d.Message)
			}
			if help != "" {
				helped++
				if !strings.HasSuffix(d.Message, ") — "+help) {
					t.Errorf("%q: the help does not follow the rule tag", d.Message)
				}
			}
		}
	}
	if n == 0 || helped == 0 {
		t.Fatalf("%d findings, %d with a help: the fixtures show nothing", n, helped)
	}
}

func TestSplit(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		msg, rule, head, sev, help string
	}{
		{"x is nil (nil-argument)", "nil-argument", "x is nil", "", ""},
		{"x is nil (nil-argument) — guard it", "nil-argument", "x is nil", "", "guard it"},
		{"x is nil (nil-argument, info) — guard it (see nil-argument)", "nil-argument", "x is nil", "info", "guard it (see nil-argument)"},
		// A headline that quotes the rule's name in parentheses.
		{"f(nil-argument) (nil-argument) — h", "nil-argument", "f(nil-argument)", "", "h"},
		{"a (b (nil-argument) — c", "nil-argument", "a (b", "", "c"},
		{"no tag here", "nil-argument", "no tag here", "", ""},
		{"untagged (x)", "", "untagged (x)", "", ""},
	} {
		head, sev, help := Split(analysis.Diagnostic{Message: tc.msg, Category: tc.rule})
		if head != tc.head || sev != tc.sev || help != tc.help {
			t.Errorf("Split(%q) = %q, %q, %q; want %q, %q, %q", tc.msg, head, sev, help, tc.head, tc.sev, tc.help)
		}
	}
}
