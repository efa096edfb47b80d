package model

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/benchdata"
	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// BenchmarkWalk compares, on the corpus, one recursive Inspect of every
// file (what each rule paid before), building the flattened walk once,
// a walk of the flattened tree, and a filtered walk for calls.
func BenchmarkWalk(b *testing.B) {
	sets, err := benchdata.Sets()
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range sets {
		if s.Name != "corpus" || len(s.Files) == 0 {
			continue
		}
		var models []*Model
		for _, in := range s.Files {
			if f := luasrc.Parse(in.Name, in.Src); f.Chunk != nil {
				models = append(models, Build(f))
			}
		}
		n := 0
		visit := func(any) bool { n++; return true }
		b.Run("recursive", func(b *testing.B) {
			for b.Loop() {
				for _, m := range models {
					Inspect(m.File.Chunk, visit)
				}
			}
		})
		b.Run("build", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, m := range models {
					m.walkIdx = nil
					m.walk()
				}
			}
		})
		b.Run("flat", func(b *testing.B) {
			for b.Loop() {
				for _, m := range models {
					m.Inspect(m.File.Chunk, visit)
				}
			}
		})
		b.Run("calls", func(b *testing.B) {
			for b.Loop() {
				for _, m := range models {
					m.InspectKinds(m.File.Chunk, KFuncCallExpr, visit)
				}
			}
		})
	}
}
