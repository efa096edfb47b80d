package analyzer

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver/drivertest"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/rules"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// FuzzSharedConstantFix checks the fixes of scripts that share a constant
// (issue 19 items 4 and 13): go vet -fix must never change a script in a
// way its own findings do not ask for, and a script with no fix of its own
// must not change at all. A Go package holds
//
//	const tail = <tail>
//	const a = <head1> + tail
//	const b = <head2> + tail
//	const c = <head1> + tail + <head2> + tail // when repeat is set
//
// each script handed to run, a script API named by the configuration. Every
// suggested fix the analyzer offers is applied to the Go source, which must
// still parse and type-check; then each script's new value (its constants
// evaluated) must be the script as it was, a script that applying some of
// its own fixes (lint-lua's findings on that script alone) makes, or what
// lint-lua's fix loop (drivertest.FixLua) makes of it.
//
// The package is type-checked in memory and analyzed with checker.Analyze:
// no go list per exec.
//
//	go test -run '^$' -fuzz '^FuzzSharedConstantFix$' -parallel 1 ./analyzer/
func FuzzSharedConstantFix(f *testing.F) {
	const (
		// A space first: a script that repeats the tail joins a head to
		// it.
		get     = " local v = redis.call('GET', KEYS[1])"
		hget    = " local v = redis.call('HGET', KEYS[1], 'f')"
		boolean = " local v = ARGV[1] == '1'"
	)
	for _, s := range []struct {
		head1, head2, tail string
		repeat             bool
	}{
		// Issue 19's case: a GET reply in one, a boolean in the other.
		{get, boolean, " if v == nil then return 'nil' end return 'set'", false},
		{boolean, get, " if v == nil then return 'nil' end return 'set'", false},
		// The same GET in both: the shared fix is made.
		{get, get, " if v == nil then return 'nil' end return 'set'", false},
		{get, hget, " if v == nil then return 0 end return 1", false},
		// One script repeats the tail: in one copy a reply, in the other
		// a boolean.
		{get, boolean, " if v == nil then return 'nil' end", true},
		{get, get, " if v == nil then return 'nil' end", true},
		// Fixes in the heads, which no other script shares.
		{"if redis.call('EXISTS', KEYS[1]) then return 1 end", "local v = 1", " return 0", false},
		{"if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then\n  redis.call('EXPIRE', KEYS[1], ARGV[2] / 1000)\n", "if true then\n", "  return 1\nend\nreturn 0\n", false},
		{"if redis.call('SET', KEYS[1], 'v', 'NX', 'EX', 10) == 'OK' then", "local x = 'OK' if x == 'OK' then", " return 1 end return 0", false},
		// The comparison split over two literals.
		{get + " if v =", boolean + " if v =", "= nil then return 1 end return 0", false},
		{"", "", "", false},
	} {
		f.Add(s.head1, s.head2, s.tail, s.repeat)
	}
	dir := f.TempDir()
	cfg := filepath.Join(dir, ".lint-lua.yaml")
	if err := os.WriteFile(cfg, []byte("script_apis:\n  - {name: run, language: go, script: 0}\n"), 0o644); err != nil {
		f.Fatal(err)
	}
	// Info too: a fix the analyzer left out for its severity would leave
	// a script half fixed, which the check below allows anyway, but the
	// fixes of info findings are worth checking as well.
	a, err := New(cat, Settings{Config: cfg, MinSeverity: "info"})
	if err != nil {
		f.Fatal(err)
	}
	all := rules.Catalogue().All()
	f.Fuzz(func(t *testing.T, head1, head2, tail string, repeat bool) {
		checkSharedFix(t, a, all, head1, head2, tail, repeat)
	})
}

// goString writes s as a Go literal: raw when it can be and holds a byte
// an interpreted literal escapes (so both kinds of literal are edited),
// interpreted otherwise.
func goString(s string) string {
	if canRaw(s) && strings.ContainsAny(s, "\n\"\\") {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

func checkSharedFix(t *testing.T, a *analysis.Analyzer, all []*lint.Rule, head1, head2, tail string, repeat bool) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "package p\n\nconst tail = %s\n\n", goString(tail))
	fmt.Fprintf(&b, "const a = %s + tail\n\nconst b = %s + tail\n\n", goString(head1), goString(head2))
	names := []string{"a", "b"}
	before := map[string]string{"a": head1 + tail, "b": head2 + tail}
	if repeat {
		fmt.Fprintf(&b, "const c = %s + tail + %s + tail\n\n", goString(head1), goString(head2))
		names = append(names, "c")
		before["c"] = head1 + tail + head2 + tail
	}
	b.WriteString("func run(script string) {}\n\nfunc use() {\n")
	for _, n := range names {
		fmt.Fprintf(&b, "\trun(%s)\n", n)
	}
	b.WriteString("}\n")
	src := []byte(b.String())

	path := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	pkg, consts, err := loadOne(path, src)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	for _, n := range names {
		if consts[n] != before[n] {
			t.Fatalf("const %s is %q, want %q", n, consts[n], before[n])
		}
	}
	g, err := checker.Analyze([]*analysis.Analyzer{a}, []*packages.Package{pkg}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var fixes []analysis.SuggestedFix
	for _, act := range g.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		if act.Analyzer != a {
			continue
		}
		for _, d := range act.Diagnostics {
			fixes = append(fixes, d.SuggestedFixes...)
		}
	}
	if len(fixes) == 0 {
		return
	}
	fixed, err := applyGoEdits(pkg.Fset, src, fixes)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	_, after, err := loadOne(path, fixed)
	if err != nil {
		t.Fatalf("the fixed file: %v\nbefore:\n%s\nafter:\n%s", err, src, fixed)
	}
	for _, n := range names {
		old, now := before[n], after[n]
		if now == old {
			continue
		}
		if ownFix(old, now, all) {
			continue
		}
		t.Errorf("script %s changed by fixes it does not ask for:\nbefore: %q\nafter:  %q\nGo before:\n%s\nGo after:\n%s", n, old, now, src, fixed)
	}
}

// loadOne parses and type-checks one Go file of package p, which imports
// nothing, and returns it as a package the checker can analyze, with the
// values of its string constants.
func loadOne(path string, src []byte) (*packages.Package, map[string]string, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
		Instances: map[*ast.Ident]types.Instance{}, FileVersions: map[*ast.File]string{},
	}
	sizes := types.SizesFor("gc", "amd64")
	tp, err := (&types.Config{Sizes: sizes}).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		return nil, nil, err
	}
	consts := map[string]string{}
	for _, name := range tp.Scope().Names() {
		if c, ok := tp.Scope().Lookup(name).(*types.Const); ok && c.Val().Kind() == constant.String {
			consts[name] = constant.StringVal(c.Val())
		}
	}
	return &packages.Package{
		ID: "p", Name: "p", PkgPath: "p", Fset: fset, Syntax: []*ast.File{file},
		Types: tp, TypesInfo: info, TypesSizes: sizes,
		GoFiles: []string{path}, CompiledGoFiles: []string{path},
		Imports: map[string]*packages.Package{},
	}, consts, nil
}

// applyGoEdits applies the suggested fixes to src as go vet -fix does:
// fix by fix, an edit another fix already makes is made once, and a fix
// with an edit that overlaps a different edit already taken is skipped.
func applyGoEdits(fset *token.FileSet, src []byte, fixes []analysis.SuggestedFix) ([]byte, error) {
	type edit struct {
		start, end int
		text       string
	}
	var taken []edit
	for _, sf := range fixes {
		var es []edit
		for _, e := range sf.TextEdits {
			tf := fset.File(e.Pos)
			if tf == nil {
				return nil, fmt.Errorf("edit at %v outside the file", e.Pos)
			}
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			x := edit{tf.Offset(e.Pos), tf.Offset(end), string(e.NewText)}
			if x.start > x.end || x.end > len(src) {
				return nil, fmt.Errorf("edit %v outside the file", x)
			}
			es = append(es, x)
		}
		clash := false
		for _, x := range es {
			for _, y := range taken {
				if x != y && (x.start < y.end && y.start < x.end || x.start == y.start && (x.start == x.end || y.start == y.end)) {
					clash = true
				}
			}
		}
		if !clash {
			taken = append(taken, es...)
		}
	}
	slices.SortFunc(taken, func(x, y edit) int {
		if x.start != y.start {
			return x.start - y.start
		}
		return x.end - y.end
	})
	taken = slices.Compact(taken)
	var out bytes.Buffer
	last := 0
	for _, e := range taken {
		if e.start < last {
			return nil, fmt.Errorf("edits of one fix overlap: %v", taken)
		}
		out.Write(src[last:e.start])
		out.WriteString(e.text)
		last = e.end
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}

// ownFix reports whether now is what old becomes with some of the fixes
// lint-lua offers on old alone (one round, as go vet -fix applies one), or
// what its fix loop makes of old.
func ownFix(old, now string, all []*lint.Rule) bool {
	if string(drivertest.FixLua("s.lua", []byte(old), all, diag.Safe).Src) == now {
		return true
	}
	var fixes [][]diag.Edit
	for _, d := range lint.Run(luasrc.Parse("s.lua", []byte(old)), lint.Config{Rules: all}) {
		if d.Fix != nil && d.Fix.Applicability == diag.Safe && diag.ValidEdits(d.Fix.Edits, len(old)) {
			fixes = append(fixes, d.Fix.Edits)
		}
	}
	if len(fixes) == 0 || len(fixes) > 12 {
		// More fixes than subsets worth trying: only FixLua's result and
		// the script as it was count.
		return false
	}
	for set := 1; set < 1<<len(fixes); set++ {
		var es []diag.Edit
		for i, fx := range fixes {
			if set&(1<<i) != 0 {
				es = append(es, fx...)
			}
		}
		if s, ok := applyLuaEdits(old, es); ok && s == now {
			return true
		}
	}
	return false
}

// applyLuaEdits applies edits to s, an edit made twice once; false when
// two overlap.
func applyLuaEdits(s string, es []diag.Edit) (string, bool) {
	slices.SortFunc(es, func(x, y diag.Edit) int {
		if x.Start != y.Start {
			return x.Start - y.Start
		}
		if x.End != y.End {
			return x.End - y.End
		}
		return strings.Compare(x.New, y.New)
	})
	es = slices.Compact(es)
	var b strings.Builder
	last := 0
	for _, e := range es {
		if e.Start < last {
			return "", false
		}
		b.WriteString(s[last:e.Start])
		b.WriteString(e.New)
		last = e.End
	}
	b.WriteString(s[last:])
	return b.String(), true
}
