package source

import (
	"regexp"
	"strings"
	"testing"
)

// lineRefRE is what replaceLineRefs does, as a regular expression: the
// simple version it is checked against.
var lineRefRE = regexp.MustCompile(`\bline [0-9]+\b`)

func lineRefCases() []string {
	return []string{
		"", "line", "line ", "line 1", "line 12", "the GET reply of line 12 is nil",
		"line 3 and line 4", "line 3line 4", "inline 3", "_line 3", "Line 3", "line 3a", "line 3_", "line 3.",
		"(line 7)", "line 7, line 8 of x.lua", "line  7", "line x", "line 12345678901234567890",
		"lines 3", "at line 9\nline 10", "line 1line 2 line 3", "é line 4 é", "line 5é", "éline 6",
		"deadline 3", "line 0", "see line 4's reply",
	}
}

// renumberForTest is a replacement that shows where each match was.
func renumberForTest(ref string) string { return "<" + strings.ToUpper(ref) + ">" }

func TestReplaceLineRefs(t *testing.T) {
	for _, s := range lineRefCases() {
		want := lineRefRE.ReplaceAllStringFunc(s, renumberForTest)
		if got := replaceLineRefs(s, renumberForTest); got != want {
			t.Errorf("replaceLineRefs(%q) = %q, the regular expression gives %q", s, got, want)
		}
	}
}

func FuzzReplaceLineRefs(f *testing.F) {
	for _, s := range lineRefCases() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := lineRefRE.ReplaceAllStringFunc(s, renumberForTest)
		if got := replaceLineRefs(s, renumberForTest); got != want {
			t.Errorf("replaceLineRefs(%q) = %q, the regular expression gives %q", s, got, want)
		}
	})
}
