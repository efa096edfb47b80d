package report

import (
	"io"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/benchdata"
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/rules"
)

// BenchmarkFormat measures each formatter over the findings of an input
// set; the bytes per second are of the rendered output.
func BenchmarkFormat(b *testing.B) {
	sets, err := benchdata.Sets()
	if err != nil {
		b.Fatal(err)
	}
	all := rules.Catalogue().All()
	for _, s := range sets {
		res := &Result{Rules: lint.Infos(all), ToolVersion: "bench"}
		files := map[string]*luasrc.File{}
		for _, in := range s.Files {
			f := luasrc.Parse(in.Name, in.Src)
			files[in.Name] = f
			res.Files++
			res.Diagnostics = append(res.Diagnostics, lint.Run(f, lint.Config{Rules: all})...)
		}
		diag.SortDiagnostics(res.Diagnostics)
		res.Source = func(file string, line int) (string, bool) {
			if f := files[file]; f != nil {
				return f.Line(line)
			}
			return "", false
		}
		for _, name := range Names() {
			b.Run(s.Name+"/"+name, func(b *testing.B) {
				if len(s.Files) == 0 {
					b.Skip("no files (run scripts/fetch-corpus.sh for the corpus)")
				}
				opts := Options{Color: name == "text"}
				fm, err := New(name, opts)
				if err != nil {
					b.Fatal(err)
				}
				var sb strings.Builder
				if err := fm.Format(&sb, res); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(sb.Len()))
				b.ReportAllocs()
				for b.Loop() {
					if err := fm.Format(io.Discard, res); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
