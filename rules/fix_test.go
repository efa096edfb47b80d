package rules_test

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver/drivertest"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

var updateFixes = flag.Bool("update", false, "rewrite testdata/fixes/**/*.lua.golden from the fixes")

// TestFixGoldens applies the fixes of every rule to testdata/fixes/<rule>/
// *.lua and compares the result with the .lua.golden beside it. The fixed
// script is linted again: no finding that carried a fix is left, no rule
// reports more than before, and the fixture's rule did report a fix when
// the golden differs from the input.
func TestFixGoldens(t *testing.T) {
	files, err := filepath.Glob("../testdata/fixes/*/*.lua")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no fixtures in testdata/fixes")
	}
	all := ruletest.Cat.All()
	for _, file := range files {
		id := filepath.Base(filepath.Dir(file))
		t.Run(id+"/"+filepath.Base(file), func(t *testing.T) {
			if ruletest.Cat.ByID(id) == nil {
				t.Fatalf("testdata/fixes/%s: no such rule", id)
			}
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			before := ruletest.LintSource(file, src, all, nil)
			res := drivertest.FixLua(file, src, all, fixtureUpTo(file))
			golden := file + ".golden"
			if *updateFixes {
				if err := os.WriteFile(golden, res.Src, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run: go test ./rules -run TestFixGoldens -update)", err)
			}
			if string(res.Src) != string(want) {
				t.Errorf("fixed text differs from %s:\n--- got\n%s\n--- want\n%s", golden, res.Src, want)
			}
			// The result parses as Lua 5.1 and lints the same through a
			// fresh parse.
			f := luasrc.Parse(file, res.Src)
			if f.Chunk == nil || len(f.Errors) > 0 {
				t.Fatalf("fixed text does not parse: %v", f.Errors)
			}
			after := lint.Run(f, lint.Config{Rules: all})
			count := func(ds []diag.Diagnostic) map[string]int {
				out := map[string]int{}
				for _, d := range ds {
					out[d.Rule]++
				}
				return out
			}
			cb, ca := count(before), count(after)
			for rule, n := range ca {
				if n > cb[rule] {
					t.Errorf("%s: %d findings after fixing, %d before: a fix introduced one", rule, n, cb[rule])
				}
			}
			upTo := fixtureUpTo(file)
			for _, d := range after {
				if d.Fix != nil && d.Fix.Applicability.Applies(upTo) {
					t.Errorf("%d:%d: %s: a fixable finding is left: %s", d.Range.Start.Line, d.Range.Start.Column, d.Rule, d.Message)
				}
			}
			fixedHere := 0
			unfixed := 0
			for _, d := range before {
				if d.Rule != id {
					continue
				}
				if d.Fix != nil && d.Fix.Applicability.Applies(upTo) {
					fixedHere++
				} else {
					unfixed++
				}
			}
			if cb[id] == 0 && res.Applied == 0 {
				t.Errorf("rule %s reports nothing in its own fixture", id)
			}
			if ca[id] > unfixed {
				t.Errorf("%s: %d findings left, but only %d had no fix", id, ca[id], unfixed)
			}
			if res.Applied == 0 && string(src) != string(res.Src) {
				t.Errorf("text changed without a fix applied")
			}
			t.Logf("%s: %d findings, %d with a fix; %d fixes applied; %d findings left", id, cb[id], fixedHere, res.Applied, ca[id])
		})
	}
}

// fixtureUpTo is how far a fix fixture's fixes apply: a file named
// *.unsafe.lua is fixed as --fix --unsafe-fixes fixes, any other as --fix.
func fixtureUpTo(file string) diag.Applicability {
	if strings.HasSuffix(file, ".unsafe.lua") {
		return diag.Unsafe
	}
	return diag.Safe
}

// TestFixesKeepFixturesSound applies every fix to every rule fixture and
// example: the result parses, no rule reports more than before, and no
// fixable finding is left (the loop reached its fixed point).
func TestFixesKeepFixturesSound(t *testing.T) {
	files, _ := filepath.Glob("*/testdata/*.lua")
	examples, _ := filepath.Glob("../examples/*.lua")
	files = append(files, examples...)
	all := ruletest.Cat.All()
	fixed := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		res := drivertest.FixLua(file, src, all, diag.Unsafe)
		if res.Applied == 0 {
			continue
		}
		fixed++
		if luasrc.Parse(file, res.Src).Chunk == nil {
			t.Errorf("%s: the fixed text does not parse", file)
			continue
		}
		before, after := map[string]int{}, map[string]int{}
		for _, d := range res.Before {
			before[d.Rule]++
		}
		for _, d := range res.Diagnostics {
			after[d.Rule]++
			if d.Fix != nil && d.Fix.Applicability.Applies(diag.Unsafe) {
				t.Errorf("%s:%d: a fixable %s finding is left", file, d.Range.Start.Line, d.Rule)
			}
		}
		for rule, n := range after {
			if n > before[rule] {
				t.Errorf("%s: %s reports %d after fixing, %d before", file, rule, n, before[rule])
			}
		}
	}
	if fixed == 0 {
		t.Error("no fixture was fixed")
	}
	t.Logf("%d of %d files fixed", fixed, len(files))
}

// TestFixGoldensCompile runs the real Lua 5.1 compiler over every fixed
// golden, when luac5.1 is installed: the fixes produce Lua Redis loads.
func TestFixGoldensCompile(t *testing.T) {
	luac, err := exec.LookPath("luac5.1")
	if err != nil {
		t.Skip("luac5.1 is not installed")
	}
	goldens, _ := filepath.Glob("../testdata/fixes/*/*.lua.golden")
	if len(goldens) == 0 {
		t.Fatal("no goldens")
	}
	args := append([]string{"-p"}, goldens...)
	if out, err := exec.Command(luac, args...).CombinedOutput(); err != nil {
		t.Errorf("luac5.1 -p: %v\n%s", err, out)
	}
}

// TestSuggestionHashTag: missing-hash-tag's fix is a suggestion
// (display-only): --fix --unsafe-fixes leaves the script, and its edits,
// applied by hand, give the keys one slot, which the rule then accepts.
func TestSuggestionHashTag(t *testing.T) {
	src := []byte("redis.call('SET', 'bar', ARGV[1])\nredis.call('SET', 'baz', ARGV[2])\nreturn redis.call('GET', \"baz\")\n")
	var fix *diag.Fix
	for _, d := range ruletest.LintSource("s.lua", src, ruletest.Cat.All(), nil) {
		if d.Rule == "missing-hash-tag" {
			fix = d.Fix
		}
	}
	if fix == nil || fix.Applicability != diag.DisplayOnly || !strings.Contains(fix.Message, "'baz' to '{bar}:baz'") {
		t.Fatalf("fix = %+v", fix)
	}
	if res := drivertest.FixLua("s.lua", src, ruletest.Cat.All(), diag.Unsafe); string(res.Src) != string(src) {
		t.Errorf("--fix --unsafe-fixes applied a suggestion:\n%s", res.Src)
	}
	applied := *fix
	applied.Applicability = diag.Safe
	out, n := diag.ApplyFixes(src, []diag.Diagnostic{{Fix: &applied}}, diag.Safe)
	want := "redis.call('SET', 'bar', ARGV[1])\nredis.call('SET', '{bar}:baz', ARGV[2])\nreturn redis.call('GET', \"{bar}:baz\")\n"
	if n != 1 || string(out) != want {
		t.Fatalf("applied by hand:\n%s\nwant:\n%s", out, want)
	}
	for _, d := range ruletest.LintSource("s.lua", out, ruletest.Cat.All(), nil) {
		if d.Rule == "missing-hash-tag" {
			t.Errorf("after the suggestion: %s", d.Message)
		}
	}
}
