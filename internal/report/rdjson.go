package report

import (
	"bufio"
	"encoding/json"
	"io"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
)

// rdjsonFormatter writes the Reviewdog Diagnostic Format as one JSON
// document (a DiagnosticResult), which `reviewdog -f=rdjson` reads; each
// diagnostic inherits the top-level source. Unlike
// checkstyle it carries the end of each span, the rule's documentation URL
// and the severity in reviewdog's own terms.
type rdjsonFormatter struct{}

type rdjsonResult struct {
	Source      rdjsonSource       `json:"source"`
	Diagnostics []rdjsonDiagnostic `json:"diagnostics"`
}

type rdjsonSource struct {
	Name string `json:"name"`
	URL  string `json:"url,omitempty"`
}

type rdjsonDiagnostic struct {
	Message  string         `json:"message"`
	Location rdjsonLocation `json:"location"`
	Severity string         `json:"severity"`
	Code     rdjsonCode     `json:"code"`
	// Suggestions are the fix's edits, which reviewdog offers as
	// suggested changes.
	Suggestions []rdjsonSuggestion `json:"suggestions,omitempty"`
}

type rdjsonSuggestion struct {
	Range rdjsonRange `json:"range"`
	Text  string      `json:"text"`
}

type rdjsonLocation struct {
	Path  string       `json:"path"`
	Range *rdjsonRange `json:"range,omitempty"`
}

// rdjsonRange uses reviewdog's positions: 1-based lines, 1-based columns
// counted in UTF-8 bytes, end exclusive. That is lint-lua's own convention,
// so positions are copied unchanged.
type rdjsonRange struct {
	Start rdjsonPos  `json:"start"`
	End   *rdjsonPos `json:"end,omitempty"`
}

type rdjsonPos struct {
	Line   int `json:"line"`
	Column int `json:"column,omitempty"`
}

type rdjsonCode struct {
	Value string `json:"value"`
	URL   string `json:"url,omitempty"`
}

func (rdjsonFormatter) Format(w io.Writer, r *Result) error {
	out, diagnostic := rdjsonFor(r)
	out.Diagnostics = make([]rdjsonDiagnostic, 0, len(r.Diagnostics))
	for _, d := range r.Diagnostics {
		out.Diagnostics = append(out.Diagnostics, diagnostic(d))
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := encodeRDJSON(bw, out); err != nil {
		return err
	}
	return bw.Flush()
}

// rdjsonFor is r's document with no diagnostics, and what makes each.
func rdjsonFor(r *Result) (rdjsonResult, func(diag.Diagnostic) rdjsonDiagnostic) {
	urls := map[string]string{}
	for _, rule := range r.Rules {
		if rule != nil {
			urls[rule.ID] = rule.HelpURI()
		}
	}
	out := rdjsonResult{Source: rdjsonSource{Name: toolName, URL: toolURI}, Diagnostics: []rdjsonDiagnostic{}}
	return out, func(d diag.Diagnostic) rdjsonDiagnostic {
		return rdjsonDiagnostic{
			// reviewdog posts it as a comment, in markdown: the help is
			// a paragraph of its own.
			Message:     strings.ToValidUTF8(withHelp(d, "\n\n"), "\uFFFD"),
			Location:    rdjsonLocation{Path: strings.ToValidUTF8(slashPath(d.File), "\uFFFD"), Range: rdjsonRangeFor(d.Range)},
			Severity:    rdjsonSeverity(d.Severity),
			Code:        rdjsonCode{Value: d.Rule, URL: urls[d.Rule]},
			Suggestions: rdjsonSuggestions(d.Fix),
		}
	}
}

// rdjsonSuggestions are a fix's edits, or none when one has no position.
func rdjsonSuggestions(f *diag.Fix) []rdjsonSuggestion {
	if f == nil {
		return nil
	}
	out := make([]rdjsonSuggestion, 0, len(f.Edits))
	for _, e := range f.Edits {
		rg := e.Range
		if rg.Start.Line < 1 {
			return nil
		}
		out = append(out, rdjsonSuggestion{
			Range: rdjsonRange{Start: rdjsonPos{Line: rg.Start.Line, Column: rg.Start.Column}, End: &rdjsonPos{Line: rg.End.Line, Column: rg.End.Column}},
			Text:  strings.ToValidUTF8(e.New, "\uFFFD"),
		})
	}
	return out
}

// encodeRDJSON is encoding/json's document: two-space indentation, HTML
// characters as they are.
func encodeRDJSON(w io.Writer, out rdjsonResult) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// rdjsonRangeFor omits what is unknown: no range without a line, no column
// without one, and no end unless it lies at or after the start (reviewdog
// then treats the span as zero-length).
func rdjsonRangeFor(rg diag.Range) *rdjsonRange {
	if rg.Start.Line < 1 {
		return nil
	}
	out := &rdjsonRange{Start: rdjsonPos{Line: rg.Start.Line, Column: max(rg.Start.Column, 0)}}
	end := rg.End
	if end.Line > rg.Start.Line || end.Line == rg.Start.Line && end.Column >= rg.Start.Column {
		out.End = &rdjsonPos{Line: end.Line, Column: max(end.Column, 0)}
	}
	return out
}

func rdjsonSeverity(s diag.Severity) string {
	switch s {
	case diag.SeverityInfo:
		return "INFO"
	case diag.SeverityWarning:
		return "WARNING"
	}
	return "ERROR"
}
