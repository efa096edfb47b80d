package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fatih/color"

	"github.com/lint-lua/lint-lua/internal/lint"
)

// textFormatter is the human format: a gcc-style header per diagnostic, the
// offending source line and an underline of the span, then a summary.
type textFormatter struct {
	pos, rule, caret, summary *color.Color
	sev                       map[lint.Severity]*color.Color
	// color is whether the colours are on; without them text is written
	// as it is, without a pass through the colour package.
	color bool
}

// paint is c.Sprint(s) when colours are on, else s.
func (f *textFormatter) paint(c *color.Color, s string) string {
	if !f.color {
		return s
	}
	return c.Sprint(s)
}

// paintBytes writes b painted with c.
func (f *textFormatter) paintBytes(w *bufio.Writer, c *color.Color, b []byte) {
	if !f.color {
		w.Write(b)
		return
	}
	w.WriteString(c.Sprint(string(b)))
}

func newText(opts Options) *textFormatter {
	f := &textFormatter{
		color:   opts.Color,
		pos:     color.New(color.Bold),
		rule:    color.New(color.Faint),
		caret:   color.New(color.FgGreen, color.Bold),
		summary: color.New(color.Bold),
		sev: map[lint.Severity]*color.Color{
			lint.SeverityError:   color.New(color.FgRed, color.Bold),
			lint.SeverityWarning: color.New(color.FgYellow, color.Bold),
			lint.SeverityInfo:    color.New(color.FgCyan, color.Bold),
		},
	}
	// Decide explicitly on every object: the package-wide color.NoColor
	// looks at os.Stdout, which is not necessarily where we write.
	all := []*color.Color{f.pos, f.rule, f.caret, f.summary}
	for _, c := range f.sev {
		all = append(all, c)
	}
	for _, c := range all {
		if opts.Color {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
	}
	return f
}

func (f *textFormatter) Format(w io.Writer, r *Result) error {
	bw := bufio.NewWriter(w)
	var nErr, nWarn, nInfo, nFix int
	// The location and rule are built in scratch and written as they are
	// when colours are off: a string concatenation each cost a tenth of
	// the format.
	var scratch []byte
	for _, d := range r.Diagnostics {
		if d.Fix != nil {
			nFix++
		}
		sev := d.Severity
		switch sev {
		case lint.SeverityInfo:
			nInfo++
		case lint.SeverityWarning:
			nWarn++
		default:
			sev = lint.SeverityError
			nErr++
		}
		scratch = append(scratch[:0], sanitizeString(d.File, false)...)
		if d.Range.Start.Line > 0 {
			scratch = strconv.AppendInt(append(scratch, ':'), int64(d.Range.Start.Line), 10)
			if d.Range.Start.Column > 0 {
				scratch = strconv.AppendInt(append(scratch, ':'), int64(d.Range.Start.Column), 10)
			}
		}
		f.paintBytes(bw, f.pos, scratch)
		bw.WriteString(": ")
		bw.WriteString(f.paint(f.sev[sev], severityName(sev)))
		bw.WriteString(": ")
		bw.WriteString(sanitizeString(d.Message, false))
		bw.WriteString(" ")
		scratch = append(append(scratch[:0], '('), d.Rule...)
		if d.Fix != nil {
			scratch = append(scratch, ", fixable"...)
		}
		f.paintBytes(bw, f.rule, append(scratch, ')'))
		bw.WriteString("\n")
		if line, ok := r.source(d.File, d.Range.Start.Line); ok {
			src, under := underline(line, d.Range)
			bw.WriteString(src)
			bw.WriteString("\n")
			if under != "" {
				prefix := strings.TrimRight(under, "^~")
				bw.WriteString(prefix)
				bw.WriteString(f.paint(f.caret, under[len(prefix):]))
				bw.WriteString("\n")
			}
		}
	}
	if len(r.Diagnostics) > 0 {
		fmt.Fprintln(bw)
	}
	summary := summaryLine(len(r.Diagnostics), nErr, nWarn, nInfo, r.Files)
	if nFix > 0 {
		summary += fmt.Sprintf("; %d fixable with --fix", nFix)
	}
	fmt.Fprintln(bw, f.summary.Sprint(summary))
	return bw.Flush()
}

// underline returns the sanitized source line and the marker line beneath
// it: the prefix repeats the line's tabs so the marker aligns whatever the
// tab width, one column per rune otherwise. A span that continues onto later
// lines is underlined to the end of its first line; an empty span gets a
// single caret.
func underline(line string, rg lint.Range) (src, under string) {
	if rg.Start.Column < 1 {
		return sanitizeString(line, true), ""
	}
	if plain(line, true) {
		return line, underlinePlain(line, rg)
	}
	return underlineRunes(line, rg)
}

// underlineRunes is underline for any line: one marker per display rune.
func underlineRunes(line string, rg lint.Range) (src, under string) {
	rs := sanitize(line, true)
	start, end := markedBytes(line, rg)
	return runesString(rs), markers(len(rs), func(i int) (int, bool) { return rs[i].off, rs[i].r == '\t' }, start, end)
}

// underlinePlain is underline's marker line for a line of printable ASCII
// and tabs, where bytes, runes and columns are one.
func underlinePlain(line string, rg lint.Range) string {
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
func markedBytes(line string, rg lint.Range) (start, end int) {
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
