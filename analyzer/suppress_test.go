package analyzer

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestGoIgnore checks that Go comments are read with the grammar every
// language shares (lint.ParseIgnore), in both Go comment forms.
func TestGoIgnore(t *testing.T) {
	for text, want := range map[string][]string{
		"//lint-lua:ignore unknown-command reason":                 {"unknown-command"},
		"// lint-lua:ignore a,b some reason":                       {"a", "b"},
		"// lint-lua: ignore a, b -- some reason":                  {"a", "b"},
		"//lint-lua:ignore\tx":                                     {"x"},
		"//lint-lua:ignore":                                        nil,
		"//lint-lua:ignored x":                                     nil,
		"// some comment lint-lua:ignore x":                        nil,
		"/* lint-lua:ignore x */":                                  {"x"},
		"//lint-lua:ignore keys-count-mismatch,dynamic-script why": {"keys-count-mismatch", "dynamic-script"},
	} {
		ig, _ := goIgnore(text)
		if !reflect.DeepEqual(ig.Rules, want) {
			t.Errorf("%q: got %q, want %q", text, ig.Rules, want)
		}
	}
}

func TestSuppressed(t *testing.T) {
	src := `package p

func f() {
	a() //lint-lua:ignore rule-a on its line
	//lint-lua:ignore rule-b on the line above
	b()

	//lint-lua:ignore rule-c two lines above

	c()

	// lint-lua: ignore-start rule-d -- a range
	d()
	d()
	// lint-lua: ignore-end rule-d
	d2()

	// lint-lua: ignore rule-e -- the whole statement
	e(1,
		2)
	e(3,
		4)

	// lint-lua: ignore rule-f -- the head of an if, not its body
	if g(1,
		2) {
		f()
	}

	// lint-lua: ignore-start rule-g -- never closed
	h()
}

// lint-lua: ignore rule-h -- a declaration
var script = ` + "`" + `
return redis.call('GET', 'x')
` + "`" + `

func a() {}
func b() {}
func c() {}
func d() {}
func d2() {}
func e(int, int) {}
func f() {}
func g(int, int) bool { return true }
func h() {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	pass := &analysis.Pass{Fset: fset, Files: []*ast.File{f}}
	at := func(needle string) token.Pos {
		return f.FileStart + token.Pos(strings.Index(src, needle))
	}
	for _, c := range []struct {
		pos  token.Pos
		rule string
		want bool
	}{
		{at("a()"), "rule-a", true},
		{at("a()"), "rule-b", false},
		{at("b()"), "rule-b", true},
		{at("b()"), "rule-a", false},
		{at("c()"), "rule-c", false},
		{token.NoPos, "rule-a", false},
		{at("d()"), "rule-d", true},
		{at("d()\n\t// lint-lua: ignore-end"), "rule-d", true},
		{at("d2()"), "rule-d", false},
		{at("2)\n\te(3"), "rule-e", true},
		{at("4)"), "rule-e", false},
		{at("2) {"), "rule-f", true},
		{at("f()\n\t}"), "rule-f", false},
		{at("h()\n}"), "rule-g", false},
		{at("redis.call"), "rule-h", true},
	} {
		if _, got := suppressed(pass, c.pos, c.rule); got != c.want {
			t.Errorf("%s at %v: got %v, want %v", c.rule, fset.Position(c.pos), got, c.want)
		}
	}
}

// TestUnusedIgnore checks that with -severity=info a //lint-lua:ignore
// comment naming a known rule that silences nothing is reported, and that
// by default only the warnings are: the ignores that name no rule
// (invalid-ignore) and the finding a misspelt ignore leaves.
func TestUnusedIgnore(t *testing.T) {
	t.Parallel()
	got := findings(t, mainFixtures, testAnalyzer(t, Settings{}), "unusedignore")
	if len(got) != 3 || strings.Contains(strings.Join(got, "\n"), "unused-ignore") {
		t.Errorf("by default: got %q, want the two invalid ignores and the finding one leaves", got)
	}
	runWants(t, mainFixtures, testAnalyzer(t, Settings{MinSeverity: "info"}), "unusedignore")
	// Turned off, the rule reports nothing, as every other rule.
	off := findings(t, mainFixtures, testAnalyzer(t, Settings{MinSeverity: "info", Disable: []string{"unused-ignore"}}), "unusedignore")
	if strings.Contains(strings.Join(off, "\n"), "unused-ignore") {
		t.Errorf("with unused-ignore disabled: got %q", off)
	}
}
