// Package drivertest runs the driver over texts a test holds, as the CLI
// runs it over files: the tests of the rules' fixes go through the one fix
// loop --fix and --diff use.
package drivertest

import (
	"io"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/lint"
)

// Fixed is what the driver's fix loop made of one .lua text: its result
// (findings before and after, fixes applied) and the fixed text, which is
// the input when nothing applied.
type Fixed struct {
	*driver.Result
	Src []byte
}

// FixLua fixes one .lua text as --fix fixes a .lua file, applying the
// fixes up to upTo (diag.Safe as --fix, diag.Unsafe as --fix
// --unsafe-fixes).
func FixLua(name string, src []byte, rules []*lint.Rule, upTo diag.Applicability) Fixed {
	f := &driver.File{Name: name, Path: name, Src: src,
		Scripts: []driver.Script{{Name: name, Text: src}},
		Rescan:  func(b []byte) *driver.File { return &driver.File{Scripts: []driver.Script{{Name: name, Text: b}}} },
	}
	out := Fixed{Src: src}
	keep := sinkFunc(func(r *driver.Result) {
		out.Result = r
		if r.Rewrite != nil {
			out.Src = r.Rewrite.New
		}
	})
	driver.Run(driver.Config{Rules: rules, Fix: true, UnsafeFixes: upTo >= diag.Unsafe, ErrOut: io.Discard, Sinks: []driver.Sink{keep}}, oneFile{f})
	return out
}

type oneFile struct{ f *driver.File }

func (s oneFile) Find(found func(driver.Item), _ func(error)) {
	found(driver.Item{Name: s.f.Name, Load: func() *driver.File { return s.f }})
}

type sinkFunc func(r *driver.Result)

func (f sinkFunc) File(r *driver.Result)    { f(r) }
func (sinkFunc) Done(*driver.Outcome) error { return nil }
