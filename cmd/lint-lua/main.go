// Command lint-lua lints the Lua scripts that Redis runs.
package main

import (
	"os"

	"github.com/lint-lua/lint-lua/internal/cli"
)

func main() { os.Exit(cli.Main()) }
