package cli

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"github.com/lint-lua/lint-lua/analyzer"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/rules"
	"github.com/spf13/cobra"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

type goOptions struct {
	IO       *IOStreams
	Patterns []string
	outputOptions
	Tests bool
}

func newCmdGo(s *IOStreams, runF func(*goOptions) error) *cobra.Command {
	opts := &goOptions{IO: s}
	cmd := &cobra.Command{
		Use:   "go [flags] [packages]",
		Short: "Lint the Redis Lua scripts embedded in Go packages",
		Long: "lint-lua go loads Go packages (default ./...) and runs lint-lua's Go analyzer over them: the Lua\n" +
			"scripts handed to go-redis, redigo and rueidis are linted where they are written, and the call\n" +
			"sites are checked. Findings are printed in the formats of the .lua linter. The same analyzer runs\n" +
			"under go vet: go vet -vettool=$(which lint-lua-vet) ./...\n\n" +
			"Exit status: 0 no findings at or above --fail-on, 1 findings, 2 usage, load or type errors.",
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Patterns = args
			if runF != nil {
				return runF(opts)
			}
			return goRun(opts)
		},
	}
	f := cmd.Flags()
	opts.addFlags(f)
	f.BoolVar(&opts.Tests, "tests", false, "also analyze the packages' test files")
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		fmt.Fprintf(s.ErrOut, "lint-lua: %v\nRun 'lint-lua go --help' for usage.\n", err)
		return exitError{ExitError}
	})
	return cmd
}

func goRun(opts *goOptions) error {
	s := opts.IO
	formatter, failOn, err := opts.resolve(s)
	if err != nil {
		return err
	}
	patterns := opts.Patterns
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	wd := workDir(s)
	cfg := &packages.Config{
		Mode:  packages.LoadSyntax | packages.NeedModule,
		Dir:   wd,
		Tests: opts.Tests,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		fmt.Fprintf(s.ErrOut, "lint-lua: loading packages: %v\n", err)
		return exitError{ExitError}
	}
	if len(pkgs) == 0 {
		fmt.Fprintf(s.ErrOut, "lint-lua: no Go packages match %s\n", strings.Join(patterns, " "))
		return exitError{ExitError}
	}
	loadErrors := 0
	for _, p := range pkgs {
		// Only the packages asked for: the analyzer does not run on
		// dependencies, and their errors show in the importer's anyway.
		for _, e := range p.Errors {
			fmt.Fprintf(s.ErrOut, "lint-lua: %v\n", e)
			loadErrors++
		}
	}

	// Every severity, as for .lua files: --fail-on decides the exit.
	if err := analyzer.Analyzer.Flags.Set("severity", "info"); err != nil {
		return fmt.Errorf("analyzer flags: %w", err)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		fmt.Fprintf(s.ErrOut, "lint-lua: %v\n", err)
		return exitError{ExitError}
	}

	res := &report.Result{Rules: rules.All(), ToolVersion: Version}
	setRoots(res, wd)
	files := map[string]bool{}
	seen := map[lint.Diagnostic]bool{}
	for _, act := range graph.Roots {
		if act.Err != nil {
			if len(act.Package.Errors) == 0 {
				fmt.Fprintf(s.ErrOut, "lint-lua: %s: %v\n", act.Package.PkgPath, act.Err)
				loadErrors++
			}
			continue
		}
		for _, f := range act.Package.CompiledGoFiles {
			files[f] = true
		}
		for _, d := range act.Diagnostics {
			ld := toDiagnostic(act.Package.Fset, d, wd)
			// With --tests a file is in the package and in its test
			// variant: report it once.
			if !seen[ld] {
				seen[ld] = true
				res.Diagnostics = append(res.Diagnostics, ld)
			}
		}
	}
	res.Files = len(files)
	lint.SortDiagnostics(res.Diagnostics)
	res.Source = fileLines(wd)
	if err := formatter.Format(s.Out, res); err != nil {
		fmt.Fprintf(s.ErrOut, "lint-lua: writing output: %v\n", err)
		return exitError{ExitError}
	}
	if loadErrors > 0 {
		return exitError{ExitError}
	}
	for _, d := range res.Diagnostics {
		if d.Severity >= failOn {
			return exitError{ExitFindings}
		}
	}
	return nil
}

// toDiagnostic converts an analyzer finding: the file relative to the
// working directory, the rule from the category, the severity the rule
// has by default, and the message without the rule ID the analyzer adds
// for go vet's plain output.
func toDiagnostic(fset *token.FileSet, d analysis.Diagnostic, wd string) lint.Diagnostic {
	start := fset.Position(d.Pos)
	end := start
	if d.End.IsValid() {
		if e := fset.Position(d.End); e.Filename == start.Filename {
			end = e
		}
	}
	name := start.Filename
	if wd != "" && wd != "." {
		if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
			name = rel
		}
	} else if abs, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(abs, name); err == nil && !strings.HasPrefix(rel, "..") {
			name = rel
		}
	}
	sev := lint.SeverityWarning
	if r := rules.ByID(d.Category); r != nil {
		sev = r.Severity
	}
	return lint.Diagnostic{
		File: filepath.ToSlash(name),
		Range: lint.Range{
			Start: lint.Pos{Line: start.Line, Column: start.Column},
			End:   lint.Pos{Line: end.Line, Column: end.Column},
		},
		Rule:     d.Category,
		Severity: sev,
		Message:  strings.TrimSuffix(d.Message, " ("+d.Category+")"),
	}
}

// fileLines returns the source lines of reported files, for the text
// format's excerpts.
func fileLines(wd string) func(file string, line int) (string, bool) {
	cache := map[string][]string{}
	return func(file string, line int) (string, bool) {
		lines, ok := cache[file]
		if !ok {
			src, err := os.ReadFile(resolve(wd, filepath.FromSlash(file)))
			if err == nil {
				lines = strings.Split(string(src), "\n")
			}
			cache[file] = lines
		}
		if line < 1 || line > len(lines) {
			return "", false
		}
		return strings.TrimRight(lines[line-1], "\r"), true
	}
}
