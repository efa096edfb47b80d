package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
)

// fixResult has one finding with a safe fix, one with an unsafe fix and
// one without, on real lines; the edits carry the positions the driver
// gives them.
func fixResult() *Result {
	src := []string{"local v = redis.call('GET', KEYS[1])", "if v == nil then return 0 end", "redis.call('SET', KEYS[2], 'x', 'NX')"}
	fixed := finding("fix.lua", 2, 4, 2, 12, "nil-reply-compare", diag.SeverityError,
		"v (the GET reply) is never nil in a script (RESP2)")
	fixed.Fix = &diag.Fix{Message: "replace v == nil with not v", Edits: []diag.Edit{{Start: 40, End: 48, New: "not v",
		Range: diag.Range{Start: diag.Pos{Line: 2, Column: 4}, End: diag.Pos{Line: 2, Column: 12}}}}}
	unsafe := finding("fix.lua", 3, 1, 3, 38, "lock-without-expiry", diag.SeverityWarning, "lock KEYS[2] set with NX has no EX/PX")
	unsafe.Fix = &diag.Fix{Message: "give KEYS[2] a time to live from ARGV[1] (unsafe: callers must pass it)", Applicability: diag.Unsafe,
		Edits: []diag.Edit{{Start: 103, End: 103, New: ", 'PX', ARGV[1]", Range: diag.Range{Start: diag.Pos{Line: 3, Column: 37}, End: diag.Pos{Line: 3, Column: 37}}}}}
	return &Result{
		Files: 1,
		Diagnostics: []diag.Diagnostic{
			finding("fix.lua", 1, 11, 1, 37, "undeclared-key", diag.SeverityWarning, "no fix for this one"),
			fixed,
			unsafe,
		},
		Rules: testRules(),
		Source: func(file string, line int) (string, bool) {
			if line < 1 || line > len(src) {
				return "", false
			}
			return src[line-1], true
		},
		ToolVersion: "v0.1.0-test",
	}
}

// TestFixGolden pins how text and JSON show a fixable finding: text marks
// it and counts the fixable ones in the summary; JSON adds a "fix" object
// to that finding only, so readers of the old schema see no change.
func TestFixGolden(t *testing.T) {
	checkGolden(t, "text_fix.golden", render(t, "text", Options{}, fixResult()))
	out := render(t, "json", Options{}, fixResult())
	checkGolden(t, "json_fix.golden", out)
	var got struct {
		Diagnostics []map[string]json.RawMessage `json:"diagnostics"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if _, ok := got.Diagnostics[0]["fix"]; ok {
		t.Errorf("a finding without a fix has a fix field")
	}
	var fix struct {
		Message       string `json:"message"`
		Applicability string `json:"applicability"`
		Edits         []struct {
			Offset    int    `json:"offset"`
			EndOffset int    `json:"end_offset"`
			NewText   string `json:"new_text"`
		} `json:"edits"`
	}
	dec := json.NewDecoder(bytes.NewReader(got.Diagnostics[1]["fix"]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&fix); err != nil {
		t.Fatal(err)
	}
	if fix.Message != "replace v == nil with not v" || fix.Applicability != "safe" || len(fix.Edits) != 1 || fix.Edits[0].Offset != 40 || fix.Edits[0].EndOffset != 48 || fix.Edits[0].NewText != "not v" {
		t.Errorf("fix = %+v", fix)
	}
}

// TestFixFormats pins the fixes in SARIF (a result's fixes, regions by
// line and column) and rdjson (suggestions), and the text's marks: the
// unsafe fix is marked, its message shown, and counted apart.
func TestFixFormats(t *testing.T) {
	text := string(render(t, "text", Options{}, fixResult()))
	for _, want := range []string{"(nil-reply-compare, fixable)", "(lock-without-expiry, unsafe fix)",
		"unsafe fix: give KEYS[2] a time to live", "1 fixable with --fix; 1 more with --fix --unsafe-fixes"} {
		if !bytes.Contains([]byte(text), []byte(want)) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	sarif := render(t, "sarif", Options{}, fixResult())
	checkGolden(t, "sarif_fix.golden", sarif)
	var log struct {
		Runs []struct {
			Results []struct {
				Fixes []struct {
					Description     struct{ Text string } `json:"description"`
					ArtifactChanges []struct {
						Replacements []struct {
							DeletedRegion struct {
								StartLine, StartColumn, EndLine, EndColumn int
							} `json:"deletedRegion"`
							InsertedContent *struct{ Text string } `json:"insertedContent"`
						} `json:"replacements"`
					} `json:"artifactChanges"`
				} `json:"fixes"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(sarif, &log); err != nil {
		t.Fatal(err)
	}
	rs := log.Runs[0].Results
	if len(rs) != 3 || len(rs[0].Fixes) != 0 || len(rs[1].Fixes) != 1 || len(rs[2].Fixes) != 1 {
		t.Fatalf("sarif fixes: %+v", rs)
	}
	rep := rs[1].Fixes[0].ArtifactChanges[0].Replacements[0]
	if r := rep.DeletedRegion; r.StartLine != 2 || r.StartColumn != 4 || r.EndLine != 2 || r.EndColumn != 12 || rep.InsertedContent == nil || rep.InsertedContent.Text != "not v" {
		t.Errorf("sarif replacement = %+v", rep)
	}
	if d := rs[2].Fixes[0].Description.Text; !bytes.Contains([]byte(d), []byte("applied only with --unsafe-fixes")) {
		t.Errorf("unsafe fix description = %q", d)
	}
	rd := render(t, "rdjson", Options{}, fixResult())
	checkGolden(t, "rdjson_fix.golden", rd)
	var doc struct {
		Diagnostics []struct {
			Suggestions []struct {
				Range struct {
					Start, End struct{ Line, Column int }
				}
				Text string
			}
		}
	}
	if err := json.Unmarshal(rd, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Diagnostics) != 3 || len(doc.Diagnostics[0].Suggestions) != 0 || len(doc.Diagnostics[1].Suggestions) != 1 || len(doc.Diagnostics[2].Suggestions) != 1 {
		t.Fatalf("rdjson suggestions: %+v", doc.Diagnostics)
	}
	if s := doc.Diagnostics[2].Suggestions[0]; s.Range.Start.Line != 3 || s.Range.Start.Column != 37 || s.Range.End.Column != 37 || s.Text != ", 'PX', ARGV[1]" {
		t.Errorf("rdjson suggestion = %+v", s)
	}
}
