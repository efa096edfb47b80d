package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/spf13/pflag"
)

// fixOptions are the flags that apply the rules' fixes.
type fixOptions struct {
	Fix  bool
	Diff bool
}

func (o *fixOptions) addFlags(f *pflag.FlagSet) {
	f.BoolVar(&o.Fix, "fix", false, "apply the fixes of fixable findings to the files in place, then report what is left (exit status from those)")
	f.BoolVar(&o.Diff, "diff", false, "print the fixes as a unified diff instead of the findings, write nothing (exit status from the findings as they are)")
}

func (o *fixOptions) fixing() bool { return o.Fix || o.Diff }

// checkFix refuses what --fix and --diff cannot do.
func (o *fixOptions) checkFix(s *IOStreams, paths []string) error {
	if o.Fix && o.Diff {
		return usageError(s, "--fix and --diff: choose one (--diff shows what --fix would write)")
	}
	if o.Fix {
		for _, p := range paths {
			if p == "-" {
				return usageError(s, "--fix cannot rewrite standard input: use --diff to print the fixes, or name the file")
			}
		}
	}
	return nil
}

// fixInput lints one input and applies its fixes until none applies: the
// findings left are in.diags, the ones the input had are in.before.
func fixInput(in *input, cfg lint.Config) {
	res := lint.Fix(in.name, in.src, cfg)
	in.file, in.diags, in.before = res.File, res.Diagnostics, res.Before
	in.fixed, in.applied = res.Src, res.Applied
}

// diffRun prints the fixes of every input as a unified diff, in input
// order, and exits by the findings as they are now.
func diffRun(s *IOStreams, inputs []*input, failOn diag.Severity, ioErrors int) error {
	for _, in := range inputs {
		if in.err != nil || in.applied == 0 {
			continue
		}
		if _, err := fmt.Fprint(s.Out, unifiedDiff(in.name, in.src, in.fixed)); err != nil {
			fmt.Fprintf(s.ErrOut, "lint-lua: writing output: %v\n", err)
			return exitError{ExitError}
		}
	}
	if ioErrors > 0 {
		return exitError{ExitError}
	}
	for _, in := range inputs {
		for _, d := range in.before {
			if d.Severity >= failOn {
				return exitError{ExitFindings}
			}
		}
	}
	return nil
}

// writeFixes writes every fixed input back to its file and says on the
// error stream what it did; it returns the number of files it could not
// write, each reported with its reason. A file that cannot be written
// keeps its old content, and its findings are those it still has.
func writeFixes(s *IOStreams, inputs []*input) int {
	failed, files, fixes := 0, 0, 0
	for _, in := range inputs {
		if in.err != nil || in.applied == 0 {
			continue
		}
		if err := writeAtomic(in.path, in.fixed); err != nil {
			fmt.Fprintf(s.ErrOut, "lint-lua: %s: writing the fixes: %v\n", in.name, err)
			failed++
			in.diags, in.file = in.before, luasrc.Parse(in.name, in.src)
			continue
		}
		files++
		fixes += in.applied
	}
	if files > 0 {
		fmt.Fprintf(s.ErrOut, "lint-lua: applied %s in %s\n", plural(fixes, "fix", "fixes"), plural(files, "file", "files"))
	}
	return failed
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// writeAtomic replaces the file at path with data: a temporary file in the
// same directory, with the old file's mode, renamed over it, so that a
// reader never sees half a script and a failure leaves the old one. A
// symbolic link is followed: its target is rewritten, the link stays.
func writeAtomic(path string, data []byte) (err error) {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return unwrapPathError(err)
	}
	info, err := os.Stat(target)
	if err != nil {
		return unwrapPathError(err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".lint-lua-*")
	if err != nil {
		return unwrapPathError(err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(info.Mode().Perm()); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), target)
}
