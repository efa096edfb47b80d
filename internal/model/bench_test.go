package model_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/benchdata"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
)

// BenchmarkBuild measures model.Build on files parsed beforehand.
func BenchmarkBuild(b *testing.B) {
	benchmarkBuild(b, false)
}

// BenchmarkBuildReleased is BenchmarkBuild as the linter builds models:
// each is released once used (lint.Run), so the next Build reuses
// its arrays and B/op counts only what a file keeps of its own.
func BenchmarkBuildReleased(b *testing.B) {
	benchmarkBuild(b, true)
}

func benchmarkBuild(b *testing.B, release bool) {
	benchdata.ForSets(b, func(b *testing.B, in []benchdata.File) {
		var files []*luasrc.File
		for _, f := range in {
			files = append(files, luasrc.Parse(f.Name, f.Src))
		}
		for b.Loop() {
			for _, f := range files {
				if release {
					model.WithModel(f, model.Options{}, func(*model.Model) {})
				} else {
					model.Build(f)
				}
			}
		}
	})
}
