package report

import (
	"encoding/json"
	"io"
)

// jsonFormatter writes one object for the whole run, so consumers can decode
// it in one call and see the file count even when nothing was found.
type jsonFormatter struct{}

type jsonOutput struct {
	Files       int              `json:"files"`
	Diagnostics []jsonDiagnostic `json:"diagnostics"`
}

type jsonDiagnostic struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line"`
	EndColumn int    `json:"end_column"`
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	Message   string `json:"message"`
}

func (jsonFormatter) Format(w io.Writer, r *Result) error {
	out := jsonOutput{Files: r.Files, Diagnostics: make([]jsonDiagnostic, 0, len(r.Diagnostics))}
	for _, d := range r.Diagnostics {
		out.Diagnostics = append(out.Diagnostics, jsonDiagnostic{
			File:      d.File,
			Line:      d.Range.Start.Line,
			Column:    d.Range.Start.Column,
			EndLine:   d.Range.End.Line,
			EndColumn: d.Range.End.Column,
			Rule:      d.Rule,
			Severity:  severityName(d.Severity),
			Message:   d.Message,
		})
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
