package cli

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/lint-lua/lint-lua/internal/config"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/driver/sink"
	"github.com/lint-lua/lint-lua/internal/driver/source"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/internal/target"
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
	Jobs          int
	StdinFilename string
	serverOptions
	MaxFileSize byteSize
	fixOptions
	// Includes is --includes; IncludesSet says the flag was given, so it
	// wins over the configuration.
	Includes    bool
	IncludesSet bool
}

func newCmdLint(opts *lintOptions, runF func(*lintOptions) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "lint-lua [flags] [path ...]",
		Short: "Lint the Lua scripts that Redis runs",
		Long: "lint-lua checks Redis Lua scripts (EVAL/EVALSHA scripts and Functions libraries) for the mistakes\n" +
			"that surface only in production: nil replies, unguarded checks, locks without expiry, keys that\n" +
			"break Redis Cluster, unbounded loops, globals Redis forbids.\n\n" +
			"Paths default to the current directory; directories are searched for *.lua files\n" +
			"(skipping .git, vendor, node_modules and configured excludes). Use - to read standard input.\n\n" +
			"--fix rewrites the files with the fixes of fixable findings and reports what is left; --diff prints\n" +
			"those fixes as a unified diff instead of the findings and writes nothing.\n\n" +
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
	f.IntVarP(&opts.Jobs, "jobs", "j", runtime.NumCPU(), "files linted in parallel")
	f.StringVar(&opts.StdinFilename, "stdin-filename", "stdin.lua", "name to report for input read from -")
	opts.MaxFileSize = maxFileSize
	f.Var(&opts.MaxFileSize, "max-file-size", "largest file linted, such as 512KiB or 4MiB; a larger one is reported as an error")
	opts.serverOptions.addServerFlags(f)
	f.BoolVar(&opts.Includes, "includes", false, "resolve `--- @include \"file\"` directives as BullMQ's script loader does and lint each script as assembled (default: includes from the configuration)")
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

func lintRun(opts *lintOptions) error {
	s := opts.IO
	formatter, failOn, err := opts.resolve(s)
	if err != nil {
		return err
	}
	enable, err := ruleList("--enable", opts.Enable)
	if err != nil {
		return usageError(s, "%v", err)
	}
	disable, err := ruleList("--disable", opts.Disable)
	if err != nil {
		return usageError(s, "%v", err)
	}
	if opts.Jobs < 1 {
		return usageError(s, "--jobs must be at least 1")
	}
	server, err := opts.serverOptions.server()
	if err != nil {
		return usageError(s, "%v", err)
	}
	wd := workDir(s)
	cfg, err := loadConfig(opts, wd)
	if err == nil {
		err = checkOptions(cfg)
	}
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
	if !opts.IncludesSet && cfg != nil {
		assemble = cfg.Includes
	}
	all := rules.All()
	files := &source.Files{
		Paths:   paths,
		WorkDir: wd,
		Skip:    func(p string) bool { return excluded(cfg, p) },
		Settings: func(path string) driver.Settings {
			return driver.Settings{Rules: settingsFor(cfg, path, enable, disable), Target: targetFor(cfg, path, server)}
		},
		Limit:        int64(opts.MaxFileSize),
		Stdin:        s.In,
		StdinName:    opts.StdinFilename,
		IncludeNames: !assemble,
		Reuse:        !opts.fixing(),
	}
	var src driver.Source = files
	if assemble {
		src = &source.Assembled{Files: files, Jobs: opts.Jobs}
	}
	rep := &sink.Report{Out: s.Out, Format: formatter, Base: report.Result{Rules: lint.Infos(all), ToolVersion: Version}}
	setRoots(&rep.Base, wd)
	var sinks []driver.Sink
	switch {
	case opts.Diff:
		sinks = []driver.Sink{&sink.Diff{Out: s.Out}}
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
			if d.Severity >= failOn {
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

func ruleList(flag string, ids []string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id == "" {
			continue
		}
		if rules.ByID(id) == nil {
			return nil, fmt.Errorf("%s: unknown rule %q (see 'lint-lua rules')", flag, id)
		}
		out[id] = true
	}
	return out, nil
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

func loadConfig(opts *lintOptions, wd string) (*config.Config, error) {
	known := func(id string) bool { return rules.ByID(id) != nil }
	if opts.ConfigPath != "" {
		return config.Load(resolve(wd, opts.ConfigPath), known)
	}
	path, ok := config.Find(wd)
	if !ok {
		return nil, nil
	}
	return config.Load(path, known)
}

// settingsFor merges the configuration for the file at path with the
// command-line flags, which win.
// targetFor is the target one file runs on: the configuration's (with
// the overrides that match the file), the flags winning field by field.
func targetFor(cfg *config.Config, path string, flags config.Server) target.Target {
	var s config.Server
	if cfg != nil && path != "" {
		s = cfg.ServerFor(cfg.Rel(path))
	}
	return s.Over(flags).Resolve()
}

func settingsFor(cfg *config.Config, path string, enable, disable map[string]bool) lint.Settings {
	out := lint.Settings{}
	if cfg != nil && path != "" {
		for id, rs := range cfg.ForFile(cfg.Rel(path)) {
			r := rules.ByID(id)
			if r == nil {
				continue
			}
			st := lint.Setting{Enabled: true, Severity: r.Severity, Options: rs.Options}
			if rs.Enabled != nil {
				st.Enabled = *rs.Enabled
			}
			if rs.Severity != nil {
				st.Severity = *rs.Severity
			}
			out[id] = st
		}
	}
	for id := range enable {
		st, ok := out[id]
		if !ok {
			st = lint.Setting{Severity: rules.ByID(id).Severity}
		}
		st.Enabled = true
		out[id] = st
	}
	for id := range disable {
		st := out[id]
		st.Enabled = false
		out[id] = st
	}
	return out
}

// excluded reports whether an exclude pattern matches p itself. The walk
// skips an excluded directory whole, so what is below one is never seen;
// only a directory named on the command line is searched although a
// pattern (or a parent directory's) matches it, as a file named there is
// linted.
func excluded(cfg *config.Config, p string) bool {
	if cfg == nil {
		return false
	}
	rel := cfg.Rel(p)
	for _, pat := range cfg.Exclude {
		if config.Match(pat, rel) {
			return true
		}
	}
	return false
}
