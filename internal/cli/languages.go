package cli

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/driver/source"
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/rules/ruleid"
)

// listFileScripts prints where each script the source finds starts, one
// a line, in the order of the report, as lint-lua go --list-scripts does:
// "FILE:LINE:COL: script of N lines, via API" (the host API that runs it),
// "found by its text" when only its text shows it is a script, "script
// file" for a file that is one script, "script not in this file, via
// API" for a text the file does not hold, and for a script cut from a
// host file the runs of the host lines its lines come from ("host lines
// 12-20,31-33", a text that joins several literals). It lints nothing; a
// file that cannot be read is reported as a run reports it.
func listFileScripts(s *IOStreams, src driver.Source, format string) error {
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
	var listed []listedScript
	for _, it := range items {
		f := it.Load()
		if f.Err != nil {
			failed = true
			printError(s, f.Err)
			continue
		}
		if f.Skipped != "" {
			// A .lua file that shows no Redis script: where a script
			// would be listed, say it is not linted, and why.
			listed = append(listed, listedScript{File: f.Name, Line: 1, Column: 1, Kind: "skipped", Reason: f.Skipped,
				text: "skipped: " + f.Skipped})
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
			l := listedScript{Kind: "file", Lines: n, Script: string(sc.Text), text: "script file of " + lines}
			if sc.Map != nil {
				d = sc.Map.Place(d)
				l.Kind, l.Via, l.HostLines = "host", sc.Found, hostLines(sc)
				l.text = fmt.Sprintf("script of %s, via %s, host lines %s", lines, sc.Found, l.HostLines)
				switch {
				case sc.Found == hostlang.FoundByContent:
					l.Kind, l.Via = "content", ""
					l.text = fmt.Sprintf("script of %s, found by its text, host lines %s", lines, l.HostLines)
				case sc.Found == source.AssembledFound:
					// A .lua file with its includes spliced in: the
					// lines of each file its text comes from.
					l.Kind, l.Via = "assembled", ""
					l.text = fmt.Sprintf("script of %s, %s, lines %s", lines, sc.Found, l.HostLines)
				case sc.Found == source.ContainerFound:
					// A function body of a file that only defines global
					// functions, linted as a script of its own.
					l.Kind, l.Via = "function", ""
					l.text = fmt.Sprintf("script of %s, %s, lines %s", lines, sc.Found, l.HostLines)
				case hostlang.TemplateFound(sc.Found):
					// A .lua file whose script is its whole text, read
					// as LuaScript.Prepare reads it.
					l.Kind, l.HostLines = "template", ""
					l.text = fmt.Sprintf("script file of %s, with %s", lines, sc.Found)
				}
			}
			l.File, l.Line, l.Column = d.File, d.Range.Start.Line, d.Range.Start.Column
			listed = append(listed, l)
		}
		for _, fd := range f.Findings {
			if fd.Rule != ruleid.DynamicScript {
				continue
			}
			listed = append(listed, listedScript{File: fd.File, Line: fd.Range.Start.Line, Column: fd.Range.Start.Column,
				Kind: "dynamic", Via: fd.Found, text: "script not in this file, via " + fd.Found})
		}
	}
	if err := writeListed(s, listed, format); err != nil {
		printError(s, err)
		return exitError{ExitError}
	}
	if failed {
		return exitError{ExitError}
	}
	return nil
}

// listedScript is one line of --list-scripts: where a script starts and
// how it was found, with its text in JSON.
type listedScript struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	// Kind is "file" (a .lua file that is one script), "host" (a host
	// literal a script API receives), "content" (a literal whose text is
	// a script), "function" (a body of a file of global functions),
	// "template" (a .lua file read as a LuaScript template), "assembled"
	// (a .lua file with its --- @include files spliced in), "dynamic" (a
	// script API given a text not in the file) or "skipped" (a .lua file
	// that shows no Redis script).
	Kind      string `json:"kind"`
	Via       string `json:"via,omitempty"`
	Lines     int    `json:"lines,omitempty"`
	HostLines string `json:"host_lines,omitempty"`
	Reason    string `json:"reason,omitempty"`
	// Script is the Lua text lint-lua lints.
	Script string `json:"script,omitempty"`
	text   string
}

// writeListed prints the listing: a line each in text, one document in
// JSON (the only other format it takes).
func writeListed(s *IOStreams, listed []listedScript, format string) error {
	if format == "json" {
		if listed == nil {
			listed = []listedScript{}
		}
		enc := json.NewEncoder(s.Out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Scripts []listedScript `json:"scripts"`
		}{listed})
	}
	w := bufio.NewWriter(s.Out)
	for _, l := range listed {
		fmt.Fprintf(w, "%s:%d:%d: %s\n", report.Escape(l.File), l.Line, l.Column, l.text)
	}
	return w.Flush()
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
