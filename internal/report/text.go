package report

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/fatih/color"
	"github.com/lint-lua/lint-lua/internal/diag"
)

// textFormatter is the human format: a gcc-style header per diagnostic, the
// offending source line and an underline of the span, then a summary.
type textFormatter struct {
	pos, rule, caret, help paintCodes
	// sev is indexed by the severity shown: diag.SeverityInfo,
	// SeverityWarning or SeverityError.
	sev     [diag.SeverityError + 1]paintCodes
	summary *color.Color
	// quiet and statistics are Options.Quiet and Options.Statistics.
	quiet, statistics bool
}

// paintCodes are what a colour writes before and after the text it paints:
// both empty when colours are off. Taken once from the colour package
// (Sprint is pre + text + post), they spare it a formatting of its escape
// sequences for each part of each finding, which was half of the format.
type paintCodes struct{ pre, post string }

func codesOf(c *color.Color) paintCodes {
	pre, post, _ := strings.Cut(c.Sprint("\x00"), "\x00")
	return paintCodes{pre, post}
}

// appendPainted appends s painted with c.
func appendPainted(b []byte, c paintCodes, s string) []byte {
	b = append(b, c.pre...)
	b = append(b, s...)
	return append(b, c.post...)
}

func newText(opts Options) *textFormatter {
	f := &textFormatter{summary: color.New(color.Bold), quiet: opts.Quiet, statistics: opts.Statistics}
	pos, rule, caret, help := color.New(color.Bold), color.New(color.Faint), color.New(color.FgGreen, color.Bold), color.New(color.Bold)
	sev := map[diag.Severity]*color.Color{
		diag.SeverityError:   color.New(color.FgRed, color.Bold),
		diag.SeverityWarning: color.New(color.FgYellow, color.Bold),
		diag.SeverityInfo:    color.New(color.FgCyan, color.Bold),
	}
	// Decide explicitly on every object: the package-wide color.NoColor
	// looks at os.Stdout, which is not necessarily where we write.
	all := []*color.Color{pos, rule, caret, help, f.summary}
	for _, c := range sev {
		all = append(all, c)
	}
	for _, c := range all {
		if opts.Color {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
	}
	f.pos, f.rule, f.caret, f.help = codesOf(pos), codesOf(rule), codesOf(caret), codesOf(help)
	for s, c := range sev {
		f.sev[s] = codesOf(c)
	}
	return f
}

// MaxPerFile is the most findings of one file the text format shows: a
// file with more is not one to read finding by finding (a machine-written
// one-line script of 200,000 statements gave 160,000), the first hundred
// show what is wrong, and a line says how many more there are; the
// summary counts them all, and the other formats list them all.
const MaxPerFile = 100

func (f *textFormatter) Format(w io.Writer, r *Result) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	if f.statistics {
		f.appendStatistics(bw, r)
		return f.finish(bw, r)
	}
	var buf []byte
	shown, hidden := 0, 0
	for i, d := range r.Diagnostics {
		if i > 0 && d.File != r.Diagnostics[i-1].File {
			buf = f.appendHidden(buf[:0], r.Diagnostics[i-1].File, hidden)
			bw.Write(buf)
			shown, hidden = 0, 0
		}
		if shown == MaxPerFile {
			hidden++
			continue
		}
		shown++
		line, ok := r.source(d.File, d.Range.Start.Line)
		buf = f.appendDiagnostic(buf[:0], d, line, ok)
		bw.Write(buf)
	}
	if n := len(r.Diagnostics); n > 0 {
		bw.Write(f.appendHidden(buf[:0], r.Diagnostics[n-1].File, hidden))
	}
	return f.finish(bw, r)
}

// appendHidden appends, when findings of file were left out, the line
// that says how many.
func (f *textFormatter) appendHidden(b []byte, file string, hidden int) []byte {
	if hidden == 0 {
		return b
	}
	b = appendPainted(b, f.pos, sanitizeString(file, false))
	what := "problems"
	if hidden == 1 {
		what = "problem"
	}
	return fmt.Appendf(b, ": %d more %s not shown (the text format shows %d a file; --format json lists them all)\n",
		hidden, what, MaxPerFile)
}

// shownSeverity is the severity a finding is shown with: one outside the
// known range is shown as an error.
func shownSeverity(s diag.Severity) diag.Severity {
	switch s {
	case diag.SeverityInfo, diag.SeverityWarning:
		return s
	}
	return diag.SeverityError
}

// appendDiagnostic appends d's header (its place, severity, headline and
// rule), under it, when hasLine, its source line and the underline of its
// span, and last its help, indented, as rustc and ruff print theirs.
func (f *textFormatter) appendDiagnostic(b []byte, d diag.Diagnostic, line string, hasLine bool) []byte {
	sev := shownSeverity(d.Severity)
	b = append(b, f.pos.pre...)
	b = append(b, sanitizeString(d.File, false)...)
	if d.Range.Start.Line > 0 {
		b = strconv.AppendInt(append(b, ':'), int64(d.Range.Start.Line), 10)
		if d.Range.Start.Column > 0 {
			b = strconv.AppendInt(append(b, ':'), int64(d.Range.Start.Column), 10)
		}
	}
	b = append(b, f.pos.post...)
	b = append(b, ": "...)
	b = appendPainted(b, f.sev[sev], severityName(sev))
	b = append(b, ": "...)
	b = append(b, sanitizeString(d.Message, false)...)
	b = append(b, ' ')
	b = append(b, f.rule.pre...)
	b = append(append(b, '('), d.Rule...)
	if d.Fix != nil {
		b = append(b, fixMark(d.Fix)...)
	}
	b = append(b, ')')
	b = append(b, f.rule.post...)
	b = append(b, '\n')
	if hasLine {
		part, rg, left, right := window(line, d.Range)
		src, under := underline(part, rg)
		if left {
			b = append(b, ellipsis...)
			if under != "" {
				under = strings.Repeat(" ", len(ellipsis)) + under
			}
		}
		b = append(b, src...)
		if right {
			b = append(b, ellipsis...)
		}
		b = append(b, '\n')
		if under != "" {
			prefix := strings.TrimRight(under, "^~")
			b = append(b, prefix...)
			b = appendPainted(b, f.caret, under[len(prefix):])
			b = append(b, '\n')
		}
	}
	if d.Help != "" {
		b = append(b, "  "...)
		b = appendPainted(b, f.help, "help:")
		b = append(b, ' ')
		b = append(b, sanitizeString(d.Help, false)...)
		b = append(b, '\n')
	}
	if p := d.Proof; p != nil {
		b = append(b, "  "...)
		if p.Reproduced {
			b = appendPainted(b, f.help, "proved:")
			b = append(b, ' ')
			b = append(b, sanitizeString("on "+p.Server+" with "+p.Witness+", the server replied: "+p.Reply, false)...)
		} else {
			b = appendPainted(b, f.help, "not proved:")
			b = append(b, ' ')
			b = append(b, sanitizeString(p.Note, false)...)
		}
		b = append(b, '\n')
	}
	if d.Fix != nil && d.Fix.Applicability != diag.Safe {
		// What an unsafe fix changes is for the user to read before
		// --unsafe-fixes applies it; a suggestion is only shown.
		label := "unsafe fix:"
		if d.Fix.Applicability == diag.DisplayOnly {
			label = "suggestion:"
		}
		b = append(b, "  "...)
		b = appendPainted(b, f.help, label)
		b = append(b, ' ')
		b = append(b, sanitizeString(d.Fix.Message, false)...)
		b = append(b, '\n')
	}
	return b
}

// fixMark is what the rule's parentheses say of a finding's fix.
func fixMark(f *diag.Fix) string {
	switch f.Applicability {
	case diag.Unsafe:
		return ", unsafe fix"
	case diag.DisplayOnly:
		return ", suggestion"
	}
	return ", fixable"
}

// finish writes the summary of r's findings to bw and flushes it.
func (f *textFormatter) finish(bw *bufio.Writer, r *Result) error {
	var nErr, nWarn, nInfo, nFix, nUnsafe int
	for _, d := range r.Diagnostics {
		if d.Fix != nil {
			switch d.Fix.Applicability {
			case diag.Safe:
				nFix++
			case diag.Unsafe:
				nUnsafe++
			}
		}
		switch shownSeverity(d.Severity) {
		case diag.SeverityInfo:
			nInfo++
		case diag.SeverityWarning:
			nWarn++
		default:
			nErr++
		}
	}
	if f.quiet {
		return bw.Flush()
	}
	if len(r.Diagnostics) > 0 {
		fmt.Fprintln(bw)
	}
	if r.Files == 0 && len(r.Errors) > 0 {
		// Nothing was linted, and the errors said why on the error
		// stream: "no problems in 0 files" would read as a pass.
		return bw.Flush()
	}
	summary := summaryLine(len(r.Diagnostics), nErr, nWarn, nInfo, r.Files)
	if nFix > 0 {
		summary += fmt.Sprintf("; %d fixable with --fix", nFix)
	}
	if nUnsafe > 0 {
		summary += fmt.Sprintf("; %d more with --fix --unsafe-fixes (read them first)", nUnsafe)
	}
	switch n := len(r.Skipped); {
	case n == 1:
		summary += "; skipped 1 Lua file that is not a Redis script; --all-lua to lint it"
	case n > 1:
		summary += fmt.Sprintf("; skipped %d Lua files that are not Redis scripts; --all-lua to lint them", n)
	}
	fmt.Fprintln(bw, f.summary.Sprint(summary))
	return bw.Flush()
}

// QuoteMax is the most bytes of a source line a finding quotes: a line
// longer than that is quoted QuoteMax bytes around the finding's span,
// with an ellipsis where it is cut. Real scripts' lines are far shorter; a
// minified one-line script of a megabyte quoted whole for every finding
// made hundreds of gigabytes of output.
const QuoteMax = 200

// ellipsis marks where a quoted line is cut.
const ellipsis = "..."

// window returns the part of line that a finding at rg quotes, rg moved
// into it, and whether the line was cut on the left and on the right: the
// whole line when it is at most QuoteMax bytes; otherwise QuoteMax bytes
// (fewer, at a rune boundary) centred on the span, or from its start when
// the span is longer.
func window(line string, rg diag.Range) (part string, in diag.Range, left, right bool) {
	if len(line) <= QuoteMax {
		return line, rg, false, false
	}
	start, end := 0, 0
	if rg.Start.Column >= 1 {
		start, end = markedBytes(line, rg)
		start = min(max(start, 0), len(line))
		end = min(max(end, start), len(line))
	}
	from, to := start, start+QuoteMax
	if end-start < QuoteMax {
		pad := (QuoteMax - (end - start)) / 2
		from, to = start-pad, end+pad
		if from < 0 {
			to, from = to-from, 0
		}
		if to > len(line) {
			from, to = max(from-(to-len(line)), 0), len(line)
		}
	}
	to = min(to, len(line))
	for from < to && !utf8.RuneStart(line[from]) {
		from++
	}
	for to > from && to < len(line) && !utf8.RuneStart(line[to]) {
		to--
	}
	in = rg
	if rg.Start.Column >= 1 {
		in.Start.Column = rg.Start.Column - from
		if rg.End.Line == rg.Start.Line {
			in.End.Column = min(rg.End.Column-from, to-from+1)
		}
	}
	return line[from:to], in, from > 0, to < len(line)
}

// underline returns the sanitized source line and the marker line beneath
// it: the prefix repeats the line's tabs so the marker aligns whatever the
// tab width, one column per rune otherwise. A span that continues onto later
// lines is underlined to the end of its first line; an empty span gets a
// single caret.
func underline(line string, rg diag.Range) (src, under string) {
	if rg.Start.Column < 1 {
		return sanitizeString(line, true), ""
	}
	if plain(line, true) {
		return line, underlinePlain(line, rg)
	}
	return underlineRunes(line, rg)
}

// underlineRunes is underline for any line: one marker per display rune.
func underlineRunes(line string, rg diag.Range) (src, under string) {
	rs := sanitize(line, true)
	start, end := markedBytes(line, rg)
	return runesString(rs), markers(len(rs), func(i int) (int, bool) { return rs[i].off, rs[i].r == '\t' }, start, end)
}

// underlinePlain is underline's marker line for a line of printable ASCII
// and tabs, where bytes, runes and columns are one.
func underlinePlain(line string, rg diag.Range) string {
	start, end := markedBytes(line, rg)
	// markers with unit i at byte i, without a call per byte: blanks
	// (tabs kept) before start, ^~~~ over [start, end), one caret when
	// that is empty.
	start = max(min(start, len(line)), 0)
	end = min(end, len(line))
	b := make([]byte, start, start+max(end-start, 1))
	for i := range start {
		if line[i] == '\t' {
			b[i] = '\t'
		} else {
			b[i] = ' '
		}
	}
	b = append(b, '^')
	for i := start + 1; i < end; i++ {
		b = append(b, '~')
	}
	return string(b)
}

// markedBytes is the byte range [start, end) of line that rg marks. A span
// that continues onto later lines is marked to the end of its first line;
// one with no end recorded marks its start only.
func markedBytes(line string, rg diag.Range) (start, end int) {
	start, end = rg.Start.Column-1, len(line)
	switch {
	case rg.End.Line == rg.Start.Line:
		end = rg.End.Column - 1
	case rg.End.Line < rg.Start.Line:
		end = start
	}
	return start, end
}

// markers builds the marker line for n display units, unit i standing at
// byte offset at(i) and being a tab or not: the units before start repeat
// as blanks (tabs kept, so the markers align whatever the tab width), those
// in [start, end) become ^~~~, and an empty mark is a single caret.
func markers(n int, at func(i int) (off int, tab bool), start, end int) string {
	b := make([]byte, 0, n+1)
	marks := 0
	for i := 0; i < n; i++ {
		off, tab := at(i)
		switch {
		case off < start:
			if tab {
				b = append(b, '\t')
			} else {
				b = append(b, ' ')
			}
		case off < end:
			if marks == 0 {
				b = append(b, '^')
			} else {
				b = append(b, '~')
			}
			marks++
		}
	}
	if marks == 0 {
		// Empty span, or one starting at or past the end of the line.
		b = append(b, '^')
	}
	return string(b)
}

func summaryLine(total, nErr, nWarn, nInfo, files int) string {
	in := plural(files, "file", "files")
	if total == 0 {
		return "no problems in " + in
	}
	return fmt.Sprintf("%s (%s, %s, %d info) in %s",
		plural(total, "problem", "problems"),
		plural(nErr, "error", "errors"),
		plural(nWarn, "warning", "warnings"),
		nInfo, in)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// appendStatistics writes, for --statistics, one line for each rule and
// severity shown: how many findings of that rule are shown at that
// severity, the severity and the rule's ID, the most frequent first. A rule
// whose findings differ in severity (one it lowers for weaker evidence)
// has a line for each, so that the counts add up to the summary's.
func (f *textFormatter) appendStatistics(bw *bufio.Writer, r *Result) {
	type stat struct {
		rule string
		n    int
		sev  diag.Severity
	}
	type key struct {
		rule string
		sev  diag.Severity
	}
	var stats []*stat
	byRule := map[key]*stat{}
	for _, d := range r.Diagnostics {
		k := key{d.Rule, shownSeverity(d.Severity)}
		st := byRule[k]
		if st == nil {
			st = &stat{rule: d.Rule, sev: k.sev}
			byRule[k] = st
			stats = append(stats, st)
		}
		st.n++
	}
	sort.SliceStable(stats, func(i, j int) bool {
		if stats[i].n != stats[j].n {
			return stats[i].n > stats[j].n
		}
		if stats[i].rule != stats[j].rule {
			return stats[i].rule < stats[j].rule
		}
		return stats[i].sev > stats[j].sev
	})
	width := 1
	if len(stats) > 0 {
		width = len(strconv.Itoa(stats[0].n))
	}
	var b []byte
	for _, st := range stats {
		b = fmt.Appendf(b[:0], "%*d  ", width, st.n)
		b = appendPainted(b, f.sev[st.sev], fmt.Sprintf("%-7s", severityName(st.sev)))
		b = append(b, "  "...)
		b = appendPainted(b, f.rule, sanitizeString(st.rule, false))
		b = append(b, '\n')
		bw.Write(b)
	}
}
