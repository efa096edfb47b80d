package lint_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules"
)

// BenchmarkLint measures parse + model + every rule over the bundled
// examples and rule fixtures (go test -bench Lint ./internal/lint).
func BenchmarkLint(b *testing.B) {
	var srcs [][]byte
	files, _ := filepath.Glob("../../examples/*.lua")
	more, _ := filepath.Glob("../../testdata/rules/*/*.lua")
	size := 0
	for _, f := range append(files, more...) {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
		size += len(src)
	}
	all := rules.All()
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, src := range srcs {
			lint.Lint("bench.lua", src, all, nil)
		}
	}
}
