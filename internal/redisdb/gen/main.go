// Command gen writes one of the redisdb command tables from the shared
// command JSON: commands_gen.go from redis-commands.json, valkey_gen.go from
// valkey-commands.json and modules_gen.go from module-commands.json, each
// with the complexity and changed-in versions of command-docs.json. It runs
// under go generate (see redisdb.go) so that the built linter and its tests
// never read ../shared at run time.
//
// With LINT_LUA_GEN_CHECK=1 in the environment it writes nothing and fails
// when the Go file differs from what it would write: CI runs
// LINT_LUA_GEN_CHECK=1 go generate ./internal/redisdb to find a table that
// is stale against the shared JSON, which the tests cannot read.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"github.com/lint-lua/lint-lua/internal/redisdb/internal/gencore"
)

func main() {
	kind := flag.String("kind", "redis", "table to write: redis, valkey or modules")
	in := flag.String("in", "", "path of the command JSON")
	docs := flag.String("docs", "", "path of command-docs.json (complexity and changed-in versions); none when empty")
	out := flag.String("out", "", "path of the Go file to write")
	flag.Parse()
	if *in == "" || *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: gen [-kind redis|valkey|modules] -in commands.json [-docs command-docs.json] -out table_gen.go")
		os.Exit(2)
	}
	k, err := gencore.ParseKind(*kind)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
	if err := run(k, *in, *docs, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(k gencore.Kind, in, docsPath, out string) error {
	src, err := os.ReadFile(in)
	if err != nil {
		return fmt.Errorf("read %s: %w", in, err)
	}
	var docs []byte
	if docsPath != "" {
		if docs, err = os.ReadFile(docsPath); err != nil {
			return fmt.Errorf("read %s: %w", docsPath, err)
		}
	}
	code, err := gencore.GenerateKind(k, src, docs)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	if os.Getenv("LINT_LUA_GEN_CHECK") == "1" {
		old, err := os.ReadFile(out)
		if err != nil {
			return fmt.Errorf("read %s: %w", out, err)
		}
		if !bytes.Equal(old, code) {
			return fmt.Errorf("%s is stale against %s: run go generate ./internal/redisdb", out, in)
		}
		return nil
	}
	if err := os.WriteFile(out, code, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", out, err)
	}
	return nil
}
