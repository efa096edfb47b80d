package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
)

// TestTextQuotesAWindow: a finding on a long line quotes QuoteMax bytes
// around its span, with ellipses where the line is cut and the underline
// still under the span (issue 19 item 11: a one-line script quoted whole for
// each of its findings made hundreds of gigabytes).
func TestTextQuotesAWindow(t *testing.T) {
	line := strings.Repeat("x=1 ", 5000) // 20,000 bytes
	for _, col := range []int{1, 401, 10001, 19997} {
		r := &Result{Files: 1, Diagnostics: []diag.Diagnostic{finding("a.lua", 1, col, 1, col+3, "global-assignment", diag.SeverityError, "assignment")}}
		r.Source = func(string, int) (string, bool) { return line, true }
		out := strings.Split(string(render(t, "text", Options{}, r)), "\n")
		src, under := out[1], out[2]
		if len(src) > QuoteMax+2*len(ellipsis) {
			t.Errorf("column %d: quoted %d bytes", col, len(src))
		}
		if (col > 1) != strings.HasPrefix(src, ellipsis) || (col < 19997) != strings.HasSuffix(src, ellipsis) {
			t.Errorf("column %d: ellipses wrong: %q", col, src)
		}
		at := strings.Index(under, "^~~")
		if at < 0 || src[at:at+3] != "x=1" {
			t.Errorf("column %d: the underline is not under the span:\n%s\n%s", col, src, under)
		}
	}
	// Cut at a rune boundary, never inside a character.
	wide := strings.Repeat("é", 300) + "x" + strings.Repeat("é", 300)
	r := &Result{Files: 1, Diagnostics: []diag.Diagnostic{finding("a.lua", 1, 601, 1, 602, "r", diag.SeverityError, "m")}}
	r.Source = func(string, int) (string, bool) { return wide, true }
	out := strings.Split(string(render(t, "text", Options{}, r)), "\n")
	if strings.ContainsRune(out[1], '\uFFFD') || !strings.Contains(out[1], "x") {
		t.Errorf("wide line: %q", out[1])
	}
	// One marker column per rune.
	if runeIndex(out[1], 'x') != strings.Index(out[2], "^") {
		t.Errorf("wide line: underline %q under %q", out[2], out[1])
	}
	// A short line is quoted whole, as before.
	r = &Result{Files: 1, Diagnostics: []diag.Diagnostic{finding("a.lua", 1, 3, 1, 4, "r", diag.SeverityError, "m")}}
	r.Source = func(string, int) (string, bool) { return "x = 1", true }
	if out := string(render(t, "text", Options{}, r)); !strings.Contains(out, "\nx = 1\n  ^\n") {
		t.Errorf("short line:\n%s", out)
	}
}

func runeIndex(s string, r rune) int {
	for i, c := range []rune(s) {
		if c == r {
			return i
		}
	}
	return -1
}

// TestTextCapsFindingsPerFile: past MaxPerFile findings of one file the text
// format says how many more there are; the summary counts them all, and
// the next file's findings are shown.
func TestTextCapsFindingsPerFile(t *testing.T) {
	r := &Result{Files: 2}
	for i := 1; i <= MaxPerFile+50; i++ {
		r.Diagnostics = append(r.Diagnostics, finding("a.lua", i, 1, i, 2, "r", diag.SeverityWarning, fmt.Sprint("finding ", i)))
	}
	r.Diagnostics = append(r.Diagnostics, finding("b.lua", 1, 1, 1, 2, "r", diag.SeverityWarning, "b's finding"))
	r.Diagnostics = append(r.Diagnostics, finding("c.lua", 1, 1, 1, 2, "r", diag.SeverityWarning, "c's finding"))
	out := string(render(t, "text", Options{}, r))
	want := fmt.Sprintf("a.lua: 50 more problems not shown (the text format shows %d a file; --format json lists them all)\nb.lua:1:1:", MaxPerFile)
	if !strings.Contains(out, want) || strings.Contains(out, fmt.Sprint("finding ", MaxPerFile+1, " ")) ||
		!strings.Contains(out, fmt.Sprint("finding ", MaxPerFile, " ")) || !strings.Contains(out, "c's finding") {
		t.Errorf("output:\n%s", out)
	}
	if !strings.HasSuffix(out, "152 problems (0 errors, 152 warnings, 0 info) in 2 files\n") {
		t.Errorf("summary: %s", out[strings.LastIndex(out[:len(out)-1], "\n")+1:])
	}
}

// FuzzTextWindow: window never panics, quotes a piece of the line of at
// most QuoteMax bytes, and the text format renders it, on any line and
// span.
func FuzzTextWindow(f *testing.F) {
	f.Add(strings.Repeat("é", 300)+"x", 601, 602)
	f.Add(strings.Repeat("x=1 ", 100), 1, 500)
	f.Add("\xff\xfe"+strings.Repeat("\t", 300), -3, 2)
	f.Fuzz(func(t *testing.T, line string, c1, c2 int) {
		rg := diag.Range{Start: diag.Pos{Line: 1, Column: c1}, End: diag.Pos{Line: 1, Column: c2}}
		part, _, _, _ := window(line, rg)
		if len(part) > max(QuoteMax, 0) && len(line) > QuoteMax || !strings.Contains(line, part) {
			t.Fatalf("window(%q, %v) = %q", line, rg, part)
		}
		r := &Result{Files: 1, Diagnostics: []diag.Diagnostic{{File: "a.lua", Range: rg, Rule: "r", Message: "m"}}}
		r.Source = func(string, int) (string, bool) { return line, true }
		render(t, "text", Options{}, r)
	})
}
