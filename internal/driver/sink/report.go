// Package sink holds the driver's sinks: the report in every format
// (Report), the fixes written in place (Fix), and the fixes printed as a
// unified diff (Diff). A sink sees results, never the source they came
// from.
package sink

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/report"
)

// Report renders the findings of the run in one of the formats of package
// report.
type Report struct {
	Out    io.Writer
	Format report.Formatter
	// Base is the report's template: the rules, the tool's version and
	// the roots; Done fills in the rest.
	Base report.Result
}

// File does nothing: the report is rendered once, in order, by Done.
func (*Report) File(*driver.Result) {}

// Done renders the findings of every file, sorted, and the run's errors.
func (s *Report) Done(o *driver.Outcome) error {
	res := s.Base
	res.Files = o.Files
	n := 0
	shared := false
	for _, r := range o.Results {
		n += len(r.Diagnostics)
		shared = shared || r.Shared
	}
	// Sized once: growing it copied every finding again and again (half
	// of what a run with 40,000 findings did after its last file).
	res.Diagnostics = make([]diag.Diagnostic, 0, n)
	lines := map[string]map[int]string{}
	for _, r := range o.Results {
		res.Diagnostics = append(res.Diagnostics, r.Diagnostics...)
		r.Lines.Files(func(file string, m map[int]string) {
			if have := lines[file]; have == nil {
				lines[file] = m
			} else {
				for n, text := range m {
					have[n] = text
				}
			}
		})
	}
	if shared {
		res.Diagnostics = dedupe(res.Diagnostics)
	}
	diag.SortDiagnostics(res.Diagnostics)
	res.Source = func(file string, line int) (string, bool) {
		text, ok := lines[file][line]
		return text, ok
	}
	for _, err := range o.Errors {
		res.Errors = append(res.Errors, runError(err))
	}
	for _, sk := range o.Skipped {
		res.Skipped = append(res.Skipped, report.Skipped{File: sk.Name, Reason: sk.Reason})
	}
	if err := s.Format.Format(s.Out, &res); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}

// runError is err as the formats record it: the file it names apart.
func runError(err error) report.RunError {
	var fe *driver.FileError
	if errors.As(err, &fe) {
		return report.RunError{File: fe.File, Message: fe.Err.Error()}
	}
	return report.RunError{Message: err.Error()}
}

// dedupe drops the copies of a finding in a fragment that several scripts
// include: the same rule, message and place is one finding.
func dedupe(ds []diag.Diagnostic) []diag.Diagnostic {
	type key struct {
		file, rule, msg string
		r               diag.Range
		sev             diag.Severity
	}
	seen := make(map[key]bool, len(ds))
	return slices.DeleteFunc(ds, func(d diag.Diagnostic) bool {
		k := key{d.File, d.Rule, d.Message, d.Range, d.Severity}
		if seen[k] {
			return true
		}
		seen[k] = true
		return false
	})
}
