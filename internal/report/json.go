package report

import (
	"encoding/json"
	"io"

	"github.com/lint-lua/lint-lua/internal/lint"
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
	// Fix is present only for a finding lint-lua --fix can rewrite.
	Fix *jsonFix `json:"fix,omitempty"`
}

// jsonFix is a finding's fix: edits as byte offsets into the file as it
// was read (end exclusive), applied together.
type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	Offset    int    `json:"offset"`
	EndOffset int    `json:"end_offset"`
	NewText   string `json:"new_text"`
}

func newJSONFix(f *lint.Fix) *jsonFix {
	if f == nil {
		return nil
	}
	out := &jsonFix{Message: f.Message, Edits: make([]jsonEdit, 0, len(f.Edits))}
	for _, e := range f.Edits {
		out.Edits = append(out.Edits, jsonEdit{Offset: e.Start, EndOffset: e.End, NewText: e.New})
	}
	return out
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
			Fix:       newJSONFix(d.Fix),
		})
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
