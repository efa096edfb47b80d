package rules

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeListsRules keeps the README's rule table complete.
func TestReadmeListsRules(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range All() {
		if !strings.Contains(string(readme), "| `"+r.ID+"` |") {
			t.Errorf("README.md does not list rule %s", r.ID)
		}
	}
}
