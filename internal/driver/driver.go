// Package driver runs lint-lua: sources find the scripts, the lint step
// lints each with the settings of its file, in parallel, and sinks take
// the results.
//
//	sources  files found by the walk, files named on the command line,
//	         standard input, scripts assembled from `--- @include`
//	         fragments (package source); later, host-language files
//	   ↓     Item → File: a file of the user's, its scripts, its settings
//	lint     lint.Run on each script, findings placed in the user's file,
//	         fixes applied round by round when asked (lint.go)
//	   ↓     Result: the file's findings, the lines they quote, its fix
//	sinks    the report in every format, the fixes written in place, the
//	         diff (package sink)
//
// A source knows where a script's text comes from and says how to place
// what is found in it (a Mapper); the lint step and the sinks never know
// which source a file came from. Files are linted as the sources find them
// and only the results with findings, errors or fixes are kept, so that a
// run's memory does not grow with the number of clean files.
package driver

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/diskfile"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/internal/target"
)

// A Source finds the files to lint.
type Source interface {
	// Find calls found for each file it finds and fail for each path it
	// cannot search, as it finds them; it returns when it is done. The
	// files are read by the workers (Item.Load), not by Find, unless the
	// source needs every file's text before any is linted.
	Find(found func(Item), fail func(error))
}

// An Item is a file a source found.
type Item struct {
	// Arg is the index of the path argument the file was found under, and
	// Name the file as reported: results are ordered by Arg, then Name.
	Arg  int
	Name string
	// Load reads the file and finds its scripts; it runs in the worker
	// that lints the file.
	Load func() *File
}

// A File is one file of the user's: what is reported, fixed and written as
// one.
type File struct {
	// Name is the file as reported; Path where it is on disk, or "" when
	// lint-lua may not write it (standard input).
	Name, Path string
	// Err is why the file could not be read or its scripts found: it is
	// reported as it is (naming the file), and nothing else is set.
	Err error
	// Skipped, when set, says why the file is not linted: a .lua file
	// that shows it is no Redis script (source.Files.judge). Nothing
	// else but Named is set; the run counts it (Outcome.Skipped).
	Skipped string
	// Named says the file was named on the command line (or is standard
	// input): a skipped one is then said on the error stream, as eslint
	// says "File ignored" of a file it was asked for.
	Named bool
	// Src is the file's content as read, and ID its identity then (what
	// the fix sink checks before it writes).
	Src []byte
	ID  diskfile.ID
	// Settings are what the file's scripts are linted with.
	Settings Settings
	// Scripts are the Lua scripts the file holds: the whole file for a
	// .lua file, none for a fragment linted through the scripts that
	// include it.
	Scripts []Script
	// Comments are `lint-lua: ignore` comments written outside the
	// scripts, placed in Name (a host file's own comments): they apply to
	// the findings of every script once placed. A script's own comments
	// apply without being listed here.
	Comments []luasrc.Comment
	// Findings are what the source found itself, placed in Name: a host
	// call that runs a script this file does not hold (dynamic-script).
	// The source has applied the file's settings to them; the file's
	// Comments suppress them as they do the scripts' findings.
	Findings []Finding
	// Rescan reads a fixed content of the file: its Scripts, Comments and
	// Findings as that content holds them (Name, Path, Src and Settings
	// are the file's and need not be set; an Err stops the fixing). With
	// it, the lint step applies the fixes placed in the file, round by
	// round; without it, the file is not fixed.
	Rescan func(src []byte) *File
}

// Settings are what a file is linted with.
type Settings struct {
	Rules  lint.Settings
	Target target.Target
	// Cluster is lint.Config.Cluster.
	Cluster *bool
}

// A Script is one Lua script to lint.
type Script struct {
	// Name names the findings in Text when Map is nil: the file Text is.
	Name string
	Text []byte
	// Map places the findings of a script whose text is not one file as
	// it is (assembled from several, cut from a host file's string
	// literals); nil means Text is the file Name.
	Map Mapper
	// Globals are names the script may use because something outside it
	// defines them (lint.Config.Globals).
	Globals []string
	// Siblings, when set, gives the names that other scripts this one may
	// be joined with declare (lint.Config.Siblings): for a .lua file, what
	// the headers of its folder define at their top level; for a host
	// string found by its content, what the file's other scripts declare.
	Siblings func() map[string]lint.Sibling
	// Fragment says the text may be a piece its program joins into a
	// larger script (lint.Config.Fragment): a host string found by its
	// content.
	Fragment bool
	// Parsed, when set, is Text parsed already; Seen, when set, is given
	// the parse of Text before the lint step releases it.
	Parsed *luasrc.File
	Seen   func(*luasrc.File)
	// CoveredBy are lines of the file whose `lint-lua: ignore` comments
	// (File.Comments) cover every finding of the script, besides the line
	// of each: the line a host literal starts on and that of the call
	// that runs it, so that one ignore above either covers the script.
	CoveredBy []int
	// ClusterHint is lint.Config.ClusterHint: a call that runs the script
	// builds its keys with a {hash tag}.
	ClusterHint bool
	// Found says what found the script in its file, for a listing of the
	// scripts (lint-lua --list-scripts): the host API that runs it, or
	// "content" when its text shows it; for a .lua file read as a
	// StackExchange.Redis LuaScript template, hostlang.LuaScriptFound;
	// empty for a file that is one script as it is.
	Found string
}

// A Finding is one a source made itself, with the lines whose ignores
// also cover it (Script.CoveredBy).
type Finding struct {
	diag.Diagnostic
	CoveredBy []int
	// Found is, for a dynamic-script, the API the text is passed to (a
	// listing of the scripts shows it).
	Found string
}

// A Mapper places what is found in a script's text where that text is
// written.
type Mapper interface {
	// Place moves d from the script's text to the file and range that
	// hold its text, and the lines its message names to theirs. A fix it
	// cannot place as edits of that file is dropped.
	Place(d diag.Diagnostic) diag.Diagnostic
	// Line returns the text of a 1-based line of a file Place names,
	// without its line end.
	Line(file string, n int) (string, bool)
}

// Result is what linting one file gave.
type Result struct {
	Arg        int
	Name, Path string
	// Err is why the file was not linted.
	Err error
	// Skipped is File.Skipped: why the file was not linted, not an error.
	Skipped string
	Named   bool
	// Diagnostics are the file's findings (after fixing, with
	// Config.Fix), and Lines the lines they start and end on.
	Diagnostics []diag.Diagnostic
	Lines       *Lines
	// Shared says findings were placed by a Mapper, which may place the
	// same finding through another file's script (a fragment that several
	// scripts include): the report keeps one.
	Shared bool

	// With Config.Fix: the findings the file had as read and their lines,
	// and the number of fixes applied.
	Before      []diag.Diagnostic
	BeforeLines *Lines
	Applied     int
	// Rewrite is, when a fix was applied, what the sinks need to write or
	// diff the file; it is dropped once they have seen the file.
	Rewrite *Rewrite
}

// Rewrite is a file's content as read, its identity then, and its content
// fixed.
type Rewrite struct {
	Old, New []byte
	ID       diskfile.ID
}

// Lines holds the text of the source lines a file's findings quote, by
// file and 1-based line. Most are lines of the file itself, kept in one map
// as a run kept them before there were other files (an assembled script's
// fragments, which a Mapper names): a run with findings in every file
// keeps one small map a file.
type Lines struct {
	file  string
	own   map[int]string
	other map[string]map[int]string
}

// newLines returns the lines of file's findings, none yet.
func newLines(file string) *Lines { return &Lines{file: file} }

func (l *Lines) add(file string, n int, text string) {
	if file == l.file {
		if l.own == nil {
			l.own = map[int]string{}
		}
		l.own[n] = text
		return
	}
	if l.other == nil {
		l.other = map[string]map[int]string{}
	}
	m := l.other[file]
	if m == nil {
		m = map[int]string{}
		l.other[file] = m
	}
	m[n] = text
}

func (l *Lines) has(file string, n int) bool {
	if l == nil {
		return false
	}
	if file == l.file {
		_, ok := l.own[n]
		return ok
	}
	_, ok := l.other[file][n]
	return ok
}

// Files calls f with the lines of each file held; the maps are the
// holder's, not copies.
func (l *Lines) Files(f func(file string, lines map[int]string)) {
	if l == nil {
		return
	}
	if l.own != nil {
		f(l.file, l.own)
	}
	for file, m := range l.other {
		f(file, m)
	}
}

// A Sink takes the results of a run.
type Sink interface {
	// File is called with each file's result as soon as it is linted,
	// from the worker that linted it, so concurrently with other files: a
	// sink that acts on each file (writes it) does it here. It may change
	// r: a fix that is not written puts back the findings the file has.
	File(r *Result)
	// Done is called once after every file, in the order of the sinks,
	// with the run's outcome; a sink that reports errors of its own
	// appends them to o.Errors. Its error is the run's (output that could
	// not be written).
	Done(o *Outcome) error
}

// Outcome is what a run found.
type Outcome struct {
	// Results are those with findings, errors or fixes, ordered by Arg
	// and Name; Files counts the files linted (read, and not broken).
	Results []*Result
	Files   int
	// Skipped are the files not linted because they are no Redis scripts
	// (File.Skipped), ordered by Arg and Name.
	Skipped []Skip
	// Errors are the errors reported on the error stream, in order.
	Errors []error
}

// Skip is a file a run skipped, and why.
type Skip struct {
	Name, Reason string
	// Named: the command line named it.
	Named bool
}

// Config is a run's configuration.
type Config struct {
	// Rules are the rules run on every script.
	Rules []*lint.Rule
	// Jobs is the number of files linted at once.
	Jobs int
	// Fix applies fixes (--fix and --diff) to the files that can take
	// them (File.Rescan).
	Fix bool
	// UnsafeFixes makes fixing apply the unsafe fixes too
	// (--unsafe-fixes).
	UnsafeFixes bool
	// Prove, when set, is given each whole script (not a fragment) with
	// its findings, in its own lines, to set their Proof (--prove). It is
	// called from the workers at once.
	Prove func(f *luasrc.File, ds []diag.Diagnostic)
	// ErrOut is where errors are reported, one line each, escaped.
	ErrOut io.Writer
	Sinks  []Sink
}

// FileError is an error that names the file it is about.
type FileError struct {
	File string
	Err  error
}

func (e *FileError) Error() string { return e.File + ": " + e.Err.Error() }
func (e *FileError) Unwrap() error { return e.Err }

// A keyedError is reported once however many files have it: a broken
// fragment breaks every script that includes it.
type keyedError interface {
	error
	Key() string
}

// walkAhead is how many files found may wait for a worker: reading a
// directory then does not leave the workers idle.
const walkAhead = 64

// Run lints what the sources find and hands the results to the sinks. The
// error is the first sink's that failed.
func Run(cfg Config, sources ...Source) (*Outcome, error) {
	o := &Outcome{}
	var errMu sync.Mutex
	report := func(err error) {
		errMu.Lock()
		o.Errors = append(o.Errors, err)
		errMu.Unlock()
		PrintError(cfg.ErrOut, err)
	}
	items := make(chan Item, walkAhead)
	go func() {
		defer close(items)
		found := 0
		for _, s := range sources {
			s.Find(func(it Item) {
				// The walk finds hugePagesAfter files long before the
				// workers have linted as many.
				if found++; found == hugePagesAfter {
					hugePagesNow()
				}
				items <- it
			}, report)
		}
	}()
	l := &linter{rules: cfg.Rules, fix: cfg.Fix, prove: cfg.Prove}
	if cfg.UnsafeFixes {
		l.upTo = diag.Unsafe
	}
	var (
		mu      sync.Mutex
		kept    []*Result
		skipped []*Result
		clean   int
		wg      sync.WaitGroup
	)
	for range max(cfg.Jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range items {
				r := l.file(it.Load())
				r.Arg = it.Arg
				for _, s := range cfg.Sinks {
					s.File(r)
				}
				r.Rewrite = nil
				mu.Lock()
				if r.Skipped != "" {
					skipped = append(skipped, r)
				} else if r.Err != nil || len(r.Diagnostics) > 0 || len(r.Before) > 0 {
					kept = append(kept, r)
				} else {
					clean++
				}
				mu.Unlock()
				relaxGC()
			}
		}()
	}
	wg.Wait()
	byArgName := func(a, b *Result) int {
		if c := cmp.Compare(a.Arg, b.Arg); c != 0 {
			return c
		}
		return cmp.Compare(a.Name, b.Name)
	}
	slices.SortStableFunc(kept, byArgName)
	slices.SortStableFunc(skipped, byArgName)
	for _, r := range skipped {
		o.Skipped = append(o.Skipped, Skip{Name: r.Name, Reason: r.Skipped, Named: r.Named})
		if r.Named {
			// Not an error: the file is left alone on purpose, as an
			// excluded one is, but the user asked for it by name.
			PrintWarning(cfg.ErrOut, r.Name+": skipped: "+r.Skipped)
		}
	}
	o.Results, o.Files = kept, clean
	reported := map[string]bool{}
	for _, r := range kept {
		if r.Err == nil {
			o.Files++
			continue
		}
		var ke keyedError
		if errors.As(r.Err, &ke) {
			if reported[ke.Key()] {
				continue
			}
			reported[ke.Key()] = true
		}
		report(r.Err)
	}
	var first error
	for _, s := range cfg.Sinks {
		if err := s.Done(o); err != nil && first == nil {
			first = err
		}
	}
	return o, first
}

// PrintWarning writes msg on w as one line, escaped as PrintError escapes
// errors, marked as a warning: something the user should know that is no
// error of the run.
func PrintWarning(w io.Writer, msg string) {
	fmt.Fprintf(w, "lint-lua: warning: %s\n", report.Escape(msg))
}

// PrintError writes err on w as one line, with what the text report
// escapes in file names escaped: a file name cannot end the line, start a
// GitHub workflow command, or send the terminal an escape sequence.
func PrintError(w io.Writer, err error) {
	fmt.Fprintf(w, "lint-lua: %s\n", report.Escape(err.Error()))
}
