package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
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

// Format writes what encoding/json with two-space indentation and no HTML
// escaping writes for a jsonOutput (TestJSONMatchesEncoder compares them),
// but diagnostic by diagnostic: encoding a large run whole and then
// indenting it took a second copy of the output and a rescan of it.
func (jsonFormatter) Format(w io.Writer, r *Result) error {
	bw := bufio.NewWriter(w)
	var scratch bytes.Buffer
	enc := json.NewEncoder(&scratch)
	enc.SetEscapeHTML(false)
	// Each diagnostic sits two levels deep in the whole object.
	enc.SetIndent("    ", "  ")
	fmt.Fprintf(bw, "{\n  \"files\": %d,\n  \"diagnostics\": [", r.Files)
	for i, d := range r.Diagnostics {
		if i > 0 {
			bw.WriteString(",")
		}
		scratch.Reset()
		err := enc.Encode(jsonDiagnostic{
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
		if err != nil {
			return err
		}
		bw.WriteString("\n    ")
		bw.Write(bytes.TrimSuffix(scratch.Bytes(), []byte{'\n'}))
	}
	if len(r.Diagnostics) > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("]\n}\n")
	return bw.Flush()
}
