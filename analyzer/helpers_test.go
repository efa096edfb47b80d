package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"text/scanner"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/lint-lua/lint-lua/rules"
)

// The analyzer's tests run over the fixture packages of one GOPATH tree,
// testdata: the fixtures of the Lua findings and of the call-site rules,
// beside one stub of each client library (testdata/src/github.com/...)
// that declares, with the real signatures, what all of them call. A tree
// is loaded once per test binary, and the tests, which run in
// parallel, analyze the loaded packages in memory with the analyzers they
// need (the analyzer changes nothing in a package; it only adds the .lua
// files it reads to the FileSet, which is safe for concurrent use).
//
// The fixtures are loaded from source and the standard library they import
// from export data, as lint-lua go loads a module: type-checking some 80
// standard packages (runtime among them) from source, and running the
// analyzer over them at every checker.Analyze because it exports facts,
// took most of the package's test time. The analyzer still runs on each
// standard dependency, over no files (standardDeps): the checker wants an
// action per import, and a package of the standard library holds no script
// and exports no fact. Facts flow between the fixtures as under go vet.
//
// runWants checks findings and facts against `// want` comments as
// analysistest.Run does, and also against `-- want` comments in the .lua
// files of the packages' directories (embedded files, which analysistest
// does not read).

// A fixtureTree is a GOPATH of fixture packages.
type fixtureTree struct {
	dir string
	// fromSource loads the standard library from source too, for a tree
	// the compiler cannot build export data of (TestHostileEmbeds).
	fromSource bool
	once       sync.Once
	pkgs       map[string]*packages.Package // roots, by import path
	err        error
}

var mainFixtures = &fixtureTree{dir: "testdata"}

// packages returns the tree's packages of the given import paths, loading
// the whole tree the first time.
func (ft *fixtureTree) packages(t testing.TB, paths ...string) []*packages.Package {
	t.Helper()
	ft.once.Do(func() {
		dir, err := filepath.Abs(ft.dir)
		if err != nil {
			ft.err = err
			return
		}
		ft.dir = dir
		ft.pkgs, ft.err = loadGOPATH(dir, ft.fromSource)
	})
	if ft.err != nil {
		t.Fatal(ft.err)
	}
	var out []*packages.Package
	for _, p := range paths {
		pkg := ft.pkgs[p]
		if pkg == nil {
			t.Fatalf("no fixture package %s in %s", p, ft.dir)
		}
		out = append(out, pkg)
	}
	return out
}

// loadGOPATH loads every package of a GOPATH tree in one go list: from
// source, and their standard dependencies from export data, or from source
// too (as analysistest does) when fromSource is set.
func loadGOPATH(dir string, fromSource bool) (map[string]*packages.Package, error) {
	src := filepath.Join(dir, "src")
	var patterns []string
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, err := filepath.Rel(src, filepath.Dir(path))
		if err == nil && (len(patterns) == 0 || patterns[len(patterns)-1] != filepath.ToSlash(rel)) {
			patterns = append(patterns, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	mode := packages.LoadSyntax | packages.NeedModule
	if fromSource {
		mode = packages.LoadAllSyntax | packages.NeedModule
	}
	cfg := &packages.Config{
		Mode: mode,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	out := map[string]*packages.Package{}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			return nil, fmt.Errorf("%s: %v", p.PkgPath, p.Errors)
		}
		out[p.PkgPath] = p
	}
	if !fromSource {
		standardDeps(pkgs, out)
	}
	return out, nil
}

// standardDeps links each fixture package to the packages it imports: the
// other fixtures as loaded, and each standard package as its export data
// (the types the fixture was checked against) with no files, which the
// analyzer runs over at once.
func standardDeps(pkgs []*packages.Package, fixtures map[string]*packages.Package) {
	std := map[string]*packages.Package{}
	for _, p := range pkgs {
		byPath := map[string]*types.Package{}
		for _, imp := range p.Types.Imports() {
			byPath[imp.Path()] = imp
		}
		for path := range p.Imports {
			if f := fixtures[path]; f != nil {
				p.Imports[path] = f
				continue
			}
			dep := std[path]
			if dep == nil {
				tp := byPath[path]
				if tp == nil {
					continue // unsafe, or C: no types, and no action needed
				}
				dep = &packages.Package{
					ID: path, Name: tp.Name(), PkgPath: path, Types: tp, Fset: p.Fset, TypesSizes: p.TypesSizes,
					TypesInfo: &types.Info{
						Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
						Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{},
						Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
					},
				}
				std[path] = dep
			}
			p.Imports[path] = dep
		}
	}
}

// analyze runs a, with the analyzers it requires and the facts it
// exports, over the packages of a tree and returns the graph.
func analyze(t testing.TB, ft *fixtureTree, a *analysis.Analyzer, paths ...string) *checker.Graph {
	t.Helper()
	g, err := checker.Analyze([]*analysis.Analyzer{a}, ft.packages(t, paths...), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range g.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
	}
	return g
}

// testAnalyzer makes an analyzer with settings s for one test, so that
// tests running in parallel never share the flags of Analyzer.
func testAnalyzer(t testing.TB, s Settings) *analysis.Analyzer {
	t.Helper()
	a, err := New(cat, s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// runWants runs a over the packages of a tree and checks its findings and
// facts against the packages' want comments, in both directions: every
// finding and fact was wanted, and every want was met.
func runWants(t *testing.T, ft *fixtureTree, a *analysis.Analyzer, paths ...string) {
	t.Helper()
	g := analyze(t, ft, a, paths...)
	for _, act := range g.Roots {
		checkWants(t, act)
	}
}

type wantKey struct {
	file string
	line int
}

type expectation struct {
	fact string // the object's name for a fact, "" for a finding
	rx   *regexp.Regexp
}

// checkWants compares what one action reported with its package's want
// comments.
func checkWants(t *testing.T, act *checker.Action) {
	t.Helper()
	want := map[wantKey][]expectation{}
	add := func(file string, line int, text string) {
		delta, exps, err := parseWant(text)
		if err != nil {
			t.Errorf("%s:%d: in want comment: %v", file, line, err)
			return
		}
		k := wantKey{file, line + delta}
		want[k] = append(want[k], exps...)
	}
	fset := act.Package.Fset
	dirs := map[string]bool{}
	for _, f := range act.Package.Syntax {
		dirs[filepath.Dir(fset.Position(f.Pos()).Filename)] = true
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				text := strings.TrimPrefix(c.Text, "//")
				if text == c.Text {
					text = strings.TrimSuffix(strings.TrimPrefix(text, "/*"), "*/")
				}
				if i := strings.Index(text, "// want"); i >= 0 {
					text = text[i+len("// "):]
				}
				if rest, ok := strings.CutPrefix(strings.TrimSpace(text), "want"); ok {
					p := fset.Position(c.Pos())
					add(p.Filename, p.Line, rest)
				}
			}
		}
	}
	// The .lua files under the package's directory: `-- want` comments.
	for dir := range dirs {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".lua") {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("%v", err)
				return nil
			}
			for i, line := range strings.Split(string(data), "\n") {
				if j := strings.Index(line, "-- want"); j >= 0 {
					add(path, i+1, line[j+len("-- want"):])
				}
			}
			return nil
		})
	}

	match := func(p token.Position, fact, msg string) {
		k := wantKey{p.Filename, p.Line}
		exps := want[k]
		var tried []string
		for i, e := range exps {
			if e.fact != fact {
				continue
			}
			if e.rx.MatchString(msg) {
				want[k] = append(exps[:i:i], exps[i+1:]...)
				return
			}
			tried = append(tried, fmt.Sprintf("%#q", e.rx))
		}
		what := "diagnostic"
		if fact != "" {
			what = "fact of " + fact
		}
		if tried == nil {
			t.Errorf("%s:%d: unexpected %s: %s", filepath.Base(p.Filename), p.Line, what, msg)
		} else {
			t.Errorf("%s:%d: %s %q does not match %s", filepath.Base(p.Filename), p.Line, what, msg, strings.Join(tried, " or "))
		}
	}
	for _, d := range act.Diagnostics {
		match(fset.Position(d.Pos), "", d.Message)
	}
	for _, f := range act.AllObjectFacts() {
		if f.Object.Pkg() == act.Package.Types {
			match(fset.Position(f.Object.Pos()), f.Object.Name(), fmt.Sprint(f.Fact))
		}
	}
	var left []string
	for k, exps := range want {
		for _, e := range exps {
			what := "diagnostic"
			if e.fact != "" {
				what = "fact of " + e.fact
			}
			left = append(left, fmt.Sprintf("%s:%d: no %s was reported matching %#q", filepath.Base(k.file), k.line, what, e.rx))
		}
	}
	sort.Strings(left)
	for _, l := range left {
		t.Error(l)
	}
}

// parseWant reads what follows "want": an optional +N (the line N lines
// below), then quoted regular expressions, each a finding, or name:"re", a
// fact of the object name.
func parseWant(text string) (delta int, out []expectation, err error) {
	var scanErr string
	sc := new(scanner.Scanner).Init(strings.NewReader(text))
	sc.Error = func(_ *scanner.Scanner, msg string) { scanErr = msg }
	sc.Mode = scanner.ScanIdents | scanner.ScanStrings | scanner.ScanRawStrings | scanner.ScanInts
	re := func(tok rune) (*regexp.Regexp, error) {
		if tok != scanner.String && tok != scanner.RawString {
			return nil, fmt.Errorf("got %s, want a regular expression", scanner.TokenString(tok))
		}
		s, _ := strconv.Unquote(sc.TokenText())
		return regexp.Compile(s)
	}
	for {
		switch tok := sc.Scan(); tok {
		case '+':
			if sc.Scan() != scanner.Int {
				return 0, nil, fmt.Errorf("want +N")
			}
			delta, _ = strconv.Atoi(sc.TokenText())
		case scanner.String, scanner.RawString:
			rx, err := re(tok)
			if err != nil {
				return 0, nil, err
			}
			out = append(out, expectation{rx: rx})
		case scanner.Ident:
			name := sc.TokenText()
			if sc.Scan() != ':' {
				return 0, nil, fmt.Errorf("want ':' after %s", name)
			}
			rx, err := re(sc.Scan())
			if err != nil {
				return 0, nil, err
			}
			out = append(out, expectation{fact: name, rx: rx})
		case scanner.EOF:
			if scanErr != "" {
				return 0, nil, fmt.Errorf("%s", scanErr)
			}
			return delta, out, nil
		default:
			return 0, nil, fmt.Errorf("unexpected %s", scanner.TokenString(tok))
		}
	}
}

// findings runs a over packages of a tree and returns each diagnostic as
// "file:line:col-line:col: headline (rule)" with the file's base name, in
// the order of their positions: the help the message ends with is left
// out (TestHelpInMessage checks it).
func findings(t *testing.T, ft *fixtureTree, a *analysis.Analyzer, paths ...string) []string {
	t.Helper()
	g := analyze(t, ft, a, paths...)
	type found struct {
		pos  token.Position
		text string
	}
	var all []found
	for _, act := range g.Roots {
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			p := fset.Position(d.Pos)
			s := fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
			if d.End.IsValid() {
				e := fset.Position(d.End)
				s += fmt.Sprintf("-%d:%d", e.Line, e.Column)
			}
			msg := d.Message
			if _, _, help := Split(d); help != "" {
				msg = strings.TrimSuffix(msg, helpSep+help)
			}
			all = append(all, found{p, s + ": " + msg})
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		x, y := all[i].pos, all[j].pos
		if x.Filename != y.Filename {
			return x.Filename < y.Filename
		}
		if x.Line != y.Line {
			return x.Line < y.Line
		}
		return x.Column < y.Column
	})
	out := make([]string, len(all))
	for i, f := range all {
		out[i] = f.text
	}
	return out
}

// cat is the catalogue of every rule; Analyzer, made from it with the
// default settings, is what lint-lua-vet runs (one test alone sets its
// flags).
var (
	cat      = rules.Catalogue()
	Analyzer = Default(cat)
)
