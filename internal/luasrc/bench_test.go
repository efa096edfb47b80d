package luasrc

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/benchdata"
)

// BenchmarkScan measures the token index and comments alone.
func BenchmarkScan(b *testing.B) {
	benchdata.ForSets(b, func(b *testing.B, files []benchdata.File) {
		for b.Loop() {
			for _, in := range files {
				f := &File{Name: in.Name, Src: in.Src, lineStarts: computeLineStarts(in.Src, nil)}
				f.scan(in.Src)
			}
		}
	})
}

// BenchmarkParse measures all of Parse: scan, Lua 5.1 checks, and the
// parser with node positions.
func BenchmarkParse(b *testing.B) {
	benchdata.ForSets(b, func(b *testing.B, files []benchdata.File) {
		for b.Loop() {
			for _, in := range files {
				Parse(in.Name, in.Src)
			}
		}
	})
}
