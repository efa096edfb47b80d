package analyzer

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// locate returns "file:line:col-line:col" for the first occurrence of
// needle in the file at path, columns in bytes: where a finding on that
// text must be reported.
func locate(t *testing.T, path, needle string) string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(src, []byte(needle))
	if i < 0 {
		t.Fatalf("%s: no %q", path, needle)
	}
	pos := func(off int) (int, int) {
		line := 1 + bytes.Count(src[:off], []byte("\n"))
		return line, off - (bytes.LastIndexByte(src[:off], '\n') + 1) + 1
	}
	l1, c1 := pos(i)
	l2, c2 := pos(i + len(needle))
	return fmt.Sprintf("%s:%d:%d-%d:%d", filepath.Base(path), l1, c1, l2, c2)
}

// only keeps the diagnostics of one rule.
func only(ds []string, rule string) []string {
	var out []string
	for _, d := range ds {
		if strings.HasSuffix(d, "("+rule+")") || strings.HasSuffix(d, "("+rule+", warning)") || strings.HasSuffix(d, "("+rule+", info)") {
			out = append(out, d)
		}
	}
	return out
}

// TestPositions checks the exact line and column ranges of findings in
// interpreted strings with every kind of escape, raw multi-line strings,
// concatenations across files, fmt.Sprintf, a constant of another package
// and an embedded file.
func TestPositions(t *testing.T) {
	t.Parallel()
	dir := analysistest.TestData()
	src := filepath.Join(dir, "src", "positions", "positions.go")
	other := filepath.Join(dir, "src", "positions", "other.go")
	got := only(findings(t, mainFixtures, testAnalyzer(t, Settings{}), "positions"), "unknown-command")
	want := map[string]string{}
	for _, name := range []string{"GETT", "SETT", "INCRR", "DECRR", "HSETT", "LPUSHH"} {
		want[name] = locate(t, src, "'"+name+"'")
	}
	want["RPUSHH"] = locate(t, other, "'RPUSHH'")
	// Another package's constant: the whole use site, and the place in the
	// script in the message.
	want["HGETT"] = locate(t, src, "luaconsts.Bad") + ": script line 2:19"
	if len(got) != len(want) {
		t.Errorf("got %d findings, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for name, w := range want {
		found := false
		for _, g := range got {
			if strings.Contains(g, `"`+name+`" is not a known command`) {
				found = true
				if !strings.HasPrefix(g, w) {
					t.Errorf("%s: got %s, want it at %s", name, g, w)
				}
			}
		}
		if !found {
			t.Errorf("%s: no finding", name)
		}
	}
}

// TestEmbedded checks that a script embedded from a .lua file is linted in
// that file, once however many calls use it.
func TestEmbedded(t *testing.T) {
	t.Parallel()
	dir := analysistest.TestData()
	got := findings(t, mainFixtures, testAnalyzer(t, Settings{}), "embedded")
	w := locate(t, filepath.Join(dir, "src", "embedded", "script.lua"), `"SADDD"`)
	if len(got) != 1 || !strings.HasPrefix(got[0], w+`: "SADDD" is not a known command`) {
		t.Errorf("got:\n%s\nwant one finding at %s", strings.Join(got, "\n"), w)
	}
}

// crlfSource is a Go file written with CRLF line ends: go/scanner drops
// the carriage returns from raw strings, so the script is shorter than its
// source and every later byte must still map to its place in the file.
const crlfSource = "package crlf\r\n" +
	"\r\n" +
	"import (\r\n" +
	"\t\"context\"\r\n" +
	"\r\n" +
	"\t\"github.com/redis/go-redis/v9\"\r\n" +
	")\r\n" +
	"\r\n" +
	"func f(ctx context.Context, rdb *redis.Client) {\r\n" +
	"\trdb.Eval(ctx, `\r\n" +
	"local a = 1\r\n" +
	"local b = 2\r\n" +
	"return redis.call('ZADDD', KEYS[1])\r\n" +
	"`, []string{\"k\"})\r\n" +
	"\trdb.Eval(ctx, \"local c = '\\\\r\\\\n'\\r\\nreturn redis.call('LPOPP', KEYS[1])\", []string{\"k\"})\r\n" +
	"\t//lint-lua:ignore unknown-command the directive works in a CRLF file\r\n" +
	"\trdb.Eval(ctx, `return redis.call('RPOPP', KEYS[1])`, []string{\"k\"})\r\n" +
	"}\r\n"

func TestPositionsCRLF(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "src", "github.com"), os.DirFS(filepath.Join(analysistest.TestData(), "src", "github.com"))); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "src", "crlf", "crlf.go")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(crlfSource), 0o644); err != nil {
		t.Fatal(err)
	}
	got := only(findings(t, &fixtureTree{dir: dir}, testAnalyzer(t, Settings{}), "crlf"), "unknown-command")
	want := []string{
		locate(t, path, "'ZADDD'") + `: "ZADDD" is not a known command`,
		locate(t, path, "'LPOPP'") + `: "LPOPP" is not a known command`,
	}
	if len(got) != len(want) {
		t.Fatalf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("got %s, want %s", got[i], want[i])
		}
	}
}

// litOf parses a one-declaration Go file and returns its string literal.
func litOf(t testing.TB, fset *token.FileSet, src []byte) (*token.File, *ast.BasicLit) {
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	var lit *ast.BasicLit
	ast.Inspect(f, func(n ast.Node) bool {
		if b, ok := n.(*ast.BasicLit); ok && lit == nil {
			lit = b
		}
		return true
	})
	return fset.File(f.Pos()), lit
}

// checkLitText checks that litText decodes the literal of src to want and
// that every byte maps inside the literal, in order. It returns the text
// and the literal's position.
func checkLitText(t testing.TB, src []byte, want string) (*text, token.Pos) {
	fset := token.NewFileSet()
	tf, lit := litOf(t, fset, src)
	got := litText(tf, lit, src)
	if got == nil {
		t.Fatalf("%q: not decoded", src)
	}
	if got.s != want {
		t.Fatalf("%q: decoded %q, want %q", src, got.s, want)
	}
	// The literal's true end: its Value is its source, except for the
	// carriage returns of a raw string.
	off := tf.Offset(lit.Pos())
	end := lit.End()
	if src[off] == '`' {
		end = tf.Pos(off + 1 + bytes.IndexByte(src[off+1:], '`') + 1)
	}
	prev := lit.Pos()
	for i := range got.s {
		if got.start[i] <= lit.Pos() || got.end[i] >= end || got.start[i] >= got.end[i] || got.start[i] < prev || !got.exact[i] {
			t.Fatalf("%q: byte %d maps to [%d,%d), literal is [%d,%d)", src, i, got.start[i], got.end[i], lit.Pos(), end)
		}
		prev = got.start[i]
	}
	return got, lit.Pos()
}

func TestLitText(t *testing.T) {
	cases := []struct {
		lit  string
		want string
		// at maps a byte of the decoded text to the offset in the
		// literal (0 = the opening quote) where its source starts.
		at map[int]int
	}{
		{`"a\tb"`, "a\tb", map[int]int{0: 1, 1: 2, 2: 4}},
		{`"\x41\101\u00e9z"`, "AA\u00e9z", map[int]int{0: 1, 1: 5, 2: 9, 3: 9, 4: 15}},
		{`"\U0001F600!"`, "\U0001F600!", map[int]int{0: 1, 3: 1, 4: 11}},
		{`"\\\""`, `\"`, map[int]int{0: 1, 1: 3}},
		{`"été"`, "été", map[int]int{0: 1, 1: 2, 2: 3, 3: 4}},
		{"`a\r\nb`", "a\nb", map[int]int{0: 1, 1: 3, 2: 4}},
		{"`\r\r\rx`", "x", map[int]int{0: 4}},
	}
	for _, c := range cases {
		got, pos := checkLitText(t, []byte("package p\n\nvar x = "+c.lit+"\n"), c.want)
		for i, off := range c.at {
			if g := int(got.start[i] - pos); g != off {
				t.Errorf("%s: byte %d starts at offset %d of the literal, want %d", c.lit, i, g, off)
			}
		}
	}
}

// canRaw reports whether s can be written as a raw string literal with
// CRLF line ends. Each line is checked on its own: removing the line breaks
// first can join two bytes into valid UTF-8 ("\xdd\n\xaf" became U+076F),
// while the file holds them apart, which Go refuses (found by FuzzLitText).
func canRaw(s string) bool {
	if strings.ContainsAny(s, "`\r") {
		return false
	}
	for _, line := range strings.Split(s, "\n") {
		if !strconv.CanBackquote(line) {
			return false
		}
	}
	return true
}

// FuzzLitText checks that any string, written as an interpreted literal or
// (when it can be) a raw one with CRLF line ends, decodes to itself with
// every byte mapped inside the literal, in order.
func FuzzLitText(f *testing.F) {
	for _, s := range []string{"", "return 1", "a\tb\nc", "\x00\xff", "été ☃", "\r\n", "`"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkLitText(t, []byte("package p\n\nvar x = "+strconv.Quote(s)+"\n"), s)
		checkLitText(t, []byte("package p\n\nvar x = "+strconv.QuoteToASCII(s)+"\n"), s)
		if canRaw(s) {
			raw := "`" + strings.ReplaceAll(s, "\n", "\r\n") + "`"
			checkLitText(t, []byte("package p\r\n\r\nvar x = "+raw+"\r\n"), s)
		}
	})
}
