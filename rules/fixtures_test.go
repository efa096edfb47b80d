package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruleid"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// wantRE finds `-- want "regexp"` (several quoted patterns may follow),
// or `-- want +N "regexp"` for findings N lines below the comment, on a
// line that cannot hold one (a comment, a line inside a long string).
// `-- want:warning "regexp"` (or :error, :info) also wants the finding's
// severity.
var wantRE = regexp.MustCompile(`--\s*want(?::(error|warning|info))?(?:\s+\+(\d+))?((?:\s+"(?:[^"\\]|\\.)*")+)`)
var quotedRE = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// fixtureRE finds a fixture's `-- fixture: target=valkey-8.0
// modules=json,search` line: the target it is linted for (the newest
// Redis by default) and the modules that target loads (its default when
// not given; `modules=` alone for none), and cluster=true or false when the
// fixture says whether it runs on Redis Cluster (else its evidence decides).
var fixtureRE = regexp.MustCompile(`--\s*fixture:((?:\s+(?:target|modules|cluster)=\S*)+)`)

type want struct {
	line     int
	re       *regexp.Regexp
	severity string // "" for any
	met      bool
}

// TestFixtures runs each rule over rules/<id>/testdata/*.lua with only that
// rule enabled and checks both directions: every diagnostic was wanted on
// its line, and every want was met. A want's regexp is matched against
// what the one-line formats show: the headline, " — " and the help.
func TestFixtures(t *testing.T) {
	dirs, err := filepath.Glob("*/testdata")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, dir := range dirs {
		id := filepath.Dir(dir)
		seen[id] = true
		r := ruletest.Cat.ByID(id)
		if r == nil {
			t.Errorf("rules/%s: no such rule", dir)
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
	// The rules only the Go analyzer reports have no Lua fixtures: theirs
	// are Go packages under analyzer/testdata.
	for _, id := range []string{ruleid.DynamicScript, ruleid.KeysCountMismatch, ruleid.NonatomicCheckThenAct} {
		goOnly[id] = true
	}
	for _, r := range ruletest.Cat.All() {
		if !seen[r.ID] && !goOnly[r.ID] {
			t.Errorf("rule %s has no fixtures in rules/%s/testdata", r.ID, r.ID)
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
	for _, d := range ruletest.LintSourceWith(filepath.Base(file), src, lint.Config{Rules: ruletest.Cat.All(), Target: fixtureTarget(t, src), Cluster: fixtureCluster(t, src)}) {
		if d.Rule == r.ID {
			diags = append(diags, d)
		}
	}
	for _, d := range diags {
		ok := false
		for _, w := range wants {
			if !w.met && w.line == d.Range.Start.Line && w.re.MatchString(ruletest.WantText(d)) && (w.severity == "" || w.severity == d.Severity.String()) {
				w.met, ok = true, true
				break
			}
		}
		if !ok {
			t.Errorf("%s:%d:%d: unexpected %s %s: %s", file, d.Range.Start.Line, d.Range.Start.Column, d.Severity, d.Rule, ruletest.WantText(d))
		}
	}
	for _, w := range wants {
		if !w.met {
			t.Errorf("%s:%d: no diagnostic matching %q", file, w.line, w.re)
		}
	}
}

// maxHeadline is the longest headline a finding may have: one line of a
// terminal, with its place and rule around it.
const maxHeadline = 100

// TestFindingsScan checks the shape of every finding the rule fixtures
// produce, of every rule: a headline of one line, at most maxHeadline
// characters, without a final period, and a help that says why and what
// to do.
func TestFindingsScan(t *testing.T) {
	files, err := filepath.Glob("*/testdata/*.lua")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	n := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range ruletest.LintSourceWith(filepath.Base(file), src, lint.Config{Rules: ruletest.Cat.All(), Target: fixtureTarget(t, src), Cluster: fixtureCluster(t, src)}) {
			n++
			at := fmt.Sprintf("%s:%d:%d: %s", file, d.Range.Start.Line, d.Range.Start.Column, d.Rule)
			h := d.Message
			switch {
			case utf8.RuneCountInString(h) > maxHeadline:
				t.Errorf("%s: headline of %d characters (at most %d): %s", at, utf8.RuneCountInString(h), maxHeadline, h)
			case strings.ContainsAny(h, "\n\r"):
				t.Errorf("%s: headline of several lines: %q", at, h)
			case strings.HasSuffix(h, "."):
				t.Errorf("%s: headline ends with a period: %s", at, h)
			}
			if strings.TrimSpace(d.Help) == "" {
				t.Errorf("%s: no help: %s", at, h)
			} else if strings.HasSuffix(d.Help, ".") {
				t.Errorf("%s: help ends with a period: %s", at, d.Help)
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d findings in the fixtures: is the glob right?", n)
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
		line := c.Range.Start.Line
		if m[2] != "" {
			n, err := strconv.Atoi(m[2])
			if err != nil {
				t.Fatalf("line %d: bad want offset %q: %v", line, m[2], err)
			}
			line += n
		}
		for _, q := range quotedRE.FindAllStringSubmatch(m[3], -1) {
			re, err := regexp.Compile(strings.ReplaceAll(q[1], `\"`, `"`))
			if err != nil {
				t.Fatalf("line %d: bad want %q: %v", c.Range.Start.Line, q[1], err)
			}
			out = append(out, &want{line: line, re: re, severity: m[1]})
		}
	}
	return out
}

// fixtureCluster reads cluster=true|false from the fixture's `-- fixture:`
// line: nil when it does not say (the script's evidence decides).
func fixtureCluster(t *testing.T, src []byte) *bool {
	t.Helper()
	m := fixtureRE.FindSubmatch(src)
	if m == nil {
		return nil
	}
	for _, kv := range strings.Fields(string(m[1])) {
		if k, v, _ := strings.Cut(kv, "="); k == "cluster" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				t.Fatalf("fixture: cluster=%s: %v", v, err)
			}
			return &b
		}
	}
	return nil
}

// fixtureTarget reads the fixture's `-- fixture:` line, if any.
func fixtureTarget(t *testing.T, src []byte) target.Target {
	t.Helper()
	m := fixtureRE.FindSubmatch(src)
	if m == nil {
		return target.Target{}
	}
	var tg target.Target
	var mods []redisdb.Module
	modsSet := false
	for _, kv := range strings.Fields(string(m[1])) {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "target":
			var err error
			if tg, err = target.Parse(v); err != nil {
				t.Fatalf("fixture: %v", err)
			}
		case "modules":
			var names []string
			if v != "" {
				names = strings.Split(v, ",")
			}
			var err error
			if mods, err = target.ParseModules(names); err != nil {
				t.Fatalf("fixture: %v", err)
			}
			modsSet = true
		}
	}
	if modsSet {
		tg = tg.WithModules(mods)
	}
	return tg
}

func (w *want) String() string { return fmt.Sprintf("%d:%s", w.line, w.re) }
