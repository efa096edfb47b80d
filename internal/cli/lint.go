package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/driver/sink"
	"github.com/lint-lua/lint-lua/internal/driver/source"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/internal/settings"
	"github.com/lint-lua/lint-lua/rules"
	"github.com/spf13/cobra"
)

type lintOptions struct {
	IO    *IOStreams
	Paths []string
	outputOptions
	ConfigPath    string
	Enable        []string
	Disable       []string
	Only          []string
	Jobs          int
	StdinFilename string
	serverOptions
	MaxFileSize settings.Size
	fixOptions
	// Includes is --includes (true by default, as includes: is);
	// IncludesSet says the flag was given, so it wins over the
	// configuration.
	Includes    bool
	IncludesSet bool
	// ListScripts is --list-scripts: print where the scripts are instead
	// of linting them.
	ListScripts bool
}

func newCmdLint(opts *lintOptions, runF func(*lintOptions) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "lint-lua [flags] [path ...]",
		Short: "Lint the Lua scripts that Redis runs",
		Long: "lint-lua checks Redis Lua scripts (EVAL/EVALSHA scripts and Functions libraries) for the mistakes\n" +
			"that surface only in production: nil replies, unguarded checks, locks without expiry, keys that\n" +
			"break Redis Cluster, unbounded loops, globals Redis forbids.\n\n" +
			"Paths default to the current directory; directories are searched for *.lua files and for the\n" +
			"scripts in the string literals of Python, JavaScript, TypeScript, Java, Kotlin, PHP, Ruby, C#, Rust,\n" +
			"Elixir, Crystal and Scala files (skipping .git, vendor, node_modules and configured excludes; languages: in the configuration\n" +
			"chooses). Use - to read standard input.\n\n" +
			"--fix rewrites the files with the fixes of fixable findings and reports what is left; --diff prints\n" +
			"those fixes as a unified diff instead of the findings and writes nothing. Host-language files are\n" +
			"never rewritten: the findings in their literals carry no fix.\n\n" +
			"Exit status: 0 no findings at or above --fail-on, 1 findings, 2 usage, configuration or I/O error.\n" +
			"With --fix the findings are those left after fixing; with --diff, those the files have now.",
		SilenceUsage:  true,
		SilenceErrors: true,
		// Paths, not subcommands: without this cobra reads a path as an
		// unknown command.
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Paths = args
			opts.IncludesSet = cmd.Flags().Changed("includes")
			opts.ModulesSet = cmd.Flags().Changed("modules")
			if !cmd.Flags().Changed("jobs") {
				opts.Jobs = driver.DefaultJobs()
			}
			if runF != nil {
				return runF(opts)
			}
			return lintRun(opts)
		},
	}
	f := cmd.Flags()
	opts.outputOptions.addFlags(f)
	opts.fixOptions.addFlags(f)
	f.StringVarP(&opts.ConfigPath, "config", "c", "", "configuration file (default: .lint-lua.yaml found by walking up from the working directory)")
	f.StringSliceVar(&opts.Enable, "enable", nil, "enable rules (repeatable or comma-separated)")
	f.StringSliceVar(&opts.Disable, "disable", nil, "disable rules (repeatable or comma-separated)")
	f.StringSliceVar(&opts.Only, "only", nil, "report only these rules (repeatable or comma-separated)")
	f.IntVarP(&opts.Jobs, "jobs", "j", 0, "files linted in parallel (default: one per CPU that other work does not keep busy)")
	f.StringVar(&opts.StdinFilename, "stdin-filename", "stdin.lua", "name to report for input read from -")
	opts.MaxFileSize = settings.DefaultMaxFileSize
	f.Var(&opts.MaxFileSize, "max-file-size", "largest file linted, such as 512KiB or 4MiB; a larger one is reported as an error")
	opts.serverOptions.addServerFlags(f)
	f.BoolVar(&opts.ListScripts, "list-scripts", false, "print where each script is found (FILE:LINE:COL and what found it: a host API, content, file) instead of linting")
	f.BoolVar(&opts.Includes, "includes", true, "resolve --- @include directives as BullMQ's script loader does and lint each script as assembled; --includes=false lints each file as written (default: includes from the configuration, true without one)")
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		fmt.Fprintf(opts.IO.ErrOut, "lint-lua: %v\nRun 'lint-lua --help' for usage.\n", err)
		return exitError{ExitError}
	})
	return cmd
}

func usageError(s *IOStreams, format string, args ...any) error {
	// A configuration error lists one problem a line: each line is
	// escaped, the line breaks between them kept.
	lines := strings.Split(fmt.Sprintf(format, args...), "\n")
	for i, l := range lines {
		lines[i] = report.Escape(l)
	}
	fmt.Fprintf(s.ErrOut, "lint-lua: %s\n", strings.Join(lines, "\n"))
	return exitError{ExitError}
}

// printError reports err on one line, escaped as the text report escapes
// file names (driver.PrintError).
func printError(s *IOStreams, err error) {
	driver.PrintError(s.ErrOut, err)
}

func lintRun(opts *lintOptions) (rerr error) {
	s := opts.IO
	out, err := opts.resolve(s)
	if err != nil {
		return err
	}
	defer out.finish(s, &rerr)
	if opts.Jobs < 1 {
		return usageError(s, "--jobs must be at least 1")
	}
	wd := workDir(s)
	set, err := settings.Resolve(wd, opts.flags())
	if err != nil {
		return usageError(s, "%v", err)
	}

	paths := opts.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if err := opts.checkFix(s, paths); err != nil {
		return err
	}
	assemble := opts.Includes
	if !opts.IncludesSet && set.Config != nil {
		assemble = set.Config.Includes
	}
	host, err := hostSource(set)
	if err != nil {
		return usageError(s, "%v", err)
	}
	all := rules.All()
	files := &source.Files{
		Paths:   paths,
		WorkDir: wd,
		Skip:    set.Excluded,
		Settings: func(path string) driver.Settings {
			return driver.Settings{Rules: set.Rules(path), Target: set.Target(path), Cluster: set.Cluster()}
		},
		Limit:        int64(opts.MaxFileSize),
		Stdin:        s.In,
		StdinName:    opts.StdinFilename,
		IncludeNames: !assemble,
		Reuse:        !opts.fixing(),
		Host:         host,
		NoLua:        !set.Config.Language("lua"),
	}
	var src driver.Source = files
	if assemble {
		src = &source.Assembled{Files: files, Jobs: opts.Jobs}
	}
	if opts.ListScripts {
		return listFileScripts(s, src)
	}
	rep := &sink.Report{Out: out.w, Format: out.formatter, Base: report.Result{Rules: lint.Infos(all), ToolVersion: Version}}
	setRoots(&rep.Base, wd)
	var sinks []driver.Sink
	switch {
	case opts.Diff:
		sinks = []driver.Sink{&sink.Diff{Out: out.w}}
	case opts.Fix:
		sinks = []driver.Sink{sink.NewFix(s.ErrOut), rep}
	default:
		sinks = []driver.Sink{rep}
	}
	o, err := driver.Run(driver.Config{Rules: all, Jobs: opts.Jobs, Fix: opts.fixing(), ErrOut: s.ErrOut, Sinks: sinks}, src)
	if err != nil {
		printError(s, err)
		return exitError{ExitError}
	}
	if len(o.Errors) > 0 {
		return exitError{ExitError}
	}
	// --diff exits by the findings the files have, which it does not fix.
	for _, r := range o.Results {
		ds := r.Diagnostics
		if opts.Diff {
			ds = r.Before
		}
		for _, d := range ds {
			if out.fails(d.Severity) {
				return exitError{ExitFindings}
			}
		}
	}
	return nil
}

func useColor(mode string, s *IOStreams) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		if s.Getenv != nil && s.Getenv("NO_COLOR") != "" {
			return false, nil
		}
		return s.OutIsTerminal, nil
	}
	return false, fmt.Errorf("unknown mode %q (want auto, always or never)", mode)
}

// workDir is the working directory the streams give, which relative paths
// are resolved against: "." (the process's) if they give none.
func workDir(s *IOStreams) string {
	if s.Getwd != nil {
		if d, err := s.Getwd(); err == nil && d != "" {
			return d
		}
	}
	return "."
}

// resolve returns where a path given on the command line is on disk.
func resolve(wd, p string) string {
	if filepath.IsAbs(p) || wd == "." {
		return p
	}
	return filepath.Join(wd, p)
}

// flags are the settings the command line gives.
func (o *lintOptions) flags() settings.Flags {
	return settings.Flags{
		Config:       o.ConfigPath,
		Target:       o.Target,
		RedisVersion: o.RedisVersion,
		Modules:      o.Modules,
		ModulesSet:   o.ModulesSet,
		Enable:       o.Enable,
		Disable:      o.Disable,
		Only:         o.Only,
	}
}
