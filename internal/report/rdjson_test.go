package report

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
)

func TestRDJSONGolden(t *testing.T) {
	checkGolden(t, "rdjson.golden", render(t, "rdjson", Options{}, awkwardResult()))
	checkGolden(t, "rdjson_empty.golden", render(t, "rdjson", Options{}, emptyResult()))
}

// rdjsonDoc mirrors the parts of reviewdog's DiagnosticResult that
// lint-lua fills, decoded strictly so a misspelt key fails the test.
type rdjsonDoc struct {
	Source struct {
		Name string `json:"name"`
		URL  string `json:"url"`
	} `json:"source"`
	Diagnostics []struct {
		Message  string `json:"message"`
		Location struct {
			Path  string `json:"path"`
			Range *struct {
				Start struct{ Line, Column int }  `json:"start"`
				End   *struct{ Line, Column int } `json:"end"`
			} `json:"range"`
		} `json:"location"`
		Severity string `json:"severity"`
		Code     struct {
			Value string `json:"value"`
			URL   string `json:"url"`
		} `json:"code"`
	} `json:"diagnostics"`
}

func decodeRDJSON(t *testing.T, out []byte) rdjsonDoc {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.DisallowUnknownFields()
	var doc rdjsonDoc
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("decode: %v\n%s", err, out)
	}
	if dec.More() {
		t.Fatal("more than one JSON value")
	}
	return doc
}

func TestRDJSONFields(t *testing.T) {
	r := awkwardResult()
	doc := decodeRDJSON(t, render(t, "rdjson", Options{}, r))
	if doc.Source.Name != "lint-lua" || doc.Source.URL != toolURI {
		t.Errorf("source = %+v", doc.Source)
	}
	if len(doc.Diagnostics) != len(r.Diagnostics) {
		t.Fatalf("%d diagnostics, want %d", len(doc.Diagnostics), len(r.Diagnostics))
	}
	sev := map[diag.Severity]string{diag.SeverityError: "ERROR", diag.SeverityWarning: "WARNING", diag.SeverityInfo: "INFO"}
	for i, d := range r.Diagnostics {
		got := doc.Diagnostics[i]
		if got.Message != strings.ToValidUTF8(withHelp(d, "\n\n"), "\uFFFD") || got.Location.Path != d.File ||
			got.Severity != sev[d.Severity] || got.Code.Value != d.Rule {
			t.Errorf("diagnostic %d = %+v, want %+v", i, got, d)
		}
		// Positions are lint-lua's own: 1-based byte columns, end
		// exclusive, which is reviewdog's convention too.
		rg := got.Location.Range
		if rg == nil || rg.End == nil ||
			rg.Start.Line != d.Range.Start.Line || rg.Start.Column != d.Range.Start.Column ||
			rg.End.Line != d.Range.End.Line || rg.End.Column != d.Range.End.Column {
			t.Errorf("diagnostic %d range = %+v, want %v", i, rg, d.Range)
		}
		wantURL := ""
		if d.Rule != "not-a-known-rule" {
			wantURL = "https://github.com/lint-lua/lint-lua/blob/main/docs/rules.md#" + d.Rule
		}
		if got.Code.URL != wantURL {
			t.Errorf("diagnostic %d code url = %q, want %q", i, got.Code.URL, wantURL)
		}
	}
	// Byte columns, not code points: "é" counts two.
	if c := doc.Diagnostics[2].Location.Range.End.Column; c != 17 {
		t.Errorf("end column after é = %d, want the byte column 17", c)
	}
}

func TestRDJSONRange(t *testing.T) {
	type pos struct{ Line, Column int }
	for _, tc := range []struct {
		name       string
		rg         diag.Range
		start, end *pos
	}{
		{"full", rng(2, 3, 4, 5), &pos{2, 3}, &pos{4, 5}},
		{"empty span", rng(2, 3, 2, 3), &pos{2, 3}, &pos{2, 3}},
		{"no position", diag.Range{}, nil, nil},
		{"line only", rng(7, 0, 0, 0), &pos{7, 0}, nil},
		{"end before start", rng(3, 5, 3, 2), &pos{3, 5}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := rdjsonRangeFor(tc.rg)
			if tc.start == nil {
				if got != nil {
					t.Fatalf("range = %+v, want none", got)
				}
				return
			}
			if got == nil || got.Start.Line != tc.start.Line || got.Start.Column != tc.start.Column {
				t.Fatalf("start = %+v, want %+v", got, tc.start)
			}
			if (got.End == nil) != (tc.end == nil) ||
				got.End != nil && !reflect.DeepEqual(pos{got.End.Line, got.End.Column}, *tc.end) {
				t.Errorf("end = %+v, want %+v", got.End, tc.end)
			}
		})
	}
}

func TestRDJSONEmpty(t *testing.T) {
	out := render(t, "rdjson", Options{}, emptyResult())
	if !bytes.Contains(out, []byte(`"diagnostics": []`)) {
		t.Errorf("empty run must list no diagnostics, not null:\n%s", out)
	}
	decodeRDJSON(t, out)
}
