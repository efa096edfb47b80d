package model

import (
	"fmt"
	"testing"
)

// TestScopeNames checks the resolver's name table past its first size and
// with names that share the hash (same length, first, middle and last
// bytes), which it must still tell apart.
func TestScopeNames(t *testing.T) {
	var names []string
	for i := range 300 {
		names = append(names, fmt.Sprintf("v%d", i))
	}
	names = append(names, "aXcYe", "aZcWe", "aQcRe", "")
	for round := range 2 {
		var tab scopeNames
		vars := make([]Variable, len(names))
		for i, n := range names {
			if tab.lookup(n) != nil {
				t.Fatalf("round %d: %q found before it was declared", round, n)
			}
			tab.cur[tab.intern(n)] = &vars[i]
		}
		for i, n := range names {
			if got := tab.lookup(n); got != &vars[i] {
				t.Fatalf("round %d: lookup(%q) = %p, want %p", round, n, got, &vars[i])
			}
			if j := tab.intern(n); tab.names[j] != n {
				t.Fatalf("round %d: intern(%q) gave %q's index", round, n, tab.names[j])
			}
		}
		if tab.lookup("aXcXe") != nil || tab.lookup("w1") != nil {
			t.Fatal("an unknown name was found")
		}
		tab.reset()
		for _, n := range names {
			if tab.lookup(n) != nil {
				t.Fatalf("%q found after reset", n)
			}
		}
	}
}
