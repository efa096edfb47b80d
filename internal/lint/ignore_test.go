package lint

import (
	"reflect"
	"strings"
	"testing"
)

// TestParseIgnore checks the one suppression grammar on the forms people
// write, as comment texts without their marker.
func TestParseIgnore(t *testing.T) {
	for _, tc := range []struct {
		body string
		ok   bool
		want Ignore
	}{
		{" lint-lua: ignore undeclared-key -- legacy key", true, Ignore{Verb: "ignore", Rules: []string{"undeclared-key"}, Reason: "legacy key"}},
		{"lint-lua: ignore undeclared-key", true, Ignore{Verb: "ignore", Rules: []string{"undeclared-key"}}},
		{"lint-lua:ignore a,b because reasons", true, Ignore{Verb: "ignore", Rules: []string{"a", "b"}, Reason: "because reasons"}},
		{"lint-lua: ignore a, b -- why", true, Ignore{Verb: "ignore", Rules: []string{"a", "b"}, Reason: "why"}},
		{"lint-lua : ignore\ta", true, Ignore{Verb: "ignore", Rules: []string{"a"}}},
		{"lint-lua: ignore-file a -- generated", true, Ignore{Verb: "ignore-file", File: true, Rules: []string{"a"}, Reason: "generated"}},
		{"lint-lua: ignore", true, Ignore{Verb: "ignore"}},
		{"lint-lua: ignore -- no rule", true, Ignore{Verb: "ignore", Reason: "no rule"}},
		{"lint-lua: ignroe a", true, Ignore{Verb: "ignroe"}},
		{"lint-lua:", true, Ignore{}},
		{"see lint-lua: ignore a", false, Ignore{}},
		{"plain comment", false, Ignore{}},
	} {
		got, ok := ParseIgnore(tc.body)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseIgnore(%q) = %+v, %v; want %+v, %v", tc.body, got, ok, tc.want, tc.ok)
		}
	}
}

// TestIgnoreProblems checks what invalid-ignore says of each kind of bad
// directive.
func TestIgnoreProblems(t *testing.T) {
	ids := []string{"undeclared-key", "unused-ignore"}
	known := func(id string) bool { return id == ids[0] || id == ids[1] }
	for body, want := range map[string][]string{
		"lint-lua: ignore undeclared-keys -- typo":  {"names undeclared-keys, which is no rule: did you mean undeclared-key?"},
		"lint-lua: ignore because I say so":         {"names because, which is no rule"},
		"lint-lua: ignore":                          {"names no rule"},
		"lint-lua: ignroe undeclared-key":           {`"ignroe" is no directive`},
		"lint-lua: ignore undeclared-key,nope -- x": {"names nope, which is no rule"},
		"lint-lua: ignore undeclared-key -- fine":   nil,
	} {
		ig, _ := ParseIgnore(body)
		heads, helps := ig.Problems(known, ids)
		if len(heads) != len(want) || len(helps) != len(heads) {
			t.Errorf("%q: problems %q, want %q", body, heads, want)
			continue
		}
		for i, w := range want {
			if !strings.Contains(heads[i], w) || helps[i] == "" {
				t.Errorf("%q: problem %q (help %q), want one containing %q", body, heads[i], helps[i], w)
			}
		}
	}
}
