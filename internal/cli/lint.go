package cli

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/config"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/report"
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
	RedisVersion  string
	MaxFileSize   byteSize
	fixOptions
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
	f.StringVar(&opts.RedisVersion, "redis-version", "", "Redis version the scripts run on, such as 7.0 or 6.2.14 (a missing patch counts as 0; default: redis_version from the configuration, else the newest)")
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		fmt.Fprintf(opts.IO.ErrOut, "lint-lua: %v\nRun 'lint-lua --help' for usage.\n", err)
		return exitError{ExitError}
	})
	return cmd
}

// input is one file to lint.
type input struct {
	name string // as reported
	path string // on disk; empty for stdin
	// match is the path the configuration's patterns are matched against:
	// the file on disk, or for stdin the --stdin-filename.
	match string
	src   []byte
	err   error
	diags []lint.Diagnostic
	file  *luasrc.File
	// With --fix or --diff: the fixed text, the fixes applied to get it,
	// and the findings before fixing (diags are those after).
	fixed   []byte
	applied int
	before  []lint.Diagnostic
}

func usageError(s *IOStreams, format string, args ...any) error {
	fmt.Fprintf(s.ErrOut, "lint-lua: "+format+"\n", args...)
	return exitError{ExitError}
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
	if opts.RedisVersion != "" {
		if err := config.CheckRedisVersion(opts.RedisVersion); err != nil {
			return usageError(s, "--redis-version: %v", err)
		}
	}
	wd := workDir(s)
	cfg, err := loadConfig(opts, wd)
	if err == nil {
		err = checkOptions(cfg)
	}
	if err != nil {
		return usageError(s, "%v", err)
	}
	// The flag wins over the configuration.
	target := lint.Target{RedisVersion: opts.RedisVersion}
	if target.RedisVersion == "" && cfg != nil {
		target.RedisVersion = cfg.RedisVersion
	}

	paths := opts.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if err := opts.checkFix(s, paths); err != nil {
		return err
	}
	var inputs []*input
	ioErrors := 0
	for _, p := range paths {
		if p == "-" {
			limit := int64(opts.MaxFileSize)
			src, err := io.ReadAll(io.LimitReader(s.In, limit+1))
			in := &input{name: opts.StdinFilename, match: resolve(wd, opts.StdinFilename), src: src, err: err}
			if err == nil && int64(len(src)) > limit {
				in.src, in.err = nil, tooLarge(limit)
			}
			inputs = append(inputs, in)
			continue
		}
		found, errs := collect(p, resolve(wd, p), cfg, int64(opts.MaxFileSize))
		for _, e := range errs {
			fmt.Fprintf(s.ErrOut, "lint-lua: %v\n", e)
			ioErrors++
		}
		inputs = append(inputs, found...)
	}

	all := rules.All()
	includes := newIncludeCache()
	lintAll(inputs, opts.Jobs, func(in *input) {
		if in.err != nil {
			return
		}
		settings := settingsFor(cfg, in, enable, disable)
		if in.path != "" {
			addGlobals(settings, includes.includedNames(in.path, in.src), rules.ByID("undefined-global").Severity)
		}
		if opts.fixing() {
			fixInput(in, all, settings, target)
			return
		}
		in.file = luasrc.Parse(in.name, in.src)
		in.diags = lint.LintFileFor(in.file, all, settings, target)
	})
	if opts.Diff {
		for _, in := range inputs {
			if in.err != nil {
				fmt.Fprintf(s.ErrOut, "lint-lua: %s: %v\n", in.name, in.err)
				ioErrors++
			}
		}
		return diffRun(s, inputs, failOn, ioErrors)
	}
	if opts.Fix {
		ioErrors += writeFixes(s, inputs)
	}

	res := &report.Result{Rules: all, ToolVersion: Version}
	setRoots(res, wd)
	byName := map[string]*luasrc.File{}
	for _, in := range inputs {
		if in.err != nil {
			fmt.Fprintf(s.ErrOut, "lint-lua: %s: %v\n", in.name, in.err)
			ioErrors++
			continue
		}
		res.Files++
		res.Diagnostics = append(res.Diagnostics, in.diags...)
		byName[in.name] = in.file
	}
	lint.SortDiagnostics(res.Diagnostics)
	res.Source = func(file string, line int) (string, bool) {
		if f := byName[file]; f != nil {
			return f.Line(line)
		}
		return "", false
	}
	if err := formatter.Format(s.Out, res); err != nil {
		fmt.Fprintf(s.ErrOut, "lint-lua: writing output: %v\n", err)
		return exitError{ExitError}
	}
	if ioErrors > 0 {
		return exitError{ExitError}
	}
	for _, d := range res.Diagnostics {
		if d.Severity >= failOn {
			return exitError{ExitFindings}
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

// settingsFor merges the configuration for one file with the command-line
// flags, which win.
func settingsFor(cfg *config.Config, in *input, enable, disable map[string]bool) lint.Settings {
	out := lint.Settings{}
	if cfg != nil && in.match != "" {
		for id, rs := range cfg.ForFile(cfg.Rel(in.match)) {
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

// collect expands a path given as root and found on disk at disk: a file is
// linted whatever its name; a directory is searched for *.lua. Files are
// named from root, as the user wrote it.
func collect(root, disk string, cfg *config.Config, limit int64) ([]*input, []error) {
	info, err := os.Stat(disk)
	if err != nil {
		return nil, []error{fmt.Errorf("%s: %w", root, unwrapPathError(err))}
	}
	if !info.IsDir() {
		return []*input{readInput(root, disk, limit)}, nil
	}
	// WalkDir does not enter a root that is a symbolic link to a
	// directory; with a trailing separator the system resolves it.
	walkRoot := disk
	if !strings.HasSuffix(walkRoot, string(filepath.Separator)) {
		walkRoot += string(filepath.Separator)
	}
	nameOf := func(p string) string {
		rel, err := filepath.Rel(walkRoot, p)
		if err != nil || rel == "." {
			return root
		}
		return filepath.Join(root, rel)
	}
	var out []*input
	var errs []error
	walkErr := filepath.WalkDir(walkRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", nameOf(p), unwrapPathError(err)))
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p != walkRoot {
				switch d.Name() {
				case ".git", "vendor", "node_modules":
					return fs.SkipDir
				}
			}
			if p != walkRoot && excluded(cfg, p) {
				return fs.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(d.Name(), ".lua") {
			return nil
		}
		if excluded(cfg, p) {
			return nil
		}
		// A named pipe, socket or device found in a tree is no script,
		// and opening a pipe would wait for a writer forever. A symbolic
		// link is followed: to a file it is linted, and dangling or to a
		// directory it is reported.
		if t := d.Type(); t&fs.ModeSymlink != 0 {
			if fi, err := os.Stat(p); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
				return nil
			}
		} else if !t.IsRegular() {
			return nil
		}
		out = append(out, readInput(nameOf(p), p, limit))
		return nil
	})
	if walkErr != nil {
		errs = append(errs, fmt.Errorf("%s: %w", root, walkErr))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, errs
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

func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// readInput reads the file at p, reported as name, up to limit bytes.
func readInput(name, p string, limit int64) *input {
	in := &input{name: filepath.ToSlash(name), path: p, match: p}
	if beforeOpen != nil {
		beforeOpen(p)
	}
	f, err := os.Open(p)
	if err != nil {
		in.err = openError(p, err)
		return in
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, limit+1))
	switch {
	case err != nil:
		in.err = unwrapPathError(err)
	case int64(len(src)) > limit:
		in.err = tooLarge(limit)
	default:
		in.src = src
	}
	return in
}

// lintAll runs work over inputs with n workers; results stay in input order.
func lintAll(inputs []*input, n int, work func(*input)) {
	ch := make(chan *input)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for in := range ch {
				work(in)
			}
		}()
	}
	for _, in := range inputs {
		ch <- in
	}
	close(ch)
	wg.Wait()
}
