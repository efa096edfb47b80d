package lsp

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lint-lua/lint-lua/rules"
)

// script200 is a script of 200 lines made of the bundled examples, each as
// a local function (so that their returns stay last in their blocks), then
// a comment line the benchmark types into.
func script200(b *testing.B) []byte {
	b.Helper()
	files, err := filepath.Glob("../../examples/*.lua")
	if err != nil || len(files) == 0 {
		b.Fatalf("examples: %v", err)
	}
	var out bytes.Buffer
	lines := 0
	for i := 0; lines < 199; i++ {
		src, err := os.ReadFile(files[i%len(files)])
		if err != nil {
			b.Fatal(err)
		}
		fmt.Fprintf(&out, "local function s%d()\n%send\n", i, src)
		lines += bytes.Count(src, []byte("\n")) + 2
	}
	all := bytes.SplitAfter(out.Bytes(), []byte("\n"))
	for len(all) > 199 {
		// Cut whole functions from the end until 199 lines are left.
		i := len(all) - 2
		for i > 0 && !bytes.HasPrefix(all[i], []byte("local function")) {
			i--
		}
		all = all[:i]
	}
	for len(all) < 199 {
		all = append(all, []byte("-- padding\n"))
	}
	return append(bytes.Join(all, nil), "-- typed: "...)
}

// BenchmarkRelint is what the server does after a keystroke in a 200-line
// script once the debounce has passed: apply the change, lint the text
// through the CLI's sources and driver (configuration found and read
// again), and make the LSP diagnostics it publishes. The goal is under
// 20 ms.
func BenchmarkRelint(b *testing.B) {
	dir := b.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(dir, "script.lua")
	src := script200(b)
	if n := bytes.Count(src, []byte("\n")) + 1; n != 200 {
		b.Fatalf("the script has %d lines, want 200", n)
	}
	s := New(rules.Catalogue())
	end := newText(src).position(len(src))
	found := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		at := protocol.Position{Line: end.Line, Character: end.Character + protocol.UInteger(i%64)}
		src = applyChange(src, protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{Start: at, End: at}, Text: "x"})
		if i%64 == 63 {
			src = src[:len(src)-64]
		}
		res := s.lintText(path, src, nil)
		diags := make([]protocol.Diagnostic, 0, len(res.diags))
		for _, d := range res.diags {
			diags = append(diags, toLSP(res.text, d))
		}
		found = len(diags)
	}
	if found == 0 {
		b.Fatal("the script has no findings: not a realistic lint")
	}
	b.ReportMetric(float64(found), "findings")
}
