package sink

import (
	"path/filepath"
	"sync"

	"github.com/lint-lua/lint-lua/internal/baseline"
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver"
)

// Baseline drops the findings a baseline holds (--baseline) from the
// results before the sinks after it see them, so that the report and the
// exit status are those of the new findings alone. It runs first among
// the sinks. Once the run is done it holds what --write-baseline and
// --prune-baseline write: every finding of the run as entries, the
// baseline's entries that matched nothing, and which files the run linted.
type Baseline struct {
	// B is the baseline read, or an empty one to write.
	B *baseline.Baseline
	// WorkDir is what the results' file names are relative to.
	WorkDir string
	// Before matches the findings the files had as read (--diff, which
	// exits by them) rather than those left after fixing.
	Before bool
	// WholeScript says which rules' findings are about a script as a
	// whole (baseline.Of).
	WholeScript func(rule string) bool

	mu    sync.Mutex
	files map[string]bool

	// Entries are the run's findings as the baseline keys them, and
	// Stale the baseline's entries that match none of them, in the files
	// the run linted; set by Done.
	Entries []baseline.Entry
	Stale   []baseline.Entry
}

// File records the file r as linted: the entries of a file the run did
// not lint are neither stale nor replaced.
func (s *Baseline) File(r *driver.Result) {
	if r.Err != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.files == nil {
		s.files = map[string]bool{}
	}
	s.files[s.B.Rel(s.path(r.Name))] = true
}

func (s *Baseline) path(name string) string {
	if filepath.IsAbs(name) || s.WorkDir == "" {
		return name
	}
	return filepath.Join(s.WorkDir, filepath.FromSlash(name))
}

// Covered says whether the run linted the file rel names (relative to the
// baseline's directory).
func (s *Baseline) Covered(rel string) bool { return s.files[rel] }

// Done matches the run's findings with the baseline and drops those it
// holds from the results.
func (s *Baseline) Done(o *driver.Outcome) error {
	type at struct{ r, i int }
	// A finding placed through several scripts (a fragment that several
	// include) is one finding, as the report keeps one.
	type ident struct {
		file, rule, msg string
		r               diag.Range
	}
	first := map[ident]int{}
	var fs []baseline.Finding
	var where [][]at
	for ri, r := range o.Results {
		ds, lines := r.Diagnostics, r.Lines
		if s.Before {
			ds, lines = r.Before, r.BeforeLines
		}
		for i, d := range ds {
			id := ident{d.File, d.Rule, d.Message, d.Range}
			if j, ok := first[id]; ok {
				where[j] = append(where[j], at{ri, i})
				continue
			}
			first[id] = len(fs)
			file := d.File
			fs = append(fs, baseline.Of(d, s.WorkDir, func(n int) (string, bool) { return lines.Line(file, n) }, s.WholeScript))
			where = append(where, []at{{ri, i}})
			s.mu.Lock()
			if s.files == nil {
				s.files = map[string]bool{}
			}
			s.files[s.B.Rel(s.path(d.File))] = true
			s.mu.Unlock()
		}
	}
	old, stale, record := s.B.Match(fs, s.Covered)
	s.Entries, s.Stale = record, stale
	drop := map[at]bool{}
	for j, o := range old {
		if o {
			for _, a := range where[j] {
				drop[a] = true
			}
		}
	}
	if len(drop) == 0 {
		return nil
	}
	for ri, r := range o.Results {
		keep := func(ds []diag.Diagnostic) []diag.Diagnostic {
			var out []diag.Diagnostic
			for i, d := range ds {
				if !drop[at{ri, i}] {
					out = append(out, d)
				}
			}
			return out
		}
		if s.Before {
			r.Before = keep(r.Before)
		} else {
			r.Diagnostics = keep(r.Diagnostics)
		}
	}
	return nil
}
