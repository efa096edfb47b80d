package cli

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
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

// TestUnifiedDiffRoundTrip applies the diff of random edits with a small
// patcher and checks it gives the new text back.
func TestUnifiedDiffRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for n := 0; n < 500; n++ {
		var a []string
		for i := rng.Intn(30); i > 0; i-- {
			a = append(a, strconv.Itoa(rng.Intn(6))+"\n")
		}
		b := append([]string(nil), a...)
		for i := rng.Intn(5); i > 0; i-- {
			switch k := rng.Intn(len(b) + 1); rng.Intn(3) {
			case 0:
				b = append(b[:k], append([]string{"new\n"}, b[k:]...)...)
			case 1:
				if k < len(b) {
					b = append(b[:k], b[k+1:]...)
				}
			default:
				if k < len(b) {
					b[k] = "changed\n"
				}
			}
		}
		as, bs := strings.Join(a, ""), strings.Join(b, "")
		if rng.Intn(4) == 0 && bs != "" {
			bs = strings.TrimSuffix(bs, "\n")
		}
		d := unifiedDiff("f", []byte(as), []byte(bs))
		got, err := applyDiff(as, d)
		if err != nil || got != bs {
			t.Fatalf("case %d: %v\na:\n%q\nb:\n%q\ndiff:\n%s\ngot:\n%q", n, err, as, bs, d, got)
		}
	}
}

// applyDiff is a strict patcher for the diffs unifiedDiff writes.
func applyDiff(a, d string) (string, error) {
	if d == "" {
		return a, nil
	}
	src := splitLines(a)
	lines := splitLines(d)
	if len(lines) < 2 || lines[0] != "--- a/f\n" || lines[1] != "+++ b/f\n" {
		return "", fmt.Errorf("bad header")
	}
	var out []string
	pos := 0
	for i := 2; i < len(lines); {
		var as, an, bs, bn int
		h := strings.TrimSuffix(lines[i], "\n")
		if _, err := fmt.Sscanf(strings.NewReplacer(",", " ", "-", "", "+", "").Replace(h), "@@ %d %d %d %d @@", &as, &an, &bs, &bn); err != nil {
			// One-line ranges omit the count.
			var x, y string
			if _, err := fmt.Sscanf(h, "@@ %s %s @@", &x, &y); err != nil {
				return "", fmt.Errorf("bad hunk header %q", h)
			}
			as, an = parseRange(x[1:])
			bs, bn = parseRange(y[1:])
		}
		start := as - 1
		if an == 0 {
			start = as
		}
		for pos < start {
			out = append(out, src[pos])
			pos++
		}
		i++
		for i < len(lines) && !strings.HasPrefix(lines[i], "@@") {
			l := lines[i]
			noEOL := i+1 < len(lines) && lines[i+1] == "\\ No newline at end of file\n"
			body := l[1:]
			if noEOL {
				body = strings.TrimSuffix(body, "\n")
			}
			switch l[0] {
			case ' ':
				if pos >= len(src) || src[pos] != body {
					return "", fmt.Errorf("context mismatch at %d", pos)
				}
				out = append(out, body)
				pos++
			case '-':
				if pos >= len(src) || src[pos] != body {
					return "", fmt.Errorf("deletion mismatch at %d", pos)
				}
				pos++
			case '+':
				out = append(out, body)
			}
			i++
			if noEOL {
				i++
			}
		}
	}
	out = append(out, src[pos:]...)
	return strings.Join(out, ""), nil
}

func parseRange(s string) (int, int) {
	if i := strings.IndexByte(s, ','); i >= 0 {
		a, _ := strconv.Atoi(s[:i])
		b, _ := strconv.Atoi(s[i+1:])
		return a, b
	}
	a, _ := strconv.Atoi(s)
	return a, 1
}
