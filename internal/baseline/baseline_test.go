package baseline

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
)

func lines(src string) func(int) (string, bool) {
	ls := strings.Split(src, "\n")
	return func(n int) (string, bool) {
		if n < 1 || n > len(ls) {
			return "", false
		}
		return ls[n-1], true
	}
}

func rng(l1, c1, l2, c2 int) diag.Range {
	return diag.Range{Start: diag.Pos{Line: l1, Column: c1}, End: diag.Pos{Line: l2, Column: c2}}
}

func TestText(t *testing.T) {
	t.Parallel()
	src := "local v = redis.call('GET',   'k')\nredis.call('SET',\n    KEYS[1],  v)\n"
	for _, tc := range []struct {
		r    diag.Range
		want string
	}{
		{rng(1, 11, 1, 35), "redis.call('GET', 'k')"},
		{rng(1, 1, 1, 1), "local v = redis.call('GET', 'k')"}, // empty: the line
		{rng(2, 1, 3, 17), "redis.call('SET', KEYS[1], v)"},   // two lines joined
		{rng(1, 30, 1, 500), "'k')"},                          // an end past the line
		{rng(9, 1, 9, 2), ""},                                 // no such line
	} {
		if got := Text(tc.r, lines(src)); got != tc.want {
			t.Errorf("Text(%v) = %q, want %q", tc.r, got, tc.want)
		}
	}
	if got := Text(rng(1, 1, 1, 5), nil); got != "" {
		t.Errorf("Text without lines = %q", got)
	}
}

// finding keys a finding of rule at line:col..endcol of src in file.
func finding(dir, file, rule, src string, line, col, end int) Finding {
	return Of(diag.Diagnostic{File: file, Rule: rule, Range: rng(line, col, line, end)}, dir, lines(src), func(r string) bool { return r == "script-too-long" })
}

func TestMatch(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, f := range []string{"a.lua", "b.lua"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "base.json")
	b, err := ReadOrNew(path)
	if err != nil {
		t.Fatal(err)
	}
	// Today: two identical findings in a.lua, one in b.lua.
	src := "x = 1\nx = 1\n"
	today := []Finding{
		finding(dir, "a.lua", "global-assignment", src, 2, 1, 2),
		finding(dir, "a.lua", "global-assignment", src, 1, 1, 2),
		finding(dir, "b.lua", "undeclared-key", "redis.call('GET', 'k')", 1, 19, 22),
	}
	es := b.Record(today)
	if len(es) != 3 || es[0].File != "a.lua" || es[0].Occurrence != 0 || es[1].Occurrence != 1 || es[2].Text != "'k'" {
		t.Fatalf("Record = %+v", es)
	}
	if err := Write(path, es); err != nil {
		t.Fatal(err)
	}
	b, err = Read(path)
	if err != nil {
		t.Fatal(err)
	}

	// Lines inserted above: still matched, nothing stale.
	moved := "-- one\n-- two\nx = 1\nx = 1\n"
	run := []Finding{
		finding(dir, "a.lua", "global-assignment", moved, 3, 1, 2),
		finding(dir, "a.lua", "global-assignment", moved, 4, 1, 2),
		finding(dir, "b.lua", "undeclared-key", "-- moved\nredis.call('GET', 'k')", 2, 19, 22),
	}
	old, stale, _ := b.Match(run, nil)
	if !old[0] || !old[1] || !old[2] || len(stale) != 0 {
		t.Errorf("moved: old %v, stale %v", old, stale)
	}

	// A third identical finding: only the one past the recorded count is
	// new.
	three := "x = 1\nx = 1\nx = 1\n"
	run = []Finding{
		finding(dir, "a.lua", "global-assignment", three, 1, 1, 2),
		finding(dir, "a.lua", "global-assignment", three, 3, 1, 2),
		finding(dir, "a.lua", "global-assignment", three, 2, 1, 2),
	}
	old, _, _ = b.Match(run, func(string) bool { return false })
	if !old[0] || old[1] || !old[2] {
		t.Errorf("occurrences: old %v, want the finding on line 3 new", old)
	}

	// One of the two fixed: its occurrence is stale, in a file the run
	// covered; b.lua, not covered and still there, is not.
	run = []Finding{finding(dir, "a.lua", "global-assignment", "x = 1\n", 1, 1, 2)}
	old, stale, _ = b.Match(run, func(rel string) bool { return rel == "a.lua" })
	if !old[0] || len(stale) != 1 || stale[0].File != "a.lua" || stale[0].Occurrence != 1 {
		t.Errorf("fixed: old %v, stale %+v", old, stale)
	}
	if got := b.Prune(stale); len(got) != 2 {
		t.Errorf("Prune = %+v", got)
	}
	// Update replaces the covered file's entries and keeps the others.
	got := b.Update(b.Record(run), func(rel string) bool { return rel == "a.lua" })
	if len(got) != 2 || got[0].File != "a.lua" || got[1].File != "b.lua" {
		t.Errorf("Update = %+v", got)
	}

	// A file that no longer exists: its entries are stale in any run.
	if err := os.Remove(filepath.Join(dir, "b.lua")); err != nil {
		t.Fatal(err)
	}
	_, stale, _ = b.Match(nil, func(string) bool { return false })
	if len(stale) != 1 || stale[0].File != "b.lua" {
		t.Errorf("deleted file: stale %+v", stale)
	}
}

// TestWholeScript keys a finding about a script as a whole by rule and
// file: its place, the line past max-lines, moves with every line
// inserted above it.
func TestWholeScript(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	b, err := New(filepath.Join(dir, "base.json"))
	if err != nil {
		t.Fatal(err)
	}
	b.Entries = b.Record([]Finding{finding(dir, "a.lua", "script-too-long", "a\nb\nc\n", 3, 1, 2)})
	b.counts = map[key]int{b.Entries[0].key(): 1}
	if b.Entries[0].Text != "" {
		t.Errorf("whole-script finding keyed by its text %q", b.Entries[0].Text)
	}
	old, stale, _ := b.Match([]Finding{finding(dir, "a.lua", "script-too-long", "new\na\nb\nc\n", 3, 1, 2)}, nil)
	if !old[0] || len(stale) != 0 {
		t.Errorf("after a line inserted: old %v, stale %v", old, stale)
	}
}

func TestFileFormat(t *testing.T) {
	t.Parallel()
	es := []Entry{
		{Rule: "undeclared-key", File: "b.lua", Text: "'k'"},
		{Rule: "global-assignment", File: "a.lua", Text: "x", Occurrence: 1},
		{Rule: "global-assignment", File: "a.lua", Text: "x"},
	}
	sortEntries(es)
	want := `{
  "version": 1,
  "findings": [
    {
      "rule": "global-assignment",
      "file": "a.lua",
      "text": "x",
      "occurrence": 0
    },
    {
      "rule": "global-assignment",
      "file": "a.lua",
      "text": "x",
      "occurrence": 1
    },
    {
      "rule": "undeclared-key",
      "file": "b.lua",
      "text": "'k'",
      "occurrence": 0
    }
  ]
}
`
	if got := string(Marshal(es)); got != want {
		t.Errorf("Marshal:\n%s\nwant\n%s", got, want)
	}
	if got := string(Marshal(nil)); got != "{\n  \"version\": 1,\n  \"findings\": []\n}\n" {
		t.Errorf("Marshal(nil) = %q", got)
	}
}

func TestReadErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, tc := range map[string]struct{ data, want string }{
		"garbage":       {"not json", "not a lint-lua baseline (JSON)"},
		"no version":    {`{"findings": []}`, `no "version"`},
		"newer version": {`{"version": 2, "findings": []}`, "version 2: this lint-lua reads version 1"},
		"unknown field": {`{"version": 1, "findings": [], "extra": 1}`, `unknown field "extra"`},
		"no rule":       {`{"version": 1, "findings": [{"file": "a.lua"}]}`, "finding 0: want a rule"},
	} {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".json")
		if err := os.WriteFile(p, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Read(p)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: error %v, want one naming %s and %q", name, err, p, tc.want)
		}
	}
	if _, err := Read(filepath.Join(dir, "missing.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
