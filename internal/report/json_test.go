package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/lint-lua/lint-lua/internal/benchdata"
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules"
)

// encodeJSON is the definition of the JSON format: encoding/json's output
// for a jsonOutput.
func encodeJSON(r *Result) []byte {
	out := jsonOutput{Files: r.Files, Diagnostics: make([]jsonDiagnostic, 0, len(r.Diagnostics))}
	for _, d := range r.Diagnostics {
		out.Diagnostics = append(out.Diagnostics, jsonDiagnostic{
			File: d.File, Line: d.Range.Start.Line, Column: d.Range.Start.Column,
			EndLine: d.Range.End.Line, EndColumn: d.Range.End.Column,
			Rule: d.Rule, Severity: severityName(d.Severity), Message: d.Message, Help: d.Help,
			Fix: newJSONFix(d.Fix), Proof: newJSONProof(d.Proof),
		})
	}
	for _, e := range r.Errors {
		out.Errors = append(out.Errors, jsonError{File: e.File, Message: e.Message})
	}
	for _, sk := range r.Skipped {
		out.Skipped = append(out.Skipped, jsonSkipped{File: sk.File, Reason: sk.Reason})
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		panic(err)
	}
	return b.Bytes()
}

func checkJSON(t *testing.T, r *Result) {
	t.Helper()
	var got bytes.Buffer
	if err := (jsonFormatter{}).Format(&got, r); err != nil {
		t.Fatal(err)
	}
	if want := encodeJSON(r); !bytes.Equal(got.Bytes(), want) {
		t.Fatalf("json format differs from encoding/json:\n%s\nwant:\n%s", got.Bytes(), want)
	}
}

// TestJSONMatchesEncoder pins the streamed JSON to encoding/json's on
// awkward strings and on every finding of the repository's inputs.
func TestJSONMatchesEncoder(t *testing.T) {
	for _, r := range encoderResults(t) {
		checkJSON(t, r)
	}
}

// encoderResults are what the formats written by hand are compared with
// encoding/json on: none, awkward strings (with and without source roots),
// and every finding of the repository's inputs (examples, rule fixtures,
// the corpus when fetched).
func encoderResults(t *testing.T) []*Result {
	withRoots := awkwardResult()
	withRoots.WorkDir, withRoots.SourceRoot = "/w/repo/sub", "/w/repo"
	withErrors := awkwardResult()
	withErrors.Errors = []RunError{{File: "gone.lua", Message: "no such file or directory"}, {Message: "a.lua:1:5: include not found: \"x\"\n\x1b]"}}
	withSkipped := awkwardResult()
	withSkipped.Skipped = []Skipped{{File: "nvim/init.lua", Reason: "not a Redis script"}, {File: "a\"b\x1b.lua", Reason: "x"}}
	out := []*Result{{}, awkwardResult(), withRoots, withErrors, {Errors: []RunError{{File: "x", Message: "y"}}}, withSkipped}
	sets, err := benchdata.Sets()
	if err != nil {
		t.Fatal(err)
	}
	all := rules.Catalogue().All()
	for _, s := range sets {
		r := &Result{Files: len(s.Files), Rules: lint.Infos(all)}
		for _, in := range s.Files {
			r.Diagnostics = append(r.Diagnostics, lintSource(in.Name, in.Src, all, nil)...)
		}
		out = append(out, r)
	}
	return out
}

func FuzzJSONMatchesEncoder(f *testing.F) {
	f.Add("a.lua", "msg <b> & \"q\" \\ \u2028 \x01 \b \f \xff é", "rule", 3)
	f.Fuzz(func(t *testing.T, file, msg, rule string, line int) {
		checkJSON(t, &Result{Files: 1, Diagnostics: []diag.Diagnostic{
			{File: file, Range: diag.Range{Start: diag.Pos{Line: line, Column: 1}, End: diag.Pos{Line: line, Column: 2}}, Rule: rule, Severity: diag.SeverityWarning, Message: msg},
			{File: msg, Rule: file, Severity: diag.Severity(line), Message: rule},
			{File: file, Rule: rule, Message: msg, Fix: &diag.Fix{Message: rule, Edits: []diag.Edit{{Start: line, End: line + 1, New: msg}, {New: file}}}},
			{File: file, Rule: rule, Message: msg, Fix: &diag.Fix{Message: msg}},
			{File: file, Rule: rule, Message: rule, Help: msg},
		}, Errors: []RunError{{File: file, Message: msg}, {Message: rule}}})
	})
}

// plain8 must agree with jsonPlain on every byte in every position.
func TestPlain8(t *testing.T) {
	for c := 0; c < 256; c++ {
		for at := 0; at < 8; at++ {
			b := []byte("abcdefgh")
			b[at] = byte(c)
			if got, want := plain8(string(b)), jsonPlain[c]; got != want {
				t.Fatalf("plain8(%q) = %v, want %v", b, got, want)
			}
		}
	}
}

// ... and on words mixing the bytes around each boundary, where a borrow
// could carry from one byte into the next.
func TestPlain8Mixed(t *testing.T) {
	edge := []byte{0x00, 0x01, 0x1f, 0x20, 0x21, '"', '#', '[', '\\', ']', 0x7f, 0x80, 0xff}
	b := make([]byte, 8)
	for n := 0; n < 2_000_000; n++ {
		k := n
		for i := range b {
			b[i] = edge[k%len(edge)]
			k = k/len(edge) + n*7 + i
		}
		want := true
		for _, c := range b {
			want = want && jsonPlain[c]
		}
		if got := plain8(string(b)); got != want {
			t.Fatalf("plain8(%q) = %v, want %v", b, got, want)
		}
	}
}
