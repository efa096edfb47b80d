package model

import "testing"

// TestPatternAlwaysMatches: a pattern whose every item may repeat 0 times
// matches every string, so string.match of it is never nil; any item that
// must occur (a literal, %w+, %b(), a back-reference) can fail.
func TestPatternAlwaysMatches(t *testing.T) {
	for p, want := range map[string]bool{
		"(.*)":            true,
		"^(.-)$":          true,
		"^%s*(.-)%s*$":    true,
		"[^:]*":           true,
		"([%w_]*)":        true,
		"":                true,
		`"queue":"(%w+)"`: false,
		"^(%d+):":         false,
		"(.+)":            false,
		"%b()":            false,
		"(a*)%1":          false,
		"[":               false,
		"^job:(.*)$":      false,
		"%$*":             true,
		"[]]*":            true,
		"(.-)%$":          false,
	} {
		if got := PatternAlwaysMatches(p); got != want {
			t.Errorf("PatternAlwaysMatches(%q) = %v, want %v", p, got, want)
		}
	}
}
