package model

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redisdb"
)

// TestCommandNames checks what redisCall relies on to take a call's Name
// from its command: Lookup finds a command by its Name upper-cased, and
// Sub finds a subcommand whose Name is its container's, a space and the
// upper-cased name it was asked for.
func TestCommandNames(t *testing.T) {
	for _, c := range redisdb.All() {
		if redisdb.Lookup(strings.ToLower(c.Name)) != nil && !strings.Contains(c.Name, " ") {
			if got := redisdb.Lookup(strings.ToLower(c.Name)).Name; got != strings.ToUpper(c.Name) {
				t.Errorf("Lookup(%q).Name = %q", strings.ToLower(c.Name), got)
			}
		}
		for _, sc := range c.Subcommands {
			k := sc.SubName()
			if want := c.Name + " " + k; sc.Name != want || strings.ToUpper(k) != k || c.Sub(strings.ToLower(k)) != sc {
				t.Errorf("%s: subcommand %q is named %q, want %q", c.Name, k, sc.Name, want)
			}
		}
	}
}
