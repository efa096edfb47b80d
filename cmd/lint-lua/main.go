// Command lint-lua lints the Lua scripts that Redis runs.
package main

import (
	"os"

	"github.com/lint-lua/lint-lua/internal/cli"
	"github.com/lint-lua/lint-lua/rules"
)

func main() { os.Exit(cli.Main(rules.Catalogue())) }
