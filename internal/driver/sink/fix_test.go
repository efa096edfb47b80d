package sink

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/driver/source"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/rules"
)

// fixableSrc has one finding that --fix rewrites (nil-reply-compare).
const (
	fixableSrc = "local v = redis.call('GET', KEYS[1])\nif v == nil then\n  return 0\nend\nreturn v\n"
	fixedSrc   = "local v = redis.call('GET', KEYS[1])\nif not v then\n  return 0\nend\nreturn v\n"
)

// fixRun runs --fix over dir as the command line wires it, and returns the
// report (JSON), the error stream and the outcome.
func fixRun(t *testing.T, dir string) (string, string, *driver.Outcome) {
	t.Helper()
	var out, errOut bytes.Buffer
	files := &source.Files{Paths: []string{"."}, WorkDir: dir, Limit: 1 << 20, IncludeNames: true,
		Settings: func(string) (driver.Settings, error) { return driver.Settings{}, nil }}
	format, _ := report.New("json", report.Options{})
	sinks := []driver.Sink{NewFix(&errOut), &Report{Out: &out, Format: format}}
	o, err := driver.Run(driver.Config{Rules: rules.Catalogue().All(), Jobs: 2, Fix: true, ErrOut: &errOut, Sinks: sinks}, files)
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), o
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readString(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestFixLeavesChangedFiles: a file edited or replaced between its lint and
// its write keeps the user's content, is reported by name with its
// findings, and the run exits 2 (errors); the other files are fixed (issue
// 19 item 1: an append, or a file replaced by mv, during --fix was lost).
func TestFixLeavesChangedFiles(t *testing.T) {
	for _, c := range []struct {
		name, want string
		change     func(p string)
	}{
		{"appended", fixableSrc + "-- the user's edit\n", func(p string) {
			f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
			f.WriteString("-- the user's edit\n")
			f.Close()
		}},
		{"replaced", "NEW\n", func(p string) {
			os.Rename(p, p+".old")
			os.WriteFile(p, []byte("NEW\n"), 0o644)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			a, b := filepath.Join(dir, "a.lua"), filepath.Join(dir, "b.lua")
			write(t, a, fixableSrc)
			write(t, b, fixableSrc)
			beforeWrite = func(p string) {
				if p == a {
					c.change(p)
				}
			}
			t.Cleanup(func() { beforeWrite = nil })
			out, errOut, o := fixRun(t, dir)
			if got := readString(t, a); got != c.want {
				t.Errorf("a.lua holds %q, want the user's %q", got, c.want)
			}
			if got := readString(t, b); got != fixedSrc {
				t.Errorf("b.lua holds %q, want it fixed", got)
			}
			want := "lint-lua: a.lua: not fixed: it changed after lint-lua read it; run lint-lua --fix again\nlint-lua: applied 1 fix in 1 file\n"
			if errOut != want || len(o.Errors) != 1 {
				t.Errorf("stderr:\n%s\nwant:\n%s", errOut, want)
			}
			if !strings.Contains(out, `"file": "a.lua"`) || strings.Contains(out, `"file": "b.lua"`) || !strings.Contains(out, `"errors"`) {
				t.Errorf("report: a.lua's finding should stay, b.lua's go, and the error be recorded:\n%s", out)
			}
			if left, _ := filepath.Glob(filepath.Join(dir, ".*lint-lua*")); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

// TestFixSameFileTwice: a file the run reaches by two paths (a link beside
// it) is linted twice and fixed once; the second write finds the file
// already holding its rewrite, which is no failure.
func TestFixSameFileTwice(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.lua")
	write(t, a, fixableSrc)
	if err := os.Symlink("a.lua", filepath.Join(dir, "link.lua")); err != nil {
		t.Skip(err)
	}
	// Both paths are linted before either is written (each waits for the
	// other at the write, or a second when they run one at a time), so
	// that both writes race for the file: one must find the other's
	// rewrite (it failed one run in ten before writes were locked per
	// file).
	var arrived sync.WaitGroup
	arrived.Add(2)
	beforeWrite = func(string) {
		arrived.Done()
		done := make(chan struct{})
		go func() { arrived.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(time.Second):
		}
	}
	t.Cleanup(func() { beforeWrite = nil })
	_, errOut, o := fixRun(t, dir)
	if got := readString(t, a); got != fixedSrc {
		t.Errorf("a.lua holds %q, want it fixed", got)
	}
	if want := "lint-lua: applied 1 fix in 1 file\n"; errOut != want || len(o.Errors) != 0 {
		t.Errorf("stderr:\n%s\nwant:\n%s", errOut, want)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "link.lua")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("link.lua is no longer a link: %v, %v", fi, err)
	}
}
