package lint_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/rules"
)

// FuzzLint runs every rule over arbitrary bytes: nothing may panic (the
// engine turns a rule's panic into an "internal error" diagnostic, which
// counts as a failure here), every range must lie inside the file, and every
// message must say something. The diagnostics are also rendered in every
// output format, since the CLI does that next.
//
//	go test -run '^$' -fuzz FuzzLint -parallel 1 ./internal/lint/
func FuzzLint(f *testing.F) {
	for _, src := range seedSources(f) {
		f.Add(src)
	}
	all := rules.Catalogue().All()
	f.Fuzz(func(t *testing.T, src []byte) {
		checkLint(t, src, all)
	})
}

// seedSources are the examples and every rule fixture.
func seedSources(tb testing.TB) [][]byte {
	tb.Helper()
	var out [][]byte
	files, _ := filepath.Glob("../../examples/*.lua")
	more, _ := filepath.Glob("../../rules/*/testdata/*.lua")
	for _, p := range append(files, more...) {
		src, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, src)
	}
	if len(out) == 0 {
		tb.Fatal("no seed files found")
	}
	return out
}

// checkLint lints src with rules and checks the invariants every
// diagnostic must keep; it returns the diagnostics.
func checkLint(t *testing.T, src []byte, all []*lint.Rule) []diag.Diagnostic {
	t.Helper()
	const name = "fuzz.lua"
	file := luasrc.Parse(name, src)
	ds := lint.Run(file, lint.Config{Rules: all})
	lines := file.LineCount()
	for _, d := range ds {
		if d.File != name {
			t.Errorf("%s: file %q, want %q", d.Rule, d.File, name)
		}
		if d.Rule == "" || strings.TrimSpace(d.Message) == "" {
			t.Errorf("diagnostic without rule or message: %+v", d)
		}
		if strings.Contains(d.Message, "internal error") {
			t.Errorf("%s: %s", d.Rule, d.Message)
		}
		if d.Severity < diag.SeverityInfo || d.Severity > diag.SeverityError {
			t.Errorf("%s: severity %d", d.Rule, d.Severity)
		}
		s, e := d.Range.Start, d.Range.End
		for _, p := range []diag.Pos{s, e} {
			if p.Line < 1 || p.Line > lines+1 || p.Column < 1 {
				t.Errorf("%s: range %v outside the file (%d lines): %s", d.Rule, d.Range, lines, d.Message)
			}
			if text, ok := file.Line(p.Line); ok && p.Column > len(text)+1 {
				t.Errorf("%s: range %v past the end of line %d (%d bytes): %s", d.Rule, d.Range, p.Line, len(text), d.Message)
			}
		}
		if e.Line < s.Line || (e.Line == s.Line && e.Column < s.Column) {
			t.Errorf("%s: range %v ends before it starts: %s", d.Rule, d.Range, d.Message)
		}
	}
	res := &report.Result{Files: 1, Diagnostics: ds, Rules: lint.Infos(all), ToolVersion: "fuzz",
		Source: func(_ string, line int) (string, bool) { return file.Line(line) }}
	for _, format := range report.Names() {
		for _, color := range []bool{false, true} {
			fm, err := report.New(format, report.Options{Color: color})
			if err != nil {
				t.Fatal(err)
			}
			if err := fm.Format(&bytes.Buffer{}, res); err != nil {
				t.Errorf("%s: %v", format, err)
			}
		}
	}
	return ds
}

// TestHostileInputs feeds inputs built to exhaust the parser, the model or
// the rules: each must come back (no timing is asserted, only that it
// completes) without a panic, with ranges inside the file, and where Lua
// 5.1 refuses the input, with a syntax error saying why.
func TestHostileInputs(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	garbage := make([]byte, 64<<10)
	rng.Read(garbage)
	cases := []struct {
		name, src string
		// want is a regexp-free substring of the first syntax error, or ""
		// when the input may lint cleanly.
		want string
	}{
		{"10MB of (", strings.Repeat("(", 10<<20), "too many syntax levels"},
		{"1MB line", "local x = '" + strings.Repeat("a", 1<<20) + "' return x", ""},
		{"1MB comment line", "-- " + strings.Repeat("x", 1<<20), ""},
		{"100k nested do", strings.Repeat("do ", 100000) + strings.Repeat("end ", 100000), "too many syntax levels"},
		{"1e6 unary minus", "return " + strings.Repeat("- ", 1000000) + "1", "too many syntax levels"},
		{"300 unary not", "return " + strings.Repeat("not ", 300) + "1", "too many syntax levels"},
		{"200k concatenation", "local a = 'x' return a" + strings.Repeat("..a", 200000), "too many syntax levels"},
		{"300 power", "local a = 2 return a" + strings.Repeat("^a", 300), "too many syntax levels"},
		{"20k addition", "local a = 1 return a" + strings.Repeat("+a", 20000), "nested too deeply"},
		{"20k or", "local a = false return a" + strings.Repeat(" or a", 20000), "nested too deeply"},
		{"20k field chain", "local a = {} return a" + strings.Repeat(".a", 20000), "nested too deeply"},
		{"20k call chain", "local function f() return f end return f" + strings.Repeat("()", 20000), "nested too deeply"},
		{"20k index chain", "local a = {} return a" + strings.Repeat("[1]", 20000), "nested too deeply"},
		{"20k elseif", "local a = 1 if a == 0 then " + strings.Repeat("elseif a == 1 then ", 20000) + "end", "nested too deeply"},
		{"binary garbage", string(garbage), ""},
		{"NUL bytes", "local x = 1\x00\x00 return x", ""},
		{"only NUL", strings.Repeat("\x00", 1000), ""},
		{"NUL in string", "return redis.call('GET', '\x00key')", ""},
		{"invalid UTF-8 in string", "return redis.call('GET', '\xff\xfe\xc3')", ""},
		{"invalid UTF-8 in comment", "-- \xff\xfe\xc3\n--[[ \xc0\x80 ]] return 1", ""},
		{"invalid UTF-8 in long string", "return [==[\xff\n\xfe]==]", ""},
		{"lone CR line ends", "local x = 1\rreturn x\r", ""},
		{"CR LF mixed", "local x = 1\r\n\n\rreturn x\n\r", ""},
		// Values that double at every step: the model bounds how much one
		// value may hold, or these take exponential time and memory.
		{"doubling concatenation", "local a = KEYS[1]\n" + strings.Repeat("a = a .. a\n", 60) + "return redis.call('GET', a)", ""},
		{"doubling literal concatenation", "local a = 'k'\n" + strings.Repeat("a = a .. a\n", 60) + "return redis.call('GET', a)", ""},
		{"doubling arithmetic", "local n = tonumber(ARGV[1])\n" + strings.Repeat("n = n + n\n", 60) + "for i = 1, n do redis.call('INCR', KEYS[1]) end", ""},
		{"joined doubling arithmetic", "local a, c = 1, 1\n" + strings.Repeat("a = a + a\n", 60) + strings.Repeat("c = c + c\n", 60) +
			"local b = a\nif ARGV[1] then b = c end\nreturn b", ""},
		// One ignore and one finding per line: suppressions must not
		// compare every finding with every ignore.
		{"50k ignores", strings.Repeat("x = 1 -- lint-lua: ignore global-assignment -- ok\n", 50000), ""},
		{"tonumber chain", "local a = ARGV[1]\n" + strings.Repeat("a = tonumber(a)\n", 2000) + "for i = 1, a do end", ""},
		// Every form that nests gopher-lua's recursive parser, 100,000
		// deep: the bound must refuse each before the parser runs.
		{"100k nested parentheses", "return " + strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000), "too many syntax levels"},
		{"100k nested tables", "return " + strings.Repeat("{", 100000) + strings.Repeat("}", 100000), "too many syntax levels"},
		{"100k nested table keys", "return " + strings.Repeat("{[", 100000) + "1" + strings.Repeat("]=1}", 100000), "too many syntax levels"},
		{"100k nested calls", "return " + strings.Repeat("f(", 100000) + strings.Repeat(")", 100000), "too many syntax levels"},
		{"100k nested index", "return " + strings.Repeat("a[", 100000) + "1" + strings.Repeat("]", 100000), "too many syntax levels"},
		{"100k nested functions", "return " + strings.Repeat("function() return ", 100000) + "1" + strings.Repeat(" end", 100000), "too many syntax levels"},
		{"100k nested if", strings.Repeat("if x then ", 100000) + strings.Repeat("end ", 100000), "too many syntax levels"},
		{"100k nested while", strings.Repeat("while x do ", 100000) + strings.Repeat("end ", 100000), "too many syntax levels"},
		{"100k nested repeat", strings.Repeat("repeat ", 100000) + strings.Repeat("until x ", 100000), "too many syntax levels"},
		{"100k nested for", strings.Repeat("for i = 1, 2 do ", 100000) + strings.Repeat("end ", 100000), "too many syntax levels"},
		{"100k unary length", "return " + strings.Repeat("#", 100000) + "t", "too many syntax levels"},
		{"100k right-associative power", "local a = 2 return a" + strings.Repeat("^a", 100000), "too many syntax levels"},
		{"100k method chain", "local a = {} return a" + strings.Repeat(":b()", 100000), "nested too deeply"},
		{"100k string call chain", "local f = print return f" + strings.Repeat("'x'", 100000), "nested too deeply"},
		{"100k table call chain", "local f = print return f" + strings.Repeat("{}", 100000), "nested too deeply"},
		{"100k unclosed brackets", "x = " + strings.Repeat("{(", 100000), "too many syntax levels"},
	}
	all := rules.Catalogue().All()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// Each input is linted alone; the engine's pools are safe
			// for concurrent use, as the CLI's workers share them.
			t.Parallel()
			ds := checkLint(t, []byte(c.src), all)
			if c.want == "" {
				return
			}
			for _, d := range ds {
				if d.Rule == lint.SyntaxErrorID {
					if !strings.Contains(d.Message, c.want) {
						t.Errorf("syntax error %q, want %q", d.Message, c.want)
					}
					return
				}
			}
			t.Errorf("no syntax error, want %q", c.want)
		})
	}
}

// TestLimitsReportedOnce: a function past one of Lua 5.1's limits gets
// one syntax error for it, as Lua stops at the first, however many later
// lines pass it again: 740 KB of `local x = redis.call(...)` gave 19,753
// errors, one per line past the 250 registers (issue 19 item 12).
func TestLimitsReportedOnce(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"locals then registers", strings.Repeat("local x = redis.call('GET', KEYS[1])\n", 2000), "more than 200 local variables"},
		{"locals in and out of scope", "local function f()\n" + strings.Repeat("local a = 1\n", 199) + strings.Repeat("do local b, c = 1, 2 end\n", 500) + "end\n", "more than 200 local variables"},
		{"registers", "local a = 1\n" + strings.Repeat("f("+strings.Repeat("a, ", 260)+"a)\n", 50), "too complex"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var errs []string
			for _, d := range checkLint(t, []byte(c.src), rules.Catalogue().All()) {
				if d.Rule == lint.SyntaxErrorID {
					errs = append(errs, d.Message)
				}
			}
			if len(errs) != 1 || !strings.Contains(errs[0], c.want) {
				t.Errorf("%d syntax errors %q, want one with %q", len(errs), errs[:min(len(errs), 3)], c.want)
			}
		})
	}
}

// TestSuppressionCoverage pins down which lines an ignore covers now that
// ignores are looked up by line: every ignore covering a finding counts as
// used, whether file-wide, trailing or on the line before.
func TestSuppressionCoverage(t *testing.T) {
	src := "-- lint-lua: ignore-file global-assignment -- legacy\n" +
		"x = 1 -- lint-lua: ignore global-assignment -- here too\n" +
		"--[[ lint-lua: ignore global-assignment\n" +
		"]]\n" +
		"y = 2\n" +
		"z = 3 -- lint-lua: ignore undeclared-key -- nothing here\n"
	var got []string
	for _, d := range lintSource("t.lua", []byte(src), rules.Catalogue().All(), nil) {
		got = append(got, fmt.Sprintf("%d:%s", d.Range.Start.Line, d.Rule))
	}
	if want := []string{"6:unused-ignore"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("diagnostics %v, want %v", got, want)
	}
}
