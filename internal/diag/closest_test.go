package diag

import "testing"

func TestClosest(t *testing.T) {
	ids := []string{"undeclared-key", "unused-ignore", "script-too-long", "unknown-command"}
	for _, tc := range []struct{ name, want string }{
		{"undeclared-keys", "undeclared-key"},
		{"undeclard-key", "undeclared-key"},
		{"script-to-long", "script-too-long"},
		{"unused-ignores", "unused-ignore"},
		{"because", ""},
		{"x", ""},
		{"", ""},
	} {
		if got := Closest(tc.name, ids); got != tc.want {
			t.Errorf("Closest(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}
