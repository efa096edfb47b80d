package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixableSrc has one finding that --fix rewrites (nil-reply-compare) and
// nothing else.
const (
	fixableSrc = "local v = redis.call('GET', KEYS[1])\nif v == nil then\n  return 0\nend\nreturn v\n"
	fixedSrc   = "local v = redis.call('GET', KEYS[1])\nif not v then\n  return 0\nend\nreturn v\n"
	fixDiff    = "--- a/a.lua\n+++ b/a.lua\n@@ -1,5 +1,5 @@\n local v = redis.call('GET', KEYS[1])\n-if v == nil then\n+if not v then\n   return 0\n end\n return v\n"
)

func read(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDiffWritesNothing(t *testing.T) {
	dir := tree(t, t.TempDir(), map[string]string{"a.lua": fixableSrc, "b.lua": cleanSrc})
	r := in(t, dir, "--diff", ".")
	if r.code != 1 || r.out != fixDiff {
		t.Fatalf("code %d, out:\n%s\nwant:\n%s\nstderr: %s", r.code, r.out, fixDiff, r.errOut)
	}
	if got := read(t, filepath.Join(dir, "a.lua")); got != fixableSrc {
		t.Errorf("--diff wrote the file:\n%s", got)
	}
	// Standard input works with --diff, named by --stdin-filename.
	r = env{wd: dir, stdin: fixableSrc}.run(t, "--diff", "--stdin-filename", "a.lua", "-")
	if r.code != 1 || r.out != fixDiff {
		t.Errorf("stdin: code %d, out:\n%s", r.code, r.out)
	}
	// Nothing to fix: no output, exit by the findings (none).
	r = in(t, dir, "--diff", "b.lua")
	if r.code != 0 || r.out != "" {
		t.Errorf("clean file: code %d, out %q", r.code, r.out)
	}
}

func TestFixRewrites(t *testing.T) {
	dir := tree(t, t.TempDir(), map[string]string{"a.lua": fixableSrc, "g.lua": globalSrc + fixableSrc})
	a := filepath.Join(dir, "a.lua")
	if err := os.Chmod(a, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.lua", filepath.Join(dir, "link.lua")); err != nil {
		t.Fatal(err)
	}
	r := in(t, dir, "--fix", "link.lua")
	if r.code != 0 || !strings.Contains(r.out, "no problems in 1 file") || !strings.Contains(r.errOut, "applied 1 fix in 1 file") {
		t.Fatalf("code %d\nout: %s\nerr: %s", r.code, r.out, r.errOut)
	}
	if got := read(t, a); got != fixedSrc {
		t.Errorf("fixed file:\n%s", got)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "link.lua")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symbolic link was replaced: %v %v", fi.Mode(), err)
	}
	if fi, _ := os.Stat(a); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", fi.Mode().Perm())
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*lint-lua*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	// A finding without a fix stays and sets the exit status; the fixable
	// one is gone from the report.
	r = in(t, dir, "--fix", "--format", "json", "g.lua")
	if r.code != 1 || !strings.Contains(r.out, "global-assignment") || strings.Contains(r.out, "nil-reply-compare") {
		t.Errorf("code %d\nout: %s", r.code, r.out)
	}
	if got := read(t, filepath.Join(dir, "g.lua")); got != globalSrc+fixedSrc {
		t.Errorf("fixed file:\n%s", got)
	}
	// Fixing again changes nothing.
	r = in(t, dir, "--fix", "a.lua")
	if r.code != 0 || r.errOut != "" || read(t, a) != fixedSrc {
		t.Errorf("second run: code %d err %q", r.code, r.errOut)
	}
}

func TestFixRefusals(t *testing.T) {
	dir := tree(t, t.TempDir(), map[string]string{"a.lua": fixableSrc})
	r := env{wd: dir, stdin: fixableSrc}.run(t, "--fix", "-")
	if r.code != 2 || !strings.Contains(r.errOut, "--fix cannot rewrite standard input") || r.out != "" {
		t.Errorf("stdin: code %d err %q out %q", r.code, r.errOut, r.out)
	}
	r = in(t, dir, "--fix", "--diff", "a.lua")
	if r.code != 2 || !strings.Contains(r.errOut, "choose one") {
		t.Errorf("both: code %d err %q", r.code, r.errOut)
	}
	if read(t, filepath.Join(dir, "a.lua")) != fixableSrc {
		t.Errorf("a refused run wrote the file")
	}
}

func TestFixUnwritable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only directories")
	}
	dir := tree(t, t.TempDir(), map[string]string{"ro/a.lua": fixableSrc})
	ro := filepath.Join(dir, "ro")
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(ro, 0o755)
	r := in(t, dir, "--fix", "ro")
	if r.code != 2 || !strings.Contains(r.errOut, "ro/a.lua: writing the fixes") || !strings.Contains(r.out, "nil-reply-compare") {
		t.Errorf("code %d\nout: %s\nerr: %s", r.code, r.out, r.errOut)
	}
}
