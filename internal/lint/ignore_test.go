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
		{"lint-lua: ignore-start a,b -- a block of legacy keys", true, Ignore{Verb: "ignore-start", Start: true, Rules: []string{"a", "b"}, Reason: "a block of legacy keys"}},
		{"lint-lua: ignore-end a", true, Ignore{Verb: "ignore-end", End: true, Rules: []string{"a"}}},
		{"lint-lua:ignore-end a, b", true, Ignore{Verb: "ignore-end", End: true, Rules: []string{"a", "b"}}},
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
		"lint-lua: ignore-start":                    {"this ignore-start names no rule"},
		"lint-lua: ignore-end nope":                 {"names nope, which is no rule"},
	} {
		ig, _ := ParseIgnore(body)
		heads, helps := ig.Problems(known, ids, false)
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

// TestRequireReason: with require_reason, an ignore without a reason is a
// problem; an ignore-end, which closes a range the start explains, needs
// none.
func TestRequireReason(t *testing.T) {
	ids := []string{"undeclared-key"}
	known := func(id string) bool { return id == ids[0] }
	for body, want := range map[string]bool{
		"lint-lua: ignore undeclared-key":              true,
		"lint-lua: ignore undeclared-key --":           true,
		"lint-lua: ignore undeclared-key -- one node":  false,
		"lint-lua: ignore undeclared-key one node":     false,
		"lint-lua: ignore-file undeclared-key":         true,
		"lint-lua: ignore-start undeclared-key":        true,
		"lint-lua: ignore-start undeclared-key -- why": false,
		"lint-lua: ignore-end undeclared-key":          false,
	} {
		ig, _ := ParseIgnore(body)
		heads, _ := ig.Problems(known, ids, true)
		if got := len(heads) == 1 && strings.Contains(heads[0], "gives no reason"); got != want {
			t.Errorf("%q: problems %q, want a missing reason: %v", body, heads, want)
		}
		if heads, _ := ig.Problems(known, ids, false); len(heads) != 0 {
			t.Errorf("%q without require_reason: problems %q", body, heads)
		}
	}
}

// FuzzParseIgnore parses arbitrary comment texts: nothing may panic, a
// rule named is one word without commas, and a directive written back in
// its canonical form parses the same.
//
//	go test -run '^$' -fuzz FuzzParseIgnore -parallel 1 ./internal/lint/
func FuzzParseIgnore(f *testing.F) {
	for _, s := range []string{
		" lint-lua: ignore undeclared-key -- legacy key",
		"lint-lua:ignore a,b because reasons",
		"lint-lua: ignore-start a, b -- why",
		"lint-lua: ignore-end a",
		"lint-lua: ignore-file a -- generated",
		"lint-lua: ignroe a",
		"lint-lua:",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		ig, ok := ParseIgnore(body)
		if !ok || !ig.Known() || len(ig.Rules) == 0 {
			return
		}
		for _, r := range ig.Rules {
			if r == "" || strings.ContainsAny(r, ", \t\r\n") {
				t.Fatalf("%q: rule %q", body, r)
			}
		}
		canon := "lint-lua: " + ig.Verb + " " + strings.Join(ig.Rules, ",")
		if ig.Reason != "" {
			canon += " -- " + ig.Reason
		}
		again, ok := ParseIgnore(canon)
		if !ok || !reflect.DeepEqual(again, ig) {
			t.Fatalf("%q parsed as %+v; written back as %q it parses as %+v", body, ig, canon, again)
		}
	})
}
