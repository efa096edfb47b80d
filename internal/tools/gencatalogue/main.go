// Command gencatalogue writes the rule catalogue (rules/catalogue_gen.go)
// and the rule ID constants (rules/ruleid/ruleid_gen.go) from the rule
// declarations in rules/ (internal/rulegen). `go generate ./rules/...`
// runs it.
package main

import (
	"fmt"
	"os"

	"github.com/lint-lua/lint-lua/internal/rulegen"
)

func main() {
	root, err := rulegen.Root(".")
	if err == nil {
		err = rulegen.Write(root)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gencatalogue:", err)
		os.Exit(1)
	}
}
