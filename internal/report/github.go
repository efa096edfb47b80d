package report

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lint-lua/lint-lua/internal/diag"
)

// githubFormatter writes GitHub Actions workflow commands, which the runner
// turns into annotations on the pull request.
type githubFormatter struct{}

var (
	// Data (the message) may contain anything but the characters the runner
	// uses to find the end of a command.
	githubDataEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	// Property values additionally end at ',' and the '::' that starts the
	// data.
	githubPropEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func (githubFormatter) Format(w io.Writer, r *Result) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var b []byte
	for _, d := range r.Diagnostics {
		cmd := "error"
		switch d.Severity {
		case diag.SeverityWarning:
			cmd = "warning"
		case diag.SeverityInfo:
			cmd = "notice"
		}
		b = append(append(append(b[:0], "::"...), cmd...), " file="...)
		b = append(b, githubProp(r.repoPath(d.File))...)
		if d.Range.Start.Line > 0 {
			b = strconv.AppendInt(append(b, ",line="...), int64(d.Range.Start.Line), 10)
			if d.Range.Start.Column > 0 {
				b = strconv.AppendInt(append(b, ",col="...), int64(d.Range.Start.Column), 10)
			}
			if d.Range.End.Line > 0 {
				b = strconv.AppendInt(append(b, ",endLine="...), int64(d.Range.End.Line), 10)
				if d.Range.End.Column > 0 {
					b = strconv.AppendInt(append(b, ",endColumn="...), int64(d.Range.End.Column), 10)
				}
			}
		}
		b = append(append(b, ",title="...), githubProp(d.Rule)...)
		b = append(b, "::"...)
		b = append(b, githubDataEscaper.Replace(githubText(withHelp(d, " — ")))...)
		bw.Write(append(b, '\n'))
	}
	return bw.Flush()
}

func githubProp(s string) string {
	return githubPropEscaper.Replace(githubText(s))
}

// githubText is s with nothing the runner would pass through raw to a log
// or a terminal: every field comes from the file (a name, a message that
// quotes the script, a shebang's flags), so control characters other than
// the line breaks the escaping carries become their Unicode pictures (ESC
// as ␛), C1 controls and invalid UTF-8 U+FFFD, as the text format shows
// them (issue 19 item 10).
func githubText(s string) string {
	if plain(s, false) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			r, size = utf8.RuneError, 1
		case r == '\r' || r == '\n':
		case r < 0x20:
			r = 0x2400 + r
		case r == 0x7f:
			r = 0x2421
		case r >= 0x80 && r < 0xa0:
			r = utf8.RuneError
		}
		b.WriteRune(r)
		i += size
	}
	return b.String()
}
