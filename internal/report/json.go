package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
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

// Format writes what encoding/json with two-space indentation and no HTML
// escaping writes for a jsonOutput (TestJSONMatchesEncoder compares them),
// but diagnostic by diagnostic: encoding a large run whole and then
// indenting it took a second copy of the output and a rescan of it.
func (jsonFormatter) Format(w io.Writer, r *Result) error {
	bw := bufio.NewWriter(w)
	var scratch bytes.Buffer
	enc := json.NewEncoder(&scratch)
	enc.SetEscapeHTML(false)
	str := func(s string) error {
		scratch.Reset()
		if err := enc.Encode(s); err != nil {
			return err
		}
		_, err := bw.Write(bytes.TrimSuffix(scratch.Bytes(), []byte{'\n'}))
		return err
	}
	fmt.Fprintf(bw, "{\n  \"files\": %d,\n  \"diagnostics\": [", r.Files)
	for i, d := range r.Diagnostics {
		if i > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n    {\n      \"file\": ")
		if err := str(d.File); err != nil {
			return err
		}
		fmt.Fprintf(bw, ",\n      \"line\": %d,\n      \"column\": %d,\n      \"end_line\": %d,\n      \"end_column\": %d,\n      \"rule\": ",
			d.Range.Start.Line, d.Range.Start.Column, d.Range.End.Line, d.Range.End.Column)
		if err := str(d.Rule); err != nil {
			return err
		}
		bw.WriteString(",\n      \"severity\": ")
		if err := str(severityName(d.Severity)); err != nil {
			return err
		}
		bw.WriteString(",\n      \"message\": ")
		if err := str(d.Message); err != nil {
			return err
		}
		bw.WriteString("\n    }")
	}
	if len(r.Diagnostics) > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("]\n}\n")
	return bw.Flush()
}
