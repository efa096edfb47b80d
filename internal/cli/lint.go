package cli

import (
	"errors"
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
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
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

// input is one file to lint.
type input struct {
	name string // as reported
	path string // on disk; empty for stdin
	// match is the path the configuration's patterns are matched against:
	// the file on disk, or for stdin the --stdin-filename.
	match string
	// src is the file's text while it is linted; for a file on disk it is
	// read by the worker that lints it and dropped after, so that a run
	// holds only the files in flight, not the whole tree.
	src   []byte
	err   error
	diags []diag.Diagnostic
	file  *luasrc.File
	// With --fix or --diff: the fixed text, the fixes applied to get it,
	// and the findings before fixing (diags are those after).
	fixed   []byte
	applied int
	before  []diag.Diagnostic
	// With includes: the script assembled from its fragments, or why it
	// cannot be; fragment is set when another input includes this file.
	asm      *assembly
	asmErr   error
	fragment bool
	// lines are the source lines the diagnostics start and end on, for
	// the formatters that quote or measure them.
	lines map[int]string
	// loaded says the file was read from disk (src, or err).
	loaded bool
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
	limit := int64(opts.MaxFileSize)
	stdin := func() *input {
		src, err := io.ReadAll(io.LimitReader(s.In, limit+1))
		in := &input{name: opts.StdinFilename, match: resolve(wd, opts.StdinFilename), src: src, err: err}
		if err == nil && int64(len(src)) > limit {
			in.src, in.err = nil, tooLarge(limit)
		}
		return in
	}
	all := rules.All()
	assemble := opts.Includes
	if !opts.IncludesSet && cfg != nil {
		assemble = cfg.Includes
	}
	// Without includes, --fix or --diff a file needs nothing from another:
	// the files are linted as the walk finds them (streamed), and only
	// those with findings or errors are kept, so that a run's memory does
	// not grow with the number of files.
	streamed := !assemble && !opts.fixing()
	var inputs []*input
	ioErrors := 0
	for _, p := range paths {
		if streamed {
			break
		}
		if p == "-" {
			inputs = append(inputs, stdin())
			continue
		}
		found, errs := collect(p, resolve(wd, p), cfg)
		for _, e := range errs {
			fmt.Fprintf(s.ErrOut, "lint-lua: %v\n", e)
			ioErrors++
		}
		inputs = append(inputs, found...)
	}

	if assemble || opts.fixing() {
		// Assembly needs every script's text before any is linted, and
		// --fix and --diff keep each text to the end: read them all now.
		lintAll(inputs, opts.Jobs, func(in *input) {
			if in.path != "" && !in.loaded {
				in.read(limit)
			}
		})
	}
	var asm *assembler
	if assemble {
		asm = assembleInputs(inputs, opts.Jobs, limit)
	}
	includes := newIncludeCache()
	includes.keep = streamed
	lintOne := func(in *input) {
		// A fragment that a script included before the walk reached it
		// was parsed then (includeCache.load).
		var f *luasrc.File
		if streamed && in.path != "" && !in.loaded {
			if f = includes.take(in.path, in.name); f != nil {
				if int64(len(f.Src)) > limit {
					f = nil
				} else {
					in.src, in.loaded = f.Src, true
				}
			}
		}
		if in.path != "" && !in.loaded {
			in.read(limit)
		}
		if in.err != nil || in.fragment || in.asmErr != nil {
			return
		}
		settings := settingsFor(cfg, in, enable, disable)
		run := lint.Config{Rules: all, Settings: settings, Target: targetFor(cfg, in, server)}
		if in.asm != nil {
			in.diags = lintAssembled(in, run)
			return
		}
		if in.path != "" && !assemble {
			addGlobals(settings, includes.includedNames(in.path, in.src), rules.ByID("undefined-global").Severity)
		}
		if opts.fixing() {
			// --fix and --diff keep the text and the parsed file: the
			// diff and the writes need them.
			fixInput(in, run)
			return
		}
		if len(in.src) > gcBigFile {
			relaxGCNow()
		}
		if f == nil {
			f = luasrc.Parse(in.name, in.src)
		}
		if in.path != "" && !assemble {
			includes.offer(in.path, f)
		}
		in.diags = lint.Run(f, run)
		in.lines = quotedLines(f, in.diags)
		f.Release()
		in.src = nil
		relaxGC()
	}
	clean := 0
	if streamed {
		var walkErrs int
		inputs, clean, walkErrs = lintStreamed(s, paths, wd, cfg, stdin, opts.Jobs, lintOne)
		ioErrors += walkErrs
	} else {
		lintAll(inputs, opts.Jobs, lintOne)
	}
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

	res := &report.Result{Rules: lint.Infos(all), ToolVersion: Version, Files: clean}
	setRoots(res, wd)
	byName := map[string]map[int]string{}
	includeErrs := map[string]bool{}
	n := 0
	for _, in := range inputs {
		n += len(in.diags)
	}
	// Sized once: growing it copied every finding again and again (half
	// of what a run with 40,000 findings did after its last file).
	res.Diagnostics = make([]diag.Diagnostic, 0, n)
	for _, in := range inputs {
		if in.err != nil {
			fmt.Fprintf(s.ErrOut, "lint-lua: %s: %v\n", in.name, in.err)
			ioErrors++
			continue
		}
		if in.asmErr != nil {
			// A broken fragment breaks every script that includes it:
			// say so once.
			key := in.asmErr.Error()
			if ie, ok := in.asmErr.(*includeError); ok {
				key = ie.key
			}
			if !includeErrs[key] {
				includeErrs[key] = true
				fmt.Fprintf(s.ErrOut, "lint-lua: %v\n", in.asmErr)
				ioErrors++
			}
			continue
		}
		res.Files++
		res.Diagnostics = append(res.Diagnostics, in.diags...)
		if in.file != nil {
			in.lines = quotedLines(in.file, in.diags)
			in.file = nil
		}
		in.diags = nil
		if in.lines != nil {
			byName[in.name] = in.lines
		}
	}
	if asm != nil {
		res.Diagnostics = dedupe(res.Diagnostics)
	}
	diag.SortDiagnostics(res.Diagnostics)
	res.Source = func(file string, line int) (string, bool) {
		if text, ok := byName[file][line]; ok {
			return text, true
		}
		if asm != nil {
			return asm.line(file, line)
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

// targetFor is the target one file runs on: the configuration's (with
// the overrides that match the file), the flags winning field by field.
func targetFor(cfg *config.Config, in *input, flags config.Server) target.Target {
	var s config.Server
	if cfg != nil && in.match != "" {
		s = cfg.ServerFor(cfg.Rel(in.match))
	}
	return s.Over(flags).Resolve()
}

// collect expands a path given as root and found on disk at disk: a file is
// linted whatever its name; a directory is searched for *.lua. Files are
// named from root, as the user wrote it.
func collect(root, disk string, cfg *config.Config) ([]*input, []error) {
	var out []*input
	errs := walk(root, disk, cfg, func(in *input) { out = append(out, in) })
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, errs
}

// walk is collect calling found for each file in the order the walk finds
// them, without keeping a list.
func walk(root, disk string, cfg *config.Config, found func(*input)) []error {
	info, err := os.Stat(disk)
	if err != nil {
		return []error{fmt.Errorf("%s: %w", root, unwrapPathError(err))}
	}
	if !info.IsDir() {
		found(newInput(root, disk))
		return nil
	}
	// WalkDir does not enter a root that is a symbolic link to a
	// directory; with a trailing separator the system resolves it.
	walkRoot := disk
	if !strings.HasSuffix(walkRoot, string(filepath.Separator)) {
		walkRoot += string(filepath.Separator)
	}
	var errs []error
	// Like filepath.WalkDir, in the order of names, but a directory's
	// subdirectories before its files: the fragments that loaders include
	// (bullmq's includes/) sit below the scripts that include them, and
	// linted first they are not read again for their names (includeCache.offer).
	// The output is sorted, so the order shows only in how soon a file is
	// linted.
	//
	// name is dir as reported: root, then the names below it joined on;
	// clean is dir cleaned, which joinClean extends.
	var visit func(dir, clean, name string)
	visit = func(dir, clean, name string) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, unwrapPathError(err)))
			return
		}
		for _, d := range entries {
			if !d.IsDir() {
				continue
			}
			switch d.Name() {
			case ".git", "vendor", "node_modules":
				continue
			}
			if p := joinClean(clean, d.Name()); !excluded(cfg, p) {
				visit(p, p, joinClean(name, d.Name()))
			}
		}
		for _, d := range entries {
			if d.IsDir() || !strings.HasSuffix(d.Name(), ".lua") {
				continue
			}
			p := joinClean(clean, d.Name())
			if excluded(cfg, p) {
				continue
			}
			// A named pipe, socket or device found in a tree is no
			// script, and opening a pipe would wait for a writer forever.
			// A symbolic link is followed: to a file it is linted, and
			// dangling or to a directory it is reported.
			if t := d.Type(); t&fs.ModeSymlink != 0 {
				if fi, err := os.Stat(p); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
					continue
				}
			} else if !t.IsRegular() {
				continue
			}
			found(newInput(joinClean(name, d.Name()), p))
		}
	}
	visit(walkRoot, filepath.Clean(disk), filepath.Clean(root))
	return errs
}

// joinClean is filepath.Join(dir, elem) for a clean dir and an elem that
// os.ReadDir listed (no separator, not "." or ".."), without cleaning the
// result again: it is clean already, and cleaning the paths of a walk was
// a percent of a run.
func joinClean(dir, elem string) string {
	switch {
	case dir == ".":
		return elem
	case os.IsPathSeparator(dir[len(dir)-1]) || dir == filepath.VolumeName(dir):
		// The root, or a bare Windows volume ("C:" joins to "C:x").
		return filepath.Join(dir, elem)
	}
	return dir + string(filepath.Separator) + elem
}

// lintStreamed walks paths (reading - from stdin) and runs work on each file
// with n workers as the walk finds it. It keeps only the inputs with
// findings or an error, in the order collect would list them (by path
// argument, then by name), and counts the others; walk errors are printed
// as they come, as the collecting run prints them before linting.
func lintStreamed(s *IOStreams, paths []string, wd string, cfg *config.Config, stdin func() *input, n int, work func(*input)) (kept []*input, clean, ioErrors int) {
	type item struct {
		arg int
		in  *input
	}
	// The walk runs ahead of the workers by up to walkAhead files (paths,
	// not yet read): reading a directory then does not leave them idle.
	ch := make(chan item, walkAhead)
	go func() {
		defer close(ch)
		found := 0
		for i, p := range paths {
			if p == "-" {
				ch <- item{i, stdin()}
				continue
			}
			errs := walk(p, resolve(wd, p), cfg, func(in *input) {
				// The walk finds hugePagesAfter files long before the
				// workers have linted as many.
				if found++; found == hugePagesAfter {
					hugePagesNow()
				}
				ch <- item{i, in}
			})
			for _, e := range errs {
				fmt.Fprintf(s.ErrOut, "lint-lua: %v\n", e)
				ioErrors++
			}
		}
	}()
	var (
		mu    sync.Mutex
		items []item
		wg    sync.WaitGroup
	)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range ch {
				work(it.in)
				mu.Lock()
				if it.in.err != nil || len(it.in.diags) > 0 {
					items = append(items, it)
				} else {
					clean++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	sort.SliceStable(items, func(i, j int) bool {
		if items[i].arg != items[j].arg {
			return items[i].arg < items[j].arg
		}
		return items[i].in.name < items[j].in.name
	})
	kept = make([]*input, len(items))
	for i, it := range items {
		kept[i] = it.in
	}
	return kept, clean, ioErrors
}

// walkAhead is how many files found by the walk may wait for a worker.
const walkAhead = 64

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

// newInput is the file at p, reported as name; it is read when linted.
func newInput(name, p string) *input {
	return &input{name: filepath.ToSlash(name), path: p, match: p}
}

// read reads the file from disk, up to limit bytes.
func (in *input) read(limit int64) {
	in.loaded = true
	if beforeOpen != nil {
		beforeOpen(in.path)
	}
	src, err := readFile(in.path, limit)
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Op == "open" {
		in.err = openError(in.path, err)
		return
	}
	switch {
	case err != nil:
		in.err = unwrapPathError(err)
	case int64(len(src)) > limit:
		in.err = tooLarge(limit)
	default:
		in.src = src
	}
}

// quotedLines keeps the lines of f that diagnostics start or end on.
func quotedLines(f *luasrc.File, diags []diag.Diagnostic) map[int]string {
	if len(diags) == 0 {
		return nil
	}
	out := make(map[int]string)
	for _, d := range diags {
		for _, n := range [2]int{d.Range.Start.Line, d.Range.End.Line} {
			if _, ok := out[n]; ok {
				continue
			}
			if text, ok := f.Line(n); ok {
				out[n] = text
			}
		}
	}
	return out
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
