package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const (
	awkwardFile = "dir with space/a,b:c.lua"
	multiFile   = "src/multi.lua"
	noSrcFile   = "z.lua"
)

var sources = map[string][]string{
	awkwardFile: {
		`local v = redis.call("GET", KEYS[3])`,
		"\tlocal x = ARGV[1]\t-- tab indented",
		"local s = \"caf\xc3\xa9\" .. \"\xff\x1b[31m\" -- bad utf8, ESC",
	},
	multiFile: {
		"local t = {}",
		"for i = 1, #KEYS do",
		"  t[i] = redis.call('GET', KEYS[i])",
		"end",
	},
}

func testRules() []*diag.RuleInfo {
	return []*diag.RuleInfo{
		{
			ID:       "long-span",
			Category: diag.Performance,
			Severity: diag.SeverityWarning,
			Doc: diag.Doc{
				Title: "loop issues one call per key",
				Why:   "Each `redis.call` in a loop is a round trip inside the script.",
				Bad:   "for i = 1, #KEYS do\n  redis.call('GET', KEYS[i])\nend\n",
				Good:  "redis.call('MGET', unpack(KEYS))\n-- a ``` fence inside\n",
			},
		},
		{
			ID:       "style-note",
			Category: diag.Style,
			Severity: diag.SeverityInfo,
			Doc:      diag.Doc{Title: "a note about style"},
		},
		{
			ID:       "undeclared-key",
			Category: diag.Cluster,
			Severity: diag.SeverityError,
			Doc: diag.Doc{
				Title: "key not passed in KEYS",
				Why:   "Redis Cluster routes a script by its declared keys; <other> keys may live on another node.",
				Bad:   "redis.call('GET', 'user:' .. ARGV[1])",
				Good:  "redis.call('GET', KEYS[1])",
			},
		},
	}
}

func finding(file string, l1, c1, l2, c2 int, rule string, sev diag.Severity, msg string) diag.Diagnostic {
	return diag.Diagnostic{
		File:     file,
		Range:    diag.Range{Start: diag.Pos{Line: l1, Column: c1}, End: diag.Pos{Line: l2, Column: c2}},
		Rule:     rule,
		Severity: sev,
		Message:  msg,
	}
}

// withHelpText is d with help h.
func withHelpText(d diag.Diagnostic, h string) diag.Diagnostic {
	d.Help = h
	return d
}

func awkwardResult() *Result {
	ds := []diag.Diagnostic{
		withHelpText(finding(awkwardFile, 1, 29, 1, 36, "undeclared-key", diag.SeverityError,
			`KEYS[3] is read but the call passes 1 key: 100% "sure", <&> 'ok'`),
			"KEYS[3] is nil, and redis.call fails on it: pass 3 keys, or read `KEYS[1]`"),
		finding(awkwardFile, 2, 12, 2, 19, "style-note", diag.SeverityInfo,
			"line one\r\nline two, with: colon %0A"),
		withHelpText(finding(awkwardFile, 3, 12, 3, 17, "undeclared-key", diag.SeverityWarning,
			"bad \xff byte, nul\x00 and bell\a in message"),
			"help with a \xff byte, a line\nbreak, 100% <&> and a comma, here"),
		finding(awkwardFile, 3, 23, 3, 31, "style-note", diag.SeverityInfo,
			"string literal with invalid bytes and ESC"),
		finding(multiFile, 2, 1, 4, 4, "long-span", diag.SeverityWarning,
			"call GET once per key: use MGET instead"),
		finding(multiFile, 3, 3, 3, 3, "long-span", diag.SeverityWarning,
			"same line twice"),
		finding(multiFile, 3, 3, 3, 3, "long-span", diag.SeverityWarning,
			"same line twice"),
		finding(noSrcFile, 1, 1, 1, 1, "not-a-known-rule", diag.SeverityError,
			"no source available for this file"),
	}
	return &Result{
		Files:       5,
		Diagnostics: ds,
		Rules:       testRules(),
		Source: func(file string, line int) (string, bool) {
			ls, ok := sources[file]
			if !ok || line < 1 || line > len(ls) {
				return "", false
			}
			return ls[line-1], true
		},
		ToolVersion: "v0.1.0-test",
	}
}

func emptyResult() *Result {
	return &Result{Files: 3, Rules: testRules(), ToolVersion: "v0.1.0-test"}
}

func render(t *testing.T, name string, opts Options, r *Result) []byte {
	t.Helper()
	f, err := New(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.Format(&buf, r); err != nil {
		t.Fatalf("%s: Format: %v", name, err)
	}
	return buf.Bytes()
}

func checkGolden(t *testing.T, golden string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", golden)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/report -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from output (run go test ./internal/report -update to accept)\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}

func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		golden string
		format string
		opts   Options
		result func() *Result
	}{
		{"text.golden", "text", Options{}, awkwardResult},
		{"text_color.golden", "text", Options{Color: true}, awkwardResult},
		{"text_empty.golden", "text", Options{}, emptyResult},
		{"json.golden", "json", Options{}, awkwardResult},
		{"json_empty.golden", "json", Options{}, emptyResult},
		{"sarif.golden", "sarif", Options{}, awkwardResult},
		{"sarif_empty.golden", "sarif", Options{}, emptyResult},
		{"github.golden", "github", Options{}, awkwardResult},
		{"github_empty.golden", "github", Options{}, emptyResult},
		{"checkstyle.golden", "checkstyle", Options{}, awkwardResult},
		{"checkstyle_empty.golden", "checkstyle", Options{}, emptyResult},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			checkGolden(t, tc.golden, render(t, tc.format, tc.opts, tc.result()))
		})
	}
}

func TestNew(t *testing.T) {
	for _, n := range Names() {
		if _, err := New(n, Options{}); err != nil {
			t.Errorf("New(%q): %v", n, err)
		}
	}
	_, err := New("xml", Options{})
	if err == nil {
		t.Fatal("New(xml) succeeded")
	}
	for _, n := range Names() {
		if !strings.Contains(err.Error(), n) {
			t.Errorf("error %q does not list %q", err, n)
		}
	}
}

func TestTextNoColorWithoutOption(t *testing.T) {
	out := render(t, "text", Options{}, awkwardResult())
	if bytes.Contains(out, []byte("\x1b[")) {
		t.Errorf("colour escape in uncoloured output:\n%s", out)
	}
	out = render(t, "text", Options{Color: true}, awkwardResult())
	if !bytes.Contains(out, []byte("\x1b[")) {
		t.Errorf("no colour escape in coloured output")
	}
}

func TestTextUnderline(t *testing.T) {
	for _, tc := range []struct {
		name       string
		line       string
		rg         diag.Range
		src, under string
	}{
		{"simple", "local x = 1", rng(1, 7, 1, 8), "local x = 1", "      ^"},
		{"tabs kept", "\t\tx = 1", rng(1, 3, 1, 8), "\t\tx = 1", "\t\t^~~~~"},
		{"multi-line to end of first line", "ab cd", rng(1, 4, 3, 2), "ab cd", "   ^~"},
		{"empty span", "abc", rng(1, 2, 1, 2), "abc", " ^"},
		{"past end", "abc", rng(1, 9, 1, 12), "abc", "   ^"},
		{"multibyte prefix", "é = KEYS", rng(1, 6, 1, 10), "é = KEYS", "    ^~~~"},
		{"invalid utf8 and control", "\xff\x1bK", rng(1, 3, 1, 4), "\uFFFD\u241bK", "  ^"},
		{"no column", "abc", rng(1, 0, 1, 0), "abc", ""},
		{"no end", "abc", diag.Range{Start: diag.Pos{Line: 1, Column: 2}}, "abc", " ^"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, under := underline(tc.line, tc.rg)
			if src != tc.src || under != tc.under {
				t.Errorf("underline(%q, %v) = %q, %q; want %q, %q", tc.line, tc.rg, src, under, tc.src, tc.under)
			}
		})
	}
}

func rng(l1, c1, l2, c2 int) diag.Range {
	return diag.Range{Start: diag.Pos{Line: l1, Column: c1}, End: diag.Pos{Line: l2, Column: c2}}
}

func TestTextSummary(t *testing.T) {
	for _, tc := range []struct {
		total, e, w, i, files int
		want                  string
	}{
		{0, 0, 0, 0, 5, "no problems in 5 files"},
		{0, 0, 0, 0, 1, "no problems in 1 file"},
		{3, 1, 2, 0, 5, "3 problems (1 error, 2 warnings, 0 info) in 5 files"},
		{1, 0, 0, 1, 1, "1 problem (0 errors, 0 warnings, 1 info) in 1 file"},
	} {
		if got := summaryLine(tc.total, tc.e, tc.w, tc.i, tc.files); got != tc.want {
			t.Errorf("summaryLine = %q, want %q", got, tc.want)
		}
	}
}

func TestJSONSchema(t *testing.T) {
	type diagnostic struct {
		File      string `json:"file"`
		Line      int    `json:"line"`
		Column    int    `json:"column"`
		EndLine   int    `json:"end_line"`
		EndColumn int    `json:"end_column"`
		Rule      string `json:"rule"`
		Severity  string `json:"severity"`
		Message   string `json:"message"`
		Help      string `json:"help"`
	}
	type output struct {
		Files       int          `json:"files"`
		Diagnostics []diagnostic `json:"diagnostics"`
	}
	for _, r := range []*Result{awkwardResult(), emptyResult()} {
		out := render(t, "json", Options{}, r)
		if !bytes.HasSuffix(out, []byte("}\n")) || bytes.HasSuffix(out, []byte("\n\n")) {
			t.Errorf("want exactly one trailing newline, got %q", out[max(0, len(out)-5):])
		}
		dec := json.NewDecoder(bytes.NewReader(out))
		dec.DisallowUnknownFields()
		var got output
		if err := dec.Decode(&got); err != nil {
			t.Fatalf("decode: %v\n%s", err, out)
		}
		if dec.More() {
			t.Errorf("more than one JSON value in output")
		}
		// Every key present, including for an empty run.
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(out, &raw); err != nil {
			t.Fatal(err)
		}
		if len(raw) != 2 || string(raw["diagnostics"]) == "null" {
			t.Errorf("top level = %s", out)
		}
		if got.Files != r.Files || len(got.Diagnostics) != len(r.Diagnostics) {
			t.Fatalf("got %d files %d diagnostics, want %d %d", got.Files, len(got.Diagnostics), r.Files, len(r.Diagnostics))
		}
		for i, d := range r.Diagnostics {
			want := diagnostic{
				File: d.File, Line: d.Range.Start.Line, Column: d.Range.Start.Column,
				EndLine: d.Range.End.Line, EndColumn: d.Range.End.Column,
				Rule: d.Rule, Severity: d.Severity.String(),
				Message: strings.ToValidUTF8(d.Message, "\uFFFD"),
				Help:    strings.ToValidUTF8(d.Help, "\uFFFD"),
			}
			if !reflect.DeepEqual(got.Diagnostics[i], want) {
				t.Errorf("diagnostic %d = %+v, want %+v", i, got.Diagnostics[i], want)
			}
			var keys []map[string]json.RawMessage
			var top struct {
				Diagnostics *[]map[string]json.RawMessage `json:"diagnostics"`
			}
			top.Diagnostics = &keys
			_ = json.Unmarshal(out, &top)
			// help is left out when the finding has none.
			if want := 8 + boolInt(d.Help != ""); len(keys[i]) != want {
				t.Errorf("diagnostic %d has %d keys, want %d", i, len(keys[i]), want)
			}
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestSARIFValid(t *testing.T) {
	for _, r := range []*Result{awkwardResult(), emptyResult()} {
		out := render(t, "sarif", Options{}, r)
		if !json.Valid(out) {
			t.Fatalf("invalid JSON:\n%s", out)
		}
		var log struct {
			Schema  *string `json:"$schema"`
			Version string  `json:"version"`
			Runs    []struct {
				Tool struct {
					Driver struct {
						Name           string `json:"name"`
						InformationURI string `json:"informationUri"`
						Version        string `json:"version"`
						Rules          []struct {
							ID               string `json:"id"`
							Name             string `json:"name"`
							ShortDescription struct {
								Text string `json:"text"`
							} `json:"shortDescription"`
							Help struct {
								Text     string `json:"text"`
								Markdown string `json:"markdown"`
							} `json:"help"`
							HelpURI              string `json:"helpUri"`
							DefaultConfiguration struct {
								Level string `json:"level"`
							} `json:"defaultConfiguration"`
							Properties struct {
								Tags []string `json:"tags"`
							} `json:"properties"`
						} `json:"rules"`
					} `json:"driver"`
				} `json:"tool"`
				Results []struct {
					RuleID    string `json:"ruleId"`
					RuleIndex *int   `json:"ruleIndex"`
					Level     string `json:"level"`
					Message   struct {
						Text string `json:"text"`
					} `json:"message"`
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct {
								URI       string `json:"uri"`
								URIBaseID string `json:"uriBaseId"`
							} `json:"artifactLocation"`
							Region struct {
								StartLine   int `json:"startLine"`
								StartColumn int `json:"startColumn"`
								EndLine     int `json:"endLine"`
								EndColumn   int `json:"endColumn"`
							} `json:"region"`
						} `json:"physicalLocation"`
					} `json:"locations"`
					PartialFingerprints map[string]string `json:"partialFingerprints"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(out, &log); err != nil {
			t.Fatal(err)
		}
		if log.Schema == nil || *log.Schema != sarifSchema || log.Version != "2.1.0" || len(log.Runs) != 1 {
			t.Fatalf("bad header: %s", out[:200])
		}
		run := log.Runs[0]
		drv := run.Tool.Driver
		if drv.Name != "lint-lua" || drv.InformationURI == "" || drv.Version != strings.TrimPrefix(r.ToolVersion, "v") {
			t.Errorf("driver = %+v", drv)
		}
		if len(drv.Rules) != len(r.Rules) {
			t.Fatalf("%d rules, want %d", len(drv.Rules), len(r.Rules))
		}
		for i, rule := range drv.Rules {
			if rule.ID != r.Rules[i].ID || rule.Name == "" || rule.ShortDescription.Text == "" ||
				rule.Help.Text == "" || rule.Help.Markdown == "" || rule.HelpURI != r.Rules[i].HelpURI() ||
				rule.DefaultConfiguration.Level == "" || len(rule.Properties.Tags) != 1 {
				t.Errorf("rule %d incomplete: %+v", i, rule)
			}
		}
		if drv.Rules[0].Name != "LongSpan" || !strings.Contains(drv.Rules[0].Help.Markdown, "````lua\n") {
			t.Errorf("rule 0 = %+v", drv.Rules[0])
		}
		if drv.Rules[1].DefaultConfiguration.Level != "note" {
			t.Errorf("info rule level = %q, want note", drv.Rules[1].DefaultConfiguration.Level)
		}
		if !bytes.Contains(out, []byte(`"results": [`)) {
			t.Errorf("results missing or null")
		}
		if len(run.Results) != len(r.Diagnostics) {
			t.Fatalf("%d results, want %d", len(run.Results), len(r.Diagnostics))
		}
		fps := map[string]bool{}
		for i, res := range run.Results {
			d := r.Diagnostics[i]
			loc := res.Locations
			if res.RuleID != d.Rule || res.Level == "" || res.Message.Text == "" || len(loc) != 1 ||
				loc[0].PhysicalLocation.ArtifactLocation.URI == "" || loc[0].PhysicalLocation.Region.StartLine < 1 {
				t.Errorf("result %d incomplete: %+v", i, res)
			}
			if res.RuleIndex != nil && drv.Rules[*res.RuleIndex].ID != d.Rule {
				t.Errorf("result %d ruleIndex %d points at %s", i, *res.RuleIndex, drv.Rules[*res.RuleIndex].ID)
			}
			if (res.RuleIndex == nil) != (d.Rule == "not-a-known-rule") {
				t.Errorf("result %d ruleIndex = %v", i, res.RuleIndex)
			}
			fp := res.PartialFingerprints["primaryLocationLineHash"]
			if fp == "" || fps[fp] {
				t.Errorf("result %d fingerprint %q empty or repeated", i, fp)
			}
			fps[fp] = true
		}
		if len(run.Results) > 0 {
			got := run.Results[0].Locations[0].PhysicalLocation.ArtifactLocation
			if got.URI != "dir%20with%20space/a%2Cb%3Ac.lua" || got.URIBaseID != "%SRCROOT%" {
				t.Errorf("artifact = %+v", got)
			}
			// "é" is two bytes but one code point.
			reg := run.Results[2].Locations[0].PhysicalLocation.Region
			if reg.StartColumn != 12 || reg.EndColumn != 16 {
				t.Errorf("code point columns = %d..%d, want 12..16", reg.StartColumn, reg.EndColumn)
			}
		}
	}
}

func TestSARIFFingerprintStable(t *testing.T) {
	a := awkwardResult()
	b := awkwardResult()
	// Shift every line down: the fingerprint follows the text, not the line.
	for i := range b.Diagnostics {
		b.Diagnostics[i].Range.Start.Line += 10
		b.Diagnostics[i].Range.End.Line += 10
	}
	src := a.Source
	b.Source = func(f string, l int) (string, bool) { return src(f, l-10) }
	outA := render(t, "sarif", Options{}, a)
	outB := render(t, "sarif", Options{}, b)
	fp := func(out []byte) []string {
		var log struct {
			Runs []struct {
				Results []struct {
					PartialFingerprints map[string]string `json:"partialFingerprints"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(out, &log); err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, r := range log.Runs[0].Results {
			s = append(s, r.PartialFingerprints["primaryLocationLineHash"])
		}
		return s
	}
	if fa, fb := fp(outA), fp(outB); !reflect.DeepEqual(fa, fb) {
		t.Errorf("fingerprints moved with the lines:\n%v\n%v", fa, fb)
	}
}

func TestArtifactURI(t *testing.T) {
	for _, tc := range []struct{ file, uri, base string }{
		{"a.lua", "a.lua", "%SRCROOT%"},
		{"./x/a.lua", "x/a.lua", "%SRCROOT%"},
		{"a b/c#d?.lua", "a%20b/c%23d%3F.lua", "%SRCROOT%"},
		{"50%.lua", "50%25.lua", "%SRCROOT%"},
		{"ü.lua", "%C3%BC.lua", "%SRCROOT%"},
		{"/abs/x y.lua", "file:///abs/x%20y.lua", ""},
	} {
		got := artifactFor(tc.file)
		if got.URI != tc.uri || got.URIBaseID != tc.base {
			t.Errorf("artifactFor(%q) = %+v, want %q %q", tc.file, got, tc.uri, tc.base)
		}
	}
}

func TestGitHubEscaping(t *testing.T) {
	r := &Result{Diagnostics: []diag.Diagnostic{
		finding("a, b:c%.lua", 1, 2, 1, 3, "x-rule", diag.SeverityInfo, "50% a\r\nb: c, d"),
	}}
	got := string(render(t, "github", Options{}, r))
	want := "::notice file=a%2C b%3Ac%25.lua,line=1,col=2,endLine=1,endColumn=3,title=x-rule::50%25 a%0D%0Ab: c, d\n"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestCheckstyleWellFormed(t *testing.T) {
	r := awkwardResult()
	out := render(t, "checkstyle", Options{}, r)
	var doc struct {
		XMLName xml.Name `xml:"checkstyle"`
		Version string   `xml:"version,attr"`
		Files   []struct {
			Name   string `xml:"name,attr"`
			Errors []struct {
				Line     int    `xml:"line,attr"`
				Column   int    `xml:"column,attr"`
				Severity string `xml:"severity,attr"`
				Message  string `xml:"message,attr"`
				Source   string `xml:"source,attr"`
			} `xml:"error"`
		} `xml:"file"`
	}
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatalf("not well-formed: %v\n%s", err, out)
	}
	if doc.Version != "8.0" || len(doc.Files) != 3 || doc.Files[0].Name != awkwardFile {
		t.Fatalf("doc = %+v", doc)
	}
	e := doc.Files[0].Errors
	if len(e) != 4 || e[0].Message != withHelp(r.Diagnostics[0], " — ") || e[0].Source != "lint-lua.undeclared-key" ||
		e[1].Message != r.Diagnostics[1].Message || e[1].Severity != "info" {
		t.Errorf("errors = %+v", e)
	}
	if e[2].Message != "bad \uFFFD byte, nul and bell in message — help with a \uFFFD byte, a line\nbreak, 100% <&> and a comma, here" {
		t.Errorf("control characters not stripped: %q", e[2].Message)
	}
}

func FuzzUnderline(f *testing.F) {
	f.Add("\tlocal x = KEYS[1]", 1, 3, 1, 8)
	f.Add("caf\xc3\xa9\xff\x1b", 1, 4, 2, 1)
	f.Fuzz(func(t *testing.T, line string, l1, c1, l2, c2 int) {
		src, under := underline(line, rng(l1, c1, l2, c2))
		if strings.ContainsAny(src+under, "\n\r\x1b") {
			t.Errorf("control character escaped sanitizing: %q %q", src, under)
		}
	})
}

// FuzzUnderlinePlain checks the ASCII fast path of the text format's
// underline against the general one.
func FuzzUnderlinePlain(f *testing.F) {
	f.Add("\tlocal x = redis.call('GET', KEYS[1])", 2, 3, 2, 9)
	f.Add("abc", 1, 9, 1, 2)
	f.Fuzz(func(t *testing.T, line string, sl, sc, el, ec int) {
		if !plain(line, true) || sc < 1 {
			return
		}
		rg := diag.Range{Start: diag.Pos{Line: sl, Column: sc}, End: diag.Pos{Line: el, Column: ec}}
		src, want := underlineRunes(line, rg)
		if src != line {
			t.Fatalf("sanitize changed a plain line: %q -> %q", line, src)
		}
		if got := underlinePlain(line, rg); got != want {
			t.Fatalf("underline(%q, %v) = %q, want %q", line, rg, got, want)
		}
	})
}

// underlinePlain must mark what markers marks, one unit a byte.
func TestUnderlinePlainMatchesMarkers(t *testing.T) {
	for _, line := range []string{"", "x", "\tlocal v = redis.call('GET', KEYS[1])", "a\t\tb  c", "        return 1"} {
		for sl := 1; sl <= 2; sl++ {
			for sc := 1; sc <= len(line)+2; sc++ {
				for ec := 0; ec <= len(line)+3; ec++ {
					for _, el := range []int{sl - 1, sl, sl + 1} {
						rg := diag.Range{Start: diag.Pos{Line: sl, Column: sc}, End: diag.Pos{Line: el, Column: ec}}
						start, end := markedBytes(line, rg)
						want := markers(len(line), func(i int) (int, bool) { return i, line[i] == '\t' }, start, end)
						if got := underlinePlain(line, rg); got != want {
							t.Fatalf("underlinePlain(%q, %v) = %q, markers gives %q", line, rg, got, want)
						}
					}
				}
			}
		}
	}
}

// plain must agree with a byte-by-byte test, across its word boundaries.
func TestPlainMatchesBytes(t *testing.T) {
	edge := []byte{'\t', 0x00, 0x1f, ' ', 'a', '~', 0x7f, 0x80, 0xc3, 0xff}
	for n := 0; n < 300_000; n++ {
		b := make([]byte, 3+n%19)
		k := uint(n)
		for i := range b {
			b[i] = 'x'
			if k%3 == 0 {
				b[i] = edge[(k/3)%uint(len(edge))]
			}
			k = k*31 + uint(i) + 7
		}
		for _, keepTab := range []bool{false, true} {
			want := true
			for _, c := range b {
				if (c < 0x20 || c >= 0x7f) && !(c == '\t' && keepTab) {
					want = false
				}
			}
			if got := plain(string(b), keepTab); got != want {
				t.Fatalf("plain(%q, %v) = %v, want %v", b, keepTab, got, want)
			}
		}
	}
}
