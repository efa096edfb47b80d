package luasrc

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/benchdata"
)

// forSets runs fn as one sub-benchmark per input set, skipping a set that
// is absent (the real corpus before scripts/fetch-corpus.sh).
func forSets(b *testing.B, fn func(b *testing.B, files []benchdata.File)) {
	sets, err := benchdata.Sets()
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range sets {
		b.Run(s.Name, func(b *testing.B) {
			if len(s.Files) == 0 {
				b.Skip("no files (run scripts/fetch-corpus.sh for the corpus)")
			}
			b.SetBytes(s.Bytes)
			b.ReportAllocs()
			fn(b, s.Files)
		})
	}
}

// BenchmarkScan measures the token index and comments alone.
func BenchmarkScan(b *testing.B) {
	forSets(b, func(b *testing.B, files []benchdata.File) {
		for b.Loop() {
			for _, in := range files {
				f := &File{Name: in.Name, Src: in.Src, lineStarts: computeLineStarts(in.Src)}
				f.scan(in.Src)
			}
		}
	})
}

// BenchmarkParse measures all of Parse: scan, Lua 5.1 checks, and the
// parser with node positions.
func BenchmarkParse(b *testing.B) {
	forSets(b, func(b *testing.B, files []benchdata.File) {
		for b.Loop() {
			for _, in := range files {
				Parse(in.Name, in.Src)
			}
		}
	})
}
