package source

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules"
)

// files is a Files source over dir, with script-too-long off (the fixtures
// are short and would not need it) and the includes of a run that lints
// without assembling.
func files(dir string, paths ...string) *Files {
	if len(paths) == 0 {
		paths = []string{"."}
	}
	return &Files{
		Paths: paths, WorkDir: dir, Limit: 1 << 20, IncludeNames: true, Reuse: true,
		Settings: func(string) (driver.Settings, error) {
			return driver.Settings{Rules: lint.Settings{"script-too-long": {Enabled: false}}}, nil
		},
	}
}

// lintWith runs the driver over src with jobs workers and returns the
// findings, sorted, as "file:line:col-line:col rule message — help", the
// error stream and the outcome.
func lintWith(t *testing.T, src driver.Source, jobs int) ([]string, string, *driver.Outcome) {
	t.Helper()
	var errOut bytes.Buffer
	o, err := driver.Run(driver.Config{Rules: rules.Catalogue().All(), Jobs: jobs, ErrOut: &errOut}, src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range o.Results {
		for _, d := range r.Diagnostics {
			msg := d.Message
			if d.Help != "" {
				msg += " — " + d.Help
			}
			got = append(got, fmt.Sprintf("%s:%d:%d-%d:%d %s %s", d.File, d.Range.Start.Line, d.Range.Start.Column, d.Range.End.Line, d.Range.End.Column, d.Rule, msg))
		}
	}
	sort.Strings(got)
	return got, errOut.String(), o
}

// wantPrefixes checks that the findings got (lintWith's) are as many as
// want and each starts with its want.
func wantPrefixes(t *testing.T, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d findings, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], w) {
			t.Errorf("finding %d:\n got %s\nwant %s", i, got[i], w)
		}
	}
}

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestIncludedFragmentParsedOnce: a fragment that another fragment includes
// before the walk reaches it is parsed then and kept for its own lint, which
// does not read it again; its findings carry its own name.
func TestIncludedFragmentParsedOnce(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		// a.lua is linted first and needs b.lua's names.
		"includes/a.lua": "--- @include \"b\"\nlocal function a(k) return b(k) end\n",
		"includes/b.lua": "local function b(k) return redis.call('GET', 'b') end\n",
		"main.lua":       "--- @include \"includes/a\"\nreturn a(KEYS[1])\n",
	})
	var mu sync.Mutex
	opened := map[string]int{}
	beforeOpen = func(p string) {
		mu.Lock()
		opened[filepath.Base(p)]++
		mu.Unlock()
	}
	t.Cleanup(func() { beforeOpen = nil })
	for _, jobs := range []int{1, 4} {
		clear(opened)
		got, stderr, _ := lintWith(t, files(dir), jobs)
		// (A literal key: an undefined global or a global assignment would
		// have the lint look up the folder's other files for a definition,
		// reading them; TestFragments.)
		want := []string{"includes/b.lua:1:46-1:49 undeclared-key key 'b' of GET is a literal, not from KEYS — pass it in KEYS so Redis Cluster can route the script (otherwise it fails with 'non local key' when the key lives on another node)"}
		if !reflect.DeepEqual(got, want) || stderr != "" {
			t.Errorf("jobs %d: findings %q, stderr %q; want %q", jobs, got, stderr, want)
		}
		if jobs == 1 && (opened["b.lua"] != 0 || opened["a.lua"] != 1 || opened["main.lua"] != 1) {
			t.Errorf("jobs 1: the lint read %v; b.lua was parsed when a.lua included it", opened)
		}
	}
}

// TestFileRemovedBeforeRead: a file found by the walk and gone when its
// worker opens it is reported by name, and the others are linted.
func TestFileRemovedBeforeRead(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"good.lua": "x = 1\n", "vanish.lua": "x = 1\n"})
	gone := filepath.Join(dir, "vanish.lua")
	beforeOpen = func(p string) {
		if p == gone {
			os.Remove(p)
		}
	}
	t.Cleanup(func() { beforeOpen = nil })
	got, stderr, o := lintWith(t, files(dir), 2)
	if stderr != "lint-lua: vanish.lua: no such file or directory (it was removed after lint-lua found it)\n" || len(o.Errors) != 1 {
		t.Errorf("stderr %q", stderr)
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "good.lua:1:") {
		t.Errorf("findings %q", got)
	}
}

// TestHostLoaderFragment: a .lua file that a host-language file of its
// folder or the one above names, and whose undefined functions that file
// quotes, is a fragment the loader joins with definitions (TaskTiger's
// register_script_from_file): one info finding. A name the loader does not
// quote, and a .lua file it does not name, keep their errors.
func TestHostLoaderFragment(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"pkg/scripts.py":    "def load(self):\n    return self.register_script_from_file('lua/move.lua', include_functions={'zadd_noupdate': ZADD, 'srem_if': SREM})\n",
		"pkg/lua/move.lua":  "zadd_noupdate(KEYS, ARGV)\nsrem_if(KEYS, ARGV)\nreturn 1\n",
		"pkg/lua/typo.lua":  "zadd_noupdate(KEYS, ARGV)\nreturn 1\n",
		"pkg/lua/mixed.lua": "-- named by nothing\nreturn 1\n",
	})
	writeTree(t, dir, map[string]string{"pkg/lua/move2.lua": "zadd_noupdat(KEYS, ARGV)\nreturn 1\n"})
	writeTree(t, dir, map[string]string{"pkg/more.py": "FILES = ['lua/move2.lua']\n"})
	got, stderr, _ := lintWith(t, files(dir), 2)
	if stderr != "" {
		t.Fatal(stderr)
	}
	want := map[string]string{
		"pkg/lua/move.lua:1:1":  "global zadd_noupdate (+1 more) is defined only by the loader ../scripts.py, as in a fragment",
		"pkg/lua/typo.lua:1:1":  "global zadd_noupdate does not exist",
		"pkg/lua/move2.lua:1:1": "global zadd_noupdat does not exist",
	}
	for at, w := range want {
		found := false
		for _, g := range got {
			if strings.HasPrefix(g, at) && strings.Contains(g, w) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no finding %q in %q", at, w, got)
		}
	}
	for _, g := range got {
		if strings.HasPrefix(g, "pkg/lua/move.lua:2:") {
			t.Errorf("a second finding for the fragment: %q", g)
		}
	}
}

// TestGoFileNamed: a Go file named on the command line is not read as Lua
// (its scripts are the analyzer's): an error names it and says what to run,
// the other files are linted, and a walk of the folder does not take it.
func TestGoFileNamed(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"main.go": "package main\n", "good.lua": "x = 1\n"})
	got, stderr, o := lintWith(t, files(dir, "main.go", "good.lua"), 2)
	if !strings.HasPrefix(stderr, "lint-lua: main.go: a Go source file: lint its package with `lint-lua go ./...`") || len(o.Errors) != 1 {
		t.Errorf("stderr %q", stderr)
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "good.lua:1:") {
		t.Errorf("findings %q", got)
	}
	got, stderr, _ = lintWith(t, files(dir), 2)
	if stderr != "" || len(got) != 1 {
		t.Errorf("walk: stderr %q, findings %q", stderr, got)
	}
}

// within fails the test instead of hanging when f does not return.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("did not return")
	}
}

// TestSpecialIncludes: an `@include` that resolves to a named pipe, a
// device or a link to /dev/zero neither hangs the run nor exhausts its
// memory (issue 19 item 6): assembled, the directive is an error naming
// it; not assembled, the fragment gives no names.
func TestSpecialIncludes(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"fifo/main.lua": "--- @include \"frag\"\nreturn frag()\n",
		"zero/main.lua": "--- @include \"frag\"\nreturn frag()\n",
		"null/main.lua": "--- @include \"frag\"\nreturn frag()\n",
	})
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo", "frag.lua"), 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	for d, target := range map[string]string{"zero": "/dev/zero", "null": "/dev/null"} {
		if err := os.Symlink(target, filepath.Join(dir, d, "frag.lua")); err != nil {
			t.Skip(err)
		}
	}
	for _, d := range []string{"fifo", "zero", "null"} {
		within(t, func() {
			_, stderr, _ := lintWith(t, &Assembled{Files: files(dir, d), Jobs: 2}, 2)
			want := fmt.Sprintf("lint-lua: %s/main.lua:1:5: include \"frag\": %s/frag.lua: not a regular file but a", d, d)
			if !strings.HasPrefix(stderr, want) {
				t.Errorf("%s assembled: stderr %q, want %q...", d, stderr, want)
			}
			got, stderr, _ := lintWith(t, files(dir, d), 2)
			if stderr != "" || len(got) != 1 || !strings.Contains(got[0], "global frag is not defined in this file") {
				t.Errorf("%s: findings %q, stderr %q", d, got, stderr)
			}
		})
	}
}

// TestAssembledSizeCap: a script whose assembly passes the bound on one
// script is an error naming it, found before the assembly grows further
// (issue 19 item 12); its fragments are linted as usual.
func TestAssembledSizeCap(t *testing.T) {
	dir := t.TempDir()
	big := strings.Repeat("local function f() return 1 end\n", 100) // 3,200 bytes
	writeTree(t, dir, map[string]string{
		"main.lua":     "--- @include \"parts/*.lua\"\nreturn 1\n",
		"parts/a.lua":  big,
		"parts/b.lua":  big,
		"small.lua":    "--- @include \"parts/a\"\nreturn 1\n",
		"parts/x.json": "{}",
	})
	src := files(dir)
	src.Limit = 5000
	_, stderr, o := lintWith(t, &Assembled{Files: src, Jobs: 2}, 2)
	want := "lint-lua: main.lua: assembled with its includes, larger than 5000 bytes, the --max-file-size limit: not a Redis script (raise the limit if it is one)\n"
	if stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if o.Files != 3 {
		t.Errorf("%d files linted, want small.lua and its fragments", o.Files)
	}
	src.Limit = 10000
	if _, stderr, _ := lintWith(t, &Assembled{Files: src, Jobs: 2}, 2); stderr != "" {
		t.Errorf("within the limit: %q", stderr)
	}
}
