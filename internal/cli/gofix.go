package cli

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lint-lua/lint-lua/analyzer"
	"github.com/lint-lua/lint-lua/analyzer/pkgrun"
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/diskfile"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/settings"
)

// goFixes turns the analyzer's suggested fixes (the safe fixes of the
// scripts, mapped into Go string literals and //go:embed files) into the
// rewrites the --fix and --diff sinks take: one per file, each fix applied
// whole or not at all, as go vet -fix applies them (one round). A file
// whose size is not what the analyzer read (edited since) is left alone,
// and the sink refuses one changed after it is read here.
func goFixes(roots []*pkgrun.Action, wd string) []*driver.Result {
	fixes := map[string][]diag.Diagnostic{}
	sizes := map[string]int{}
	seen := map[string]bool{}
	for _, act := range roots {
		if act.Err != nil {
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			sf := d.SuggestedFixes[0]
			file := ""
			var edits []diag.Edit
			ok := len(sf.TextEdits) > 0
			for _, te := range sf.TextEdits {
				tf := fset.File(te.Pos)
				end := te.End
				if !end.IsValid() {
					end = te.Pos
				}
				if tf == nil || fset.File(end) != tf || (file != "" && tf.Name() != file) {
					ok = false
					break
				}
				file = tf.Name()
				sizes[file] = tf.Size()
				edits = append(edits, diag.Edit{Start: tf.Offset(te.Pos), End: tf.Offset(end), New: string(te.NewText)})
			}
			// With --tests a file is in the package and in its test
			// variant: its fixes come twice.
			key := fmt.Sprint(file, edits)
			if !ok || seen[key] {
				continue
			}
			seen[key] = true
			fixes[file] = append(fixes[file], diag.Diagnostic{Fix: &diag.Fix{Message: sf.Message, Edits: edits}})
		}
	}
	files := make([]string, 0, len(fixes))
	for f := range fixes {
		files = append(files, f)
	}
	slices.Sort(files)
	var out []*driver.Result
	for i, file := range files {
		name := file
		if rel, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(rel, "..") {
			name = rel
		}
		r := &driver.Result{Arg: i, Name: filepath.ToSlash(name), Path: file}
		src, id, err := diskfile.Read(file, goSourceMax)
		switch {
		case err != nil:
			r.Err = err
		case len(src) != sizes[file]:
			r.Err = fmt.Errorf("changed after lint-lua read it; run lint-lua go --fix again")
		}
		if r.Err != nil {
			out = append(out, r)
			continue
		}
		fixed, n := diag.ApplyFixes(src, fixes[file], diag.Safe)
		if n == 0 {
			continue
		}
		r.Applied, r.Rewrite = n, &driver.Rewrite{Old: src, New: fixed, ID: id}
		out = append(out, r)
	}
	return out
}

// goExit is the exit status of the findings the packages have as they
// are, for --diff, which prints the fixes rather than the findings.
func goExit(out *output, roots []*pkgrun.Action, wd string, tree *settings.Tree, loadErrors int) error {
	if loadErrors > 0 {
		return exitError{ExitError}
	}
	for _, act := range roots {
		if act.Err != nil {
			if len(act.Package.Errors) == 0 {
				return exitError{ExitError}
			}
			continue
		}
		for _, d := range act.Diagnostics {
			if d.Category == analyzer.TooLarge {
				return exitError{ExitError}
			}
			if out.fails(toDiagnostic(act.Package.Fset, d, wd, tree).Severity) {
				return exitError{ExitFindings}
			}
		}
	}
	return nil
}
