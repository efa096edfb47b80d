package cli

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/driver/sink"
	"github.com/lint-lua/lint-lua/internal/driver/source"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/internal/settings"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/spf13/cobra"
)

type lintOptions struct {
	IO    *IOStreams
	Rules *lint.Catalogue
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
	proveOptions
	baselineOptions
	// Includes is --includes (true by default, as includes: is);
	// IncludesSet says the flag was given, so it wins over the
	// configuration.
	Includes    bool
	IncludesSet bool
	// ListScripts is --list-scripts: print where the scripts are instead
	// of linting them.
	ListScripts bool
	// AllLua is --all-lua: lint every .lua file, not only those that show
	// they are Redis scripts.
	AllLua bool
	// NoConfig is --no-config: read no .lint-lua.yaml.
	NoConfig bool
	// ShowConfig is --show-config FILE: print the settings FILE is linted
	// with, and where each comes from, instead of linting.
	ShowConfig string
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
			"Elixir, Crystal, Scala, Perl and Clojure files (skipping .git, vendor, node_modules and configured\n" +
			"excludes; languages: in the configuration chooses). Use - to read standard input. A .lua file is\n" +
			"linted when it shows it is a Redis script (KEYS, ARGV, redis.call..., #!lua) or a script or loader\n" +
			"names it; the others (a Neovim configuration, a game) are skipped and counted: --all-lua lints them.\n\n" +
			"--fix rewrites the files with the safe fixes of fixable findings and reports what is left; --diff\n" +
			"prints those fixes as a unified diff instead of the findings and writes nothing; --unsafe-fixes adds\n" +
			"the fixes that change what a script does (each says how). In a host-language file a fix is written\n" +
			"into the string literal only where its edit maps onto the literal's bytes exactly. --prove replays\n" +
			"the findings whose effect shows at run time on a redis-server and shows what it replied.\n\n" +
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
	opts.proveOptions.addProveFlags(f)
	opts.baselineOptions.addFlags(f)
	f.StringVarP(&opts.ConfigPath, "config", "c", "", "configuration file for every path (default: for each file, the .lint-lua.yaml nearest above it)")
	f.BoolVar(&opts.NoConfig, "no-config", false, "read no configuration file")
	f.StringVar(&opts.ShowConfig, "show-config", "", "print the settings `FILE` is linted with and where each comes from (a configuration's file:line, a flag, the default), instead of linting")
	f.BoolVar(&opts.AllLua, "all-lua", false, "lint every .lua file as a Redis script, also those that show they are none (no KEYS, ARGV, redis.* or server.*: a Neovim configuration, a game)")
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
	if opts.NoConfig && opts.ConfigPath != "" {
		return usageError(s, "--config and --no-config are both set: use one")
	}
	tree, err := settings.NewTree(opts.Rules, wd, opts.flags())
	if err != nil {
		return usageError(s, "%v", err)
	}
	// The run-wide settings (languages:, includes:, script_apis:) are
	// those of the working directory's configuration (tree.Root); each
	// file's rules, target, cluster, exclude: and include: are its own
	// (tree.For): source.New reads both.

	paths := opts.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if err := opts.checkFix(s, paths); err != nil {
		return err
	}
	if opts.Prove != "" && opts.fixing() {
		return usageError(s, "--prove replays findings; run it apart from --fix and --diff")
	}
	var includes *bool
	if opts.IncludesSet {
		includes = &opts.Includes
	}
	files, src, err := source.New(tree, source.Run{
		Paths:     paths,
		WorkDir:   wd,
		Limit:     int64(opts.MaxFileSize),
		Stdin:     s.In,
		StdinName: opts.StdinFilename,
		Includes:  includes,
		Reuse:     !opts.fixing(),
		Jobs:      opts.Jobs,
	})
	if err != nil {
		return usageError(s, "%v", err)
	}
	all := opts.Rules.All()
	if opts.ShowConfig != "" {
		return showConfig(s, tree, files, opts)
	}
	if opts.ListScripts {
		if opts.Format != "text" && opts.Format != "json" {
			return usageError(s, "--list-scripts prints text or json, not %s", opts.Format)
		}
		return listFileScripts(s, src, opts.Format)
	}
	br, err := opts.baselineOptions.open(s, wd, tree.Root(), opts.Diff)
	if err != nil {
		return err
	}
	rep := &sink.Report{Out: out.w, Format: out.formatter, Base: report.Result{Rules: lint.Infos(all), ToolVersion: Version}}
	setRoots(&rep.Base, wd)
	var sinks []driver.Sink
	switch {
	case opts.Diff:
		sinks = []driver.Sink{&sink.Diff{Out: out.w}}
	case opts.Fix:
		sinks = []driver.Sink{sink.NewFix(s.ErrOut), rep}
	case opts.AddIgnore:
		fix := sink.NewFix(s.ErrOut)
		fix.Ignores = true
		sinks = []driver.Sink{fix, rep}
	default:
		sinks = []driver.Sink{rep}
	}
	var bs *sink.Baseline
	if br != nil {
		// First, so that the report and the exit status see the new
		// findings only; writing a baseline reports none.
		bs = &sink.Baseline{B: br.b, WorkDir: wd, Before: opts.Diff, WholeScript: wholeScript(opts.Rules)}
		if br.write {
			sinks = slices.DeleteFunc(sinks, func(k driver.Sink) bool { return k == driver.Sink(rep) })
		}
		sinks = append([]driver.Sink{bs}, sinks...)
	}
	cfg := driver.Config{Rules: all, Jobs: opts.Jobs, Fix: opts.Fix || opts.Diff && !opts.AddIgnore, UnsafeFixes: opts.UnsafeFixes,
		AddIgnore: opts.AddIgnore, IgnoreFrom: out.minSeverity, ErrOut: s.ErrOut, Sinks: sinks}
	pr, err := startProver(&opts.proveOptions, s.ErrOut)
	if err != nil {
		return usageError(s, "%v", err)
	}
	if pr != nil {
		defer pr.server.Close()
		cfg.Prove = pr.prove
		// A proof shows what this server does: say so when the target
		// is another server's.
		if t := tree.Root().Target(wd); (t.Server() == target.Valkey) != pr.server.Valkey() {
			fmt.Fprintf(s.ErrOut, "lint-lua: warning: --prove runs the scripts on %s, and the target is %s: a proof shows what that server does\n", pr.server.Name(), t)
		}
	}
	o, err := driver.Run(cfg, src)
	if pr != nil && pr.err != nil {
		printError(s, fmt.Errorf("--prove stopped: %w", pr.err))
		return exitError{ExitError}
	}
	if err != nil {
		printError(s, err)
		return exitError{ExitError}
	}
	if br != nil {
		if err := br.finish(s, bs.Entries, bs.Stale, bs.Covered); err != nil {
			return err
		}
	}
	if len(o.Errors) > 0 {
		return exitError{ExitError}
	}
	if br != nil && br.write {
		return nil
	}
	// --diff exits by the findings the files have, which it does not fix.
	for _, r := range o.Results {
		ds := r.Diagnostics
		if opts.Diff {
			ds = r.Before
		}
		for _, d := range ds {
			if out.fails(d.Severity) && proofFails(d) {
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
		NoConfig:     o.NoConfig,
		AllLua:       o.AllLua,
		Baseline:     o.Baseline,
		NoBaseline:   o.NoBaseline,
	}
}
