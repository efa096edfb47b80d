// Command gen writes commands_gen.go, the redisdb command table, from
// redis-commands.json. It runs under go generate (see redisdb.go) so that the
// built linter and its tests never read ../shared at run time.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/lint-lua/lint-lua/internal/redisdb/internal/gencore"
)

func main() {
	in := flag.String("in", "", "path of redis-commands.json")
	out := flag.String("out", "", "path of the Go file to write")
	flag.Parse()
	if *in == "" || *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: gen -in redis-commands.json -out commands_gen.go")
		os.Exit(2)
	}
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	src, err := os.ReadFile(in)
	if err != nil {
		return fmt.Errorf("read %s: %w", in, err)
	}
	code, err := gencore.Generate(src)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	if err := os.WriteFile(out, code, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", out, err)
	}
	return nil
}
