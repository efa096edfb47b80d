package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
)

// fixResult has one finding with a fix and one without, on a real line.
func fixResult() *Result {
	src := []string{"local v = redis.call('GET', KEYS[1])", "if v == nil then return 0 end"}
	fixed := finding("fix.lua", 2, 4, 2, 12, "nil-reply-compare", diag.SeverityError,
		"v (the GET reply) is never nil in a script (RESP2)")
	fixed.Fix = &diag.Fix{Message: "replace v == nil with not v", Edits: []diag.Edit{{Start: 40, End: 48, New: "not v"}}}
	return &Result{
		Files: 1,
		Diagnostics: []diag.Diagnostic{
			finding("fix.lua", 1, 11, 1, 37, "undeclared-key", diag.SeverityWarning, "no fix for this one"),
			fixed,
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
		Message string `json:"message"`
		Edits   []struct {
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
	if fix.Message != "replace v == nil with not v" || len(fix.Edits) != 1 || fix.Edits[0].Offset != 40 || fix.Edits[0].EndOffset != 48 || fix.Edits[0].NewText != "not v" {
		t.Errorf("fix = %+v", fix)
	}
}
