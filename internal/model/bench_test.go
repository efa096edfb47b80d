package model_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/benchdata"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
)

// BenchmarkBuild measures model.Build on files parsed beforehand.
func BenchmarkBuild(b *testing.B) {
	sets, err := benchdata.Sets()
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range sets {
		b.Run(s.Name, func(b *testing.B) {
			if len(s.Files) == 0 {
				b.Skip("no files (run scripts/fetch-corpus.sh for the corpus)")
			}
			var files []*luasrc.File
			for _, in := range s.Files {
				files = append(files, luasrc.Parse(in.Name, in.Src))
			}
			b.SetBytes(s.Bytes)
			b.ReportAllocs()
			for b.Loop() {
				for _, f := range files {
					model.Build(f)
				}
			}
		})
	}
}
