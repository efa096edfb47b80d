// Command newrule creates a rule's directory, rules/<id>/, with a rule
// skeleton, its Markdown documentation, a fixture each way and a proof test
// that fails until it is written, and writes the catalogue, so that the
// rule is listed and its tests say what is left to do:
//
//	go run ./internal/tools/newrule unbounded-scan
package main

import (
	"fmt"
	"os"

	"github.com/lint-lua/lint-lua/internal/rulegen"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./internal/tools/newrule RULE-ID")
		os.Exit(2)
	}
	root, err := rulegen.Root(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "newrule:", err)
		os.Exit(1)
	}
	files, err := rulegen.Scaffold(root, os.Args[1])
	for _, f := range files {
		fmt.Println("created", f)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "newrule:", err)
		os.Exit(1)
	}
	fmt.Printf("wrote %s and %s\n", rulegen.CatalogueFile, rulegen.IDsFile)
	fmt.Println("next: write Run, doc.md, the fixtures and the proof until go test ./rules/... passes, then go test ./rules -update-docs")
}
