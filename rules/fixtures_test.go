package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// wantRE finds `-- want "regexp"` (several quoted patterns may follow).
var wantRE = regexp.MustCompile(`--\s*want((?:\s+"(?:[^"\\]|\\.)*")+)`)
var quotedRE = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

type want struct {
	line int
	re   *regexp.Regexp
	met  bool
}

// TestFixtures runs each rule over testdata/rules/<id>/*.lua with only that
// rule enabled and checks both directions: every diagnostic was wanted on
// its line, and every want was met.
func TestFixtures(t *testing.T) {
	dirs, err := filepath.Glob("../testdata/rules/*")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, dir := range dirs {
		id := filepath.Base(dir)
		seen[id] = true
		r := ByID(id)
		if r == nil {
			t.Errorf("testdata/rules/%s: no such rule", id)
			continue
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.lua"))
		if len(files) == 0 {
			t.Errorf("%s: no fixtures", dir)
		}
		for _, file := range files {
			t.Run(id+"/"+filepath.Base(file), func(t *testing.T) {
				checkFixture(t, r, file)
			})
		}
	}
	goOnly := map[string]bool{}
	for _, id := range GoOnlyRules() {
		goOnly[id] = true
	}
	for _, r := range All() {
		if !seen[r.ID] && !goOnly[r.ID] {
			t.Errorf("rule %s has no fixtures in testdata/rules/%s", r.ID, r.ID)
		}
	}
}

func checkFixture(t *testing.T, r *lint.Rule, file string) {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	wants := parseWants(t, src)
	// Every rule runs, as for a user; only the rule under test is checked,
	// so suppressions and unused-ignore behave as they do for real.
	var diags []diag.Diagnostic
	for _, d := range lintSource(filepath.Base(file), src, All(), nil) {
		if d.Rule == r.ID {
			diags = append(diags, d)
		}
	}
	for _, d := range diags {
		ok := false
		for _, w := range wants {
			if !w.met && w.line == d.Range.Start.Line && w.re.MatchString(d.Message) {
				w.met, ok = true, true
				break
			}
		}
		if !ok {
			t.Errorf("%s:%d:%d: unexpected %s: %s", file, d.Range.Start.Line, d.Range.Start.Column, d.Rule, d.Message)
		}
	}
	for _, w := range wants {
		if !w.met {
			t.Errorf("%s:%d: no diagnostic matching %q", file, w.line, w.re)
		}
	}
}

func parseWants(t *testing.T, src []byte) []*want {
	f := luasrc.Parse("x.lua", src)
	var out []*want
	for _, c := range f.Comments {
		m := wantRE.FindStringSubmatch("--" + c.Text)
		if m == nil {
			continue
		}
		for _, q := range quotedRE.FindAllStringSubmatch(m[1], -1) {
			re, err := regexp.Compile(strings.ReplaceAll(q[1], `\"`, `"`))
			if err != nil {
				t.Fatalf("line %d: bad want %q: %v", c.Range.Start.Line, q[1], err)
			}
			out = append(out, &want{line: c.Range.Start.Line, re: re})
		}
	}
	return out
}

func (w *want) String() string { return fmt.Sprintf("%d:%s", w.line, w.re) }
