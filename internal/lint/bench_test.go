package lint_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/benchdata"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules"
)

// BenchmarkLint measures one file's whole lint: parse, model, every rule,
// suppressions and sorting (go test -bench Lint ./internal/lint).
func BenchmarkLint(b *testing.B) {
	all := rules.Catalogue().All()
	benchdata.ForSets(b, func(b *testing.B, files []benchdata.File) {
		for b.Loop() {
			for _, in := range files {
				lintSource(in.Name, in.Src, all, nil)
			}
		}
	})
}

// BenchmarkRules measures every rule over models built beforehand.
func BenchmarkRules(b *testing.B) {
	all := rules.Catalogue().All()
	benchdata.ForSets(b, func(b *testing.B, files []benchdata.File) {
		var models []*model.Model
		for _, in := range files {
			models = append(models, model.Build(luasrc.Parse(in.Name, in.Src)))
		}
		b.ResetTimer()
		for b.Loop() {
			for _, m := range models {
				lint.RunRules(m, lint.Config{Rules: all})
			}
		}
	})
}

// BenchmarkRulesFresh is BenchmarkRules on models built anew for each
// round (outside the timer), so that what a model computes on first use
// and caches (its flattened tree, loops, functions) is counted once per
// file, as in a real run, rather than once per benchmark.
func BenchmarkRulesFresh(b *testing.B) {
	all := rules.Catalogue().All()
	benchdata.ForSets(b, func(b *testing.B, files []benchdata.File) {
		parsed := make([]*luasrc.File, len(files))
		for i, in := range files {
			parsed[i] = luasrc.Parse(in.Name, in.Src)
		}
		models := make([]*model.Model, len(files))
		for b.Loop() {
			b.StopTimer()
			for i, f := range parsed {
				models[i] = model.Build(f)
			}
			b.StartTimer()
			for _, m := range models {
				lint.RunRules(m, lint.Config{Rules: all})
			}
		}
	})
}
