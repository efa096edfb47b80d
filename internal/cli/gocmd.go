package cli

import (
	"errors"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lint-lua/lint-lua/analyzer"
	"github.com/lint-lua/lint-lua/analyzer/pkgrun"
	"github.com/lint-lua/lint-lua/internal/baseline"
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/diskfile"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/driver/sink"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/internal/settings"
	"github.com/spf13/cobra"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

type goOptions struct {
	IO       *IOStreams
	Rules    *lint.Catalogue
	Patterns []string
	outputOptions
	Tests      bool
	ConfigPath string
	NoConfig   bool
	serverOptions
	Enable      []string
	Disable     []string
	Only        []string
	MaxFileSize settings.Size
	ListScripts bool
	fixOptions
	baselineOptions
}

func newCmdGo(s *IOStreams, cat *lint.Catalogue, runF func(*goOptions) error) *cobra.Command {
	opts := &goOptions{IO: s, Rules: cat}
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
			opts.ModulesSet = cmd.Flags().Changed("modules")
			if runF != nil {
				return runF(opts)
			}
			return goRun(opts)
		},
	}
	f := cmd.Flags()
	opts.outputOptions.addFlags(f)
	f.BoolVar(&opts.Tests, "tests", false, "also analyze the packages' test files")
	f.StringVarP(&opts.ConfigPath, "config", "c", "", "configuration file for every package (default: the .lint-lua.yaml nearest above each package's directory)")
	f.BoolVar(&opts.NoConfig, "no-config", false, "read no configuration file")
	opts.serverOptions.addServerFlags(f)
	f.StringSliceVar(&opts.Enable, "enable", nil, "enable rules (repeatable or comma-separated)")
	f.StringSliceVar(&opts.Disable, "disable", nil, "disable rules (repeatable or comma-separated)")
	f.StringSliceVar(&opts.Only, "only", nil, "report only these rules (repeatable or comma-separated)")
	opts.fixOptions.addFlags(f)
	f.BoolVar(&opts.ListScripts, "list-scripts", false, "list the scripts found, known or not, one a line, instead of the findings")
	opts.MaxFileSize = settings.DefaultMaxFileSize
	f.Var(&opts.MaxFileSize, "max-file-size", "largest script linted, such as 512KiB or 4MiB: a //go:embed file or Go string past it is reported as an error, not linted")
	opts.baselineOptions.addFlags(f)
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		fmt.Fprintf(s.ErrOut, "lint-lua: %v\nRun 'lint-lua go --help' for usage.\n", err)
		return exitError{ExitError}
	})
	return cmd
}

func goRun(opts *goOptions) (rerr error) {
	s := opts.IO
	out, err := opts.resolve(s)
	if err != nil {
		return err
	}
	defer out.finish(s, &rerr)
	if err := opts.checkFix(s, nil); err != nil {
		return err
	}
	if opts.UnsafeFixes {
		// go vet -fix and editors apply a go/analysis fix with no
		// applicability: the analyzer offers the safe ones only.
		return usageError(s, "lint-lua go applies the safe fixes only: --unsafe-fixes works on .lua and host-language files")
	}
	tree, settings, err := goSettings(opts)
	if err != nil {
		return usageError(s, "%v", err)
	}
	lintlua, err := analyzer.New(opts.Rules, settings)
	if err != nil {
		return usageError(s, "%v", err)
	}
	patterns := opts.Patterns
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	wd := workDir(s)
	br, err := opts.baselineOptions.open(s, wd, tree.Root(), false)
	if err != nil {
		return err
	}
	// load loads the packages and runs the analyzer over them; quiet
	// keeps their errors to itself (the load whose findings a --fix run
	// rewrites the files with; the load after it reports).
	load := func(quiet bool) (roots []*pkgrun.Action, runErrors []report.RunError, loadErrors int, err error) {
		cfg := &packages.Config{
			Mode:  packages.LoadSyntax | packages.NeedModule,
			Dir:   wd,
			Tests: opts.Tests,
		}
		pkgs, err := packages.Load(cfg, patterns...)
		if err != nil {
			printError(s, fmt.Errorf("loading packages: %w", err))
			return nil, nil, 0, exitError{ExitError}
		}
		if len(pkgs) == 0 {
			fmt.Fprintf(s.ErrOut, "lint-lua: no Go packages match %s\n", strings.Join(patterns, " "))
			return nil, nil, 0, exitError{ExitError}
		}
		seenErr := map[string]bool{}
		for _, p := range pkgs {
			// Only the packages asked for: the analyzer does not run on
			// dependencies, and their errors show in the importer's anyway.
			for _, e := range p.Errors {
				re, ok := loadError(p, e)
				if !ok || seenErr[re.File+"\x00"+re.Message] {
					continue
				}
				seenErr[re.File+"\x00"+re.Message] = true
				if !quiet {
					printError(s, errors.New(strings.TrimPrefix(re.File+": "+re.Message, ": ")))
				}
				runErrors = append(runErrors, re)
				loadErrors++
			}
		}
		return pkgrun.Run(lintlua, pkgs), runErrors, loadErrors, nil
	}
	if opts.fixing() && !opts.ListScripts {
		roots, _, _, err := load(true)
		if err != nil {
			return err
		}
		rewrites := goFixes(roots, wd)
		var sk driver.Sink = &sink.Diff{Out: out.w}
		if opts.Fix {
			sk = sink.NewFix(s.ErrOut)
		}
		o := &driver.Outcome{}
		for _, r := range rewrites {
			if r.Err != nil {
				err := &driver.FileError{File: r.Name, Err: r.Err}
				o.Errors = append(o.Errors, err)
				driver.PrintError(s.ErrOut, err)
				continue
			}
			sk.File(r)
		}
		if err := sk.Done(o); err != nil {
			printError(s, err)
			return exitError{ExitError}
		}
		if len(o.Errors) > 0 {
			return exitError{ExitError}
		}
		if opts.Diff {
			// --diff prints the fixes, not the findings; its exit
			// status is the findings' as the files are.
			roots, _, loadErrors, _ := load(true)
			return goExit(out, roots, wd, tree, loadErrors)
		}
	}
	roots, runErrors, loadErrors, err := load(false)
	if err != nil {
		return err
	}
	if opts.ListScripts {
		listScripts(s, roots, wd)
		for _, act := range roots {
			if act.Err != nil && len(act.Package.Errors) == 0 {
				printError(s, errors.New(packageFailure(act)))
				loadErrors++
			}
		}
		if loadErrors > 0 {
			return exitError{ExitError}
		}
		return nil
	}

	res := &report.Result{Rules: opts.Rules.Infos(), ToolVersion: Version, Errors: runErrors}
	setRoots(res, wd)
	files := map[string]bool{}
	seen := map[diag.Diagnostic]bool{}
	for _, act := range roots {
		if act.Err != nil {
			if len(act.Package.Errors) == 0 {
				msg := packageFailure(act)
				printError(s, errors.New(msg))
				res.Errors = append(res.Errors, report.RunError{Message: msg})
				loadErrors++
			}
			continue
		}
		for _, f := range act.Package.CompiledGoFiles {
			files[f] = true
		}
		for _, d := range act.Diagnostics {
			ld := toDiagnostic(act.Package.Fset, d, wd, tree)
			if d.Category == analyzer.TooLarge {
				// As for a .lua file that large: an input error.
				if !seen[ld] {
					seen[ld] = true
					fmt.Fprintf(s.ErrOut, "lint-lua: %s:%d:%d: %s\n", ld.File, ld.Range.Start.Line, ld.Range.Start.Column, ld.Message)
					loadErrors++
				}
				continue
			}
			// With --tests a file is in the package and in its test
			// variant: report it once.
			if !seen[ld] {
				seen[ld] = true
				res.Diagnostics = append(res.Diagnostics, ld)
			}
		}
	}
	res.Files = len(files)
	diag.SortDiagnostics(res.Diagnostics)
	res.Source = fileLines(wd)
	if br != nil {
		for _, act := range roots {
			if r, ok := act.Result.(*analyzer.Result); ok && act.Err == nil {
				for _, sc := range r.Scripts {
					if p := act.Package.Fset.Position(sc.Pos); p.Filename != "" {
						files[p.Filename] = true
					}
				}
			}
		}
		covered := map[string]bool{}
		for f := range files {
			covered[br.b.Rel(f)] = true
		}
		fs := make([]baseline.Finding, len(res.Diagnostics))
		for i, d := range res.Diagnostics {
			fs[i] = baseline.Of(d, wd, func(n int) (string, bool) { return res.Source(d.File, n) }, wholeScript(opts.Rules))
			covered[br.b.Rel(fs[i].Path)] = true
		}
		old, stale, record := br.b.Match(fs, func(rel string) bool { return covered[rel] })
		if err := br.finish(s, record, stale, func(rel string) bool { return covered[rel] }); err != nil {
			return err
		}
		if br.write {
			if loadErrors > 0 {
				return exitError{ExitError}
			}
			return nil
		}
		kept := res.Diagnostics[:0]
		for i, d := range res.Diagnostics {
			if !old[i] {
				kept = append(kept, d)
			}
		}
		res.Diagnostics = kept
	}
	if err := out.formatter.Format(out.w, res); err != nil {
		printError(s, fmt.Errorf("writing output: %w", err))
		return exitError{ExitError}
	}
	if loadErrors > 0 {
		return exitError{ExitError}
	}
	for _, d := range res.Diagnostics {
		if out.fails(d.Severity) {
			return exitError{ExitFindings}
		}
	}
	return nil
}

// packageFailure says why the analyzer did not run on act's package, which
// has no error of its own: a package that does not type-check because one
// it imports does not names that one and its first error (the importer
// alone, "analysis skipped due to errors in package", says neither).
func packageFailure(act *pkgrun.Action) string {
	p := act.Package
	msg := p.PkgPath + ": " + act.Err.Error()
	if !p.IllTyped {
		return msg
	}
	var culprit *packages.Package
	seen := map[*packages.Package]bool{}
	var visit func(q *packages.Package)
	visit = func(q *packages.Package) {
		if culprit != nil || seen[q] {
			return
		}
		seen[q] = true
		if q != p && len(q.Errors) > 0 {
			culprit = q
			return
		}
		paths := make([]string, 0, len(q.Imports))
		for path := range q.Imports {
			paths = append(paths, path)
		}
		sort.Strings(paths)
		for _, path := range paths {
			visit(q.Imports[path])
		}
	}
	visit(p)
	if culprit == nil {
		return msg
	}
	why := "errors"
	for _, e := range culprit.Errors {
		if re, ok := loadError(culprit, e); ok {
			why = strings.TrimPrefix(re.File+": "+re.Message, ": ")
			break
		}
	}
	return fmt.Sprintf("%s: not analysed: the package it imports, %s, does not type-check: %s",
		p.PkgPath, culprit.PkgPath, why)
}

// loadError is a package's load error as lint-lua reports it: its place
// and message. go list reports a package that does not compile with no
// place ("-") and the compiler's output, which repeats the type errors
// the package also carries with their places: that one is left out, and
// without them only its first line ("# example.com/app") is dropped.
func loadError(p *packages.Package, e packages.Error) (report.RunError, bool) {
	if e.Pos != "" && e.Pos != "-" {
		return report.RunError{File: e.Pos, Message: e.Msg}, true
	}
	for _, o := range p.Errors {
		if o.Pos != "" && o.Pos != "-" {
			return report.RunError{}, false
		}
	}
	msg := e.Msg
	if first, rest, ok := strings.Cut(msg, "\n"); ok && strings.HasPrefix(first, "# ") {
		msg = rest
	}
	return report.RunError{Message: strings.TrimSpace(msg)}, true
}

// toDiagnostic converts an analyzer finding: the file relative to the
// working directory, the rule from the category, the severity the rule
// is set to (overrides, else its default) unless the message names a lower
// one, the message without the rule ID the analyzer adds for go vet's plain
// output, and the help the analyzer joins to it (analyzer.Split).
func toDiagnostic(fset *token.FileSet, d analysis.Diagnostic, wd string, tree *settings.Tree) diag.Diagnostic {
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
	sev := diag.SeverityWarning
	if tree != nil {
		if set, err := tree.For(start.Filename); err == nil {
			_, sev = set.Rule(set.Rules(start.Filename), d.Category)
		}
	}
	// A finding reported below its rule's configured severity is tagged
	// "(rule, severity)" (analyzer.Split).
	msg, tagged, help := analyzer.Split(d)
	if s, err := diag.ParseSeverity(tagged); tagged != "" && err == nil {
		sev = s
	}
	return diag.Diagnostic{
		File: filepath.ToSlash(name),
		Range: diag.Range{
			Start: diag.Pos{Line: start.Line, Column: start.Column},
			End:   diag.Pos{Line: end.Line, Column: end.Column},
		},
		Rule:     d.Category,
		Severity: sev,
		Message:  msg,
		Help:     help,
	}
}

// goSourceMax is the largest Go file whose lines the text format quotes:
// generated Go can be large, but a file of this size is no source to quote.
const goSourceMax = 16 << 20

// maxExcerpt is the longest source line the text format quotes under a
// finding in a Go file: a generated file or a 10 MB string constant on one
// line would otherwise be printed whole for every finding on it.
const maxExcerpt = 4096

// fileLines returns the source lines of reported files, for the text
// format's excerpts (none for a line longer than maxExcerpt).
func fileLines(wd string) func(file string, line int) (string, bool) {
	cache := map[string][]string{}
	return func(file string, line int) (string, bool) {
		lines, ok := cache[file]
		if !ok {
			src, _, err := diskfile.Read(resolve(wd, filepath.FromSlash(file)), goSourceMax)
			if err == nil {
				lines = strings.Split(string(src), "\n")
			}
			cache[file] = lines
		}
		if line < 1 || line > len(lines) || len(lines[line-1]) > maxExcerpt {
			return "", false
		}
		return strings.TrimRight(lines[line-1], "\r"), true
	}
}

// listScripts prints the scripts the analyzer found, one a line:
// "file:line:col: known script of N lines, via NewScript", sorted.
func listScripts(s *IOStreams, roots []*pkgrun.Action, wd string) {
	seen := map[string]bool{}
	var lines []diag.Diagnostic
	for _, act := range roots {
		r, ok := act.Result.(*analyzer.Result)
		if act.Err != nil || !ok {
			continue
		}
		for _, sc := range r.Scripts {
			var what string
			switch {
			case sc.Known:
				what = fmt.Sprintf("known script of %d lines", sc.Lines)
			case sc.TooLarge:
				what = "script past --max-file-size, not linted"
			case sc.Dynamic:
				what = "script built at run time, not linted"
			default:
				what = "script whose text is not known, not linted"
			}
			if sc.Via != "" {
				what += ", via " + sc.Via
			}
			d := toDiagnostic(act.Package.Fset, analysis.Diagnostic{Pos: sc.Pos, End: sc.End, Message: what}, wd, nil)
			// A package and its test variant hold the same scripts; two
			// texts at one place are alternatives (one of two constants).
			if k := fmt.Sprint(d.File, d.Range, d.Message, sc.Text); !seen[k] {
				seen[k] = true
				lines = append(lines, d)
			}
		}
	}
	diag.SortDiagnostics(lines)
	for _, d := range lines {
		fmt.Fprintf(s.Out, "%s:%d:%d: %s\n", d.File, d.Range.Start.Line, d.Range.Start.Column, d.Message)
	}
}
