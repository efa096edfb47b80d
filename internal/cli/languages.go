package cli

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/driver/source"
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/internal/settings"
)

// hostSource is what the settings say of host-language files: the
// languages a walk takes (languages:, every one when not set) and the
// script APIs of the user's own (script_apis:), added to the clients'.
func hostSource(set *settings.Settings) (*source.Host, error) {
	h := &source.Host{}
	if cfg := set.Config; cfg != nil && cfg.Languages != nil {
		h.Langs = map[hostlang.Lang]bool{}
		for _, name := range cfg.Languages {
			if l, ok := langs.Parse(name); ok {
				h.Langs[l] = true
			}
		}
	}
	apis, err := set.ScriptAPIs.HostAPIs()
	if err != nil {
		return nil, err
	}
	h.APIs = apis
	return h, nil
}

// listFileScripts prints where each script the source finds starts, one
// a line, in the order of the report, as lint-lua go --list-scripts does:
// "FILE:LINE:COL: script of N lines, via API" (the host API that runs it),
// "found by its text" when only its text shows it is a script, "script
// file" for a file that is one script, "script not in this file, via
// API" for a text the file does not hold, and for a script cut from a
// host file the runs of the host lines its lines come from ("host lines
// 12-20,31-33", a text that joins several literals). It lints nothing; a
// file that cannot be read is reported as a run reports it.
func listFileScripts(s *IOStreams, src driver.Source) error {
	var items []driver.Item
	failed := false
	src.Find(func(it driver.Item) { items = append(items, it) }, func(err error) {
		failed = true
		printError(s, err)
	})
	slices.SortStableFunc(items, func(a, b driver.Item) int {
		if c := cmp.Compare(a.Arg, b.Arg); c != 0 {
			return c
		}
		return cmp.Compare(a.Name, b.Name)
	})
	w := bufio.NewWriter(s.Out)
	for _, it := range items {
		f := it.Load()
		if f.Err != nil {
			failed = true
			printError(s, f.Err)
			continue
		}
		for _, sc := range f.Scripts {
			at := diag.Pos{Line: 1, Column: 1}
			d := diag.Diagnostic{File: f.Name, Range: diag.Range{Start: at, End: at}}
			n := lineCount(sc.Text)
			lines := strconv.Itoa(n) + " lines"
			if n == 1 {
				lines = "1 line"
			}
			what := "script file of " + lines
			if sc.Map != nil {
				d = sc.Map.Place(d)
				what = fmt.Sprintf("script of %s, via %s, host lines %s", lines, sc.Found, hostLines(sc))
				switch {
				case sc.Found == hostlang.FoundByContent:
					what = fmt.Sprintf("script of %s, found by its text, host lines %s", lines, hostLines(sc))
				case sc.Found == source.ContainerFound:
					// A function body of a file that only defines global
					// functions, linted as a script of its own.
					what = fmt.Sprintf("script of %s, %s, lines %s", lines, sc.Found, hostLines(sc))
				case hostlang.TemplateFound(sc.Found):
					// A .lua file whose script is its whole text, read
					// as LuaScript.Prepare reads it.
					what = fmt.Sprintf("script file of %s, with %s", lines, sc.Found)
				}
			}
			fmt.Fprintf(w, "%s:%d:%d: %s\n", report.Escape(d.File), d.Range.Start.Line, d.Range.Start.Column, what)
		}
		for _, fd := range f.Findings {
			if fd.Rule != "dynamic-script" {
				continue
			}
			fmt.Fprintf(w, "%s:%d:%d: script not in this file, via %s\n", report.Escape(fd.File), fd.Range.Start.Line, fd.Range.Start.Column, fd.Found)
		}
	}
	if err := w.Flush(); err != nil {
		printError(s, err)
		return exitError{ExitError}
	}
	if failed {
		return exitError{ExitError}
	}
	return nil
}

// hostLines lists the host lines that each line of a mapped script is
// placed on, as runs: "12-20,31-33".
func hostLines(sc driver.Script) string {
	var b strings.Builder
	first, last := -1, -1
	flush := func() {
		if first < 0 {
			return
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(first))
		if last != first {
			b.WriteString("-" + strconv.Itoa(last))
		}
	}
	for i := 1; i <= lineCount(sc.Text); i++ {
		at := diag.Pos{Line: i, Column: 1}
		l := sc.Map.Place(diag.Diagnostic{Range: diag.Range{Start: at, End: at}}).Range.Start.Line
		switch {
		case l == last || l == last+1 && first >= 0:
			last = l
		default:
			flush()
			first, last = l, l
		}
	}
	flush()
	return b.String()
}

// lineCount is the number of lines of a text; a final line end ends the
// last line rather than starting one.
func lineCount(b []byte) int {
	n := bytes.Count(b, []byte("\n"))
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return max(n, 1)
}
