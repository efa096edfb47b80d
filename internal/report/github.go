package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/lint-lua/lint-lua/internal/lint"
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
	bw := bufio.NewWriter(w)
	for _, d := range r.Diagnostics {
		cmd := "error"
		switch d.Severity {
		case lint.SeverityWarning:
			cmd = "warning"
		case lint.SeverityInfo:
			cmd = "notice"
		}
		props := []string{"file=" + githubProp(r.repoPath(d.File))}
		if d.Range.Start.Line > 0 {
			props = append(props, fmt.Sprintf("line=%d", d.Range.Start.Line))
			if d.Range.Start.Column > 0 {
				props = append(props, fmt.Sprintf("col=%d", d.Range.Start.Column))
			}
			if d.Range.End.Line > 0 {
				props = append(props, fmt.Sprintf("endLine=%d", d.Range.End.Line))
				if d.Range.End.Column > 0 {
					props = append(props, fmt.Sprintf("endColumn=%d", d.Range.End.Column))
				}
			}
		}
		props = append(props, "title="+githubProp(d.Rule))
		fmt.Fprintf(bw, "::%s %s::%s\n", cmd, strings.Join(props, ","),
			githubDataEscaper.Replace(strings.ToValidUTF8(d.Message, "\uFFFD")))
	}
	return bw.Flush()
}

func githubProp(s string) string {
	return githubPropEscaper.Replace(strings.ToValidUTF8(s, "\uFFFD"))
}
