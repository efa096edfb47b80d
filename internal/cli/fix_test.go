package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
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
	t.Parallel()
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
	// Nothing to fix but a finding without a fix: no output, exit 1
	// (README, Fixes).
	tree(t, dir, map[string]string{"g.lua": globalSrc})
	r = in(t, dir, "--diff", "g.lua")
	if r.code != ExitFindings || r.out != "" || r.errOut != "" {
		t.Errorf("unfixable finding: code %d, out %q, err %q", r.code, r.out, r.errOut)
	}
	r = in(t, dir, "--diff", "--fail-on", "error", "b.lua", "g.lua")
	if r.code != ExitFindings || r.out != "" {
		t.Errorf("unfixable error: code %d, out %q", r.code, r.out)
	}
}

func TestFixRewrites(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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

// TestFixKeepsOwnerAndMode: --fix run as root gives the fixed file back to
// its owner and group, with its mode and special bits (issue 19 item 2: a
// user's 0600 file became root's and unreadable to them).
func TestFixKeepsOwnerAndMode(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("needs root to own a file of another user; internal/diskfile tests the rest as this user")
	}
	for _, mode := range []os.FileMode{0o600, 0o755 | os.ModeSetuid | os.ModeSetgid, 0o664 | os.ModeSticky} {
		dir := tree(t, t.TempDir(), map[string]string{"a.lua": fixableSrc})
		a := filepath.Join(dir, "a.lua")
		if err := os.Chown(a, 4321, 5432); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(a, mode); err != nil {
			t.Fatal(err)
		}
		r := in(t, dir, "--fix", "a.lua")
		if r.code != 0 || r.errOut != "lint-lua: applied 1 fix in 1 file\n" || read(t, a) != fixedSrc {
			t.Fatalf("%v: code %d, stderr %q", mode, r.code, r.errOut)
		}
		fi, err := os.Stat(a)
		if err != nil {
			t.Fatal(err)
		}
		st := fi.Sys().(*syscall.Stat_t)
		if fi.Mode() != mode || st.Uid != 4321 || st.Gid != 5432 {
			t.Errorf("after --fix: %v uid %d gid %d, want %v 4321 5432", fi.Mode(), st.Uid, st.Gid, mode)
		}
	}
}

// TestFixRefusesHardLink: a file with another hard link is not replaced,
// which would break the link: it is reported by name with what to do, both
// names keep their content, and its findings stay (issue 19 item 2).
func TestFixRefusesHardLink(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{"a.lua": fixableSrc, "c.lua": fixableSrc})
	if err := os.Link(filepath.Join(dir, "a.lua"), filepath.Join(dir, "b.lua")); err != nil {
		t.Skip(err)
	}
	r := in(t, dir, "--fix", "a.lua", "c.lua")
	want := "lint-lua: a.lua: not fixed: it has more than one hard link (2 links), which writing a new file in its place would not keep; apply the fixes by hand or with lint-lua --diff | patch\n" +
		"lint-lua: applied 1 fix in 1 file\n"
	if r.code != ExitError || r.errOut != want || !strings.Contains(r.out, "a.lua:2:") {
		t.Errorf("code %d\nstderr:\n%s\nwant:\n%s\nstdout:\n%s", r.code, r.errOut, want, r.out)
	}
	if read(t, filepath.Join(dir, "a.lua")) != fixableSrc || read(t, filepath.Join(dir, "b.lua")) != fixableSrc || read(t, filepath.Join(dir, "c.lua")) != fixedSrc {
		t.Error("a linked file was written, or the other not fixed")
	}
	// --diff shows the fix all the same.
	if r := in(t, dir, "--diff", "a.lua"); r.code != ExitFindings || !strings.Contains(r.out, "+if not v then") {
		t.Errorf("--diff: code %d, out %q", r.code, r.out)
	}
}

// checkReadOnlyRefused: --fix leaves a read-only file alone and says so.
func checkReadOnlyRefused(t *testing.T, dir string) {
	t.Helper()
	a := filepath.Join(dir, "a.lua")
	r := in(t, dir, "--fix", "a.lua")
	want := "lint-lua: a.lua: not fixed: it is read-only (make it writable to fix it)\n"
	if r.code != ExitError || r.errOut != want || !strings.Contains(r.out, "nil-reply-compare") {
		t.Errorf("uid %d: code %d\nstderr:\n%s\nwant:\n%s\nstdout:\n%s", os.Geteuid(), r.code, r.errOut, want, r.out)
	}
	if read(t, a) != fixableSrc {
		t.Errorf("uid %d: the read-only file was written", os.Geteuid())
	}
	if fi, _ := os.Stat(a); fi.Mode().Perm() != 0o444 {
		t.Errorf("mode %v", fi.Mode())
	}
}

// TestFixRefusesReadOnly: a file without write permission is refused, as
// gofmt -w refuses it (issue 19 item 3), for this user and, run from root,
// for an ordinary one: the test binary runs itself as nobody.
func TestFixRefusesReadOnly(t *testing.T) {
	t.Parallel()
	if dir := os.Getenv("LINT_LUA_TEST_READONLY_DIR"); dir != "" {
		// The run as another user.
		checkReadOnlyRefused(t, dir)
		return
	}
	dir := tree(t, t.TempDir(), map[string]string{"a.lua": fixableSrc})
	if err := os.Chmod(filepath.Join(dir, "a.lua"), 0o444); err != nil {
		t.Fatal(err)
	}
	checkReadOnlyRefused(t, dir)
	if os.Geteuid() != 0 {
		return
	}
	const nobody = 65534
	base, err := os.MkdirTemp("", "lint-lua-readonly-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	bin := filepath.Join(base, "cli.test")
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, self, 0o755); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(base, "work")
	tree(t, work, map[string]string{"a.lua": fixableSrc})
	for _, p := range []string{base, work} {
		os.Chmod(p, 0o755)
	}
	a := filepath.Join(work, "a.lua")
	os.Chmod(a, 0o444)
	// nobody owns the directory and the file: only the mode forbids it.
	if err := os.Chown(work, nobody, nobody); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(a, nobody, nobody); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^TestFixRefusesReadOnly$", "-test.v")
	cmd.Env = append(os.Environ(), "LINT_LUA_TEST_READONLY_DIR="+work)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestFixRefusesReadOnly") {
		t.Errorf("as nobody: %v\n%s", err, out)
	}
}

// TestDiffQuotesNames: --diff writes a name that holds a newline, quotes or
// bytes past ASCII as git does, quoted, so that the name cannot inject a
// hunk, and git apply takes the diff as it is (issue 19 item 9).
func TestDiffQuotesNames(t *testing.T) {
	t.Parallel()
	name := "x\n+++ b/other.lua\n@@ -1 +1 @@\n-é \"q\".lua"
	dir := tree(t, t.TempDir(), map[string]string{name: fixableSrc})
	r := in(t, dir, "--diff", ".")
	if r.code != ExitFindings {
		t.Fatalf("code %d, stderr %q", r.code, r.errOut)
	}
	want := "--- \"a/x\\n+++ b/other.lua\\n@@ -1 +1 @@\\n-\\303\\251 \\\"q\\\".lua\"\t\n+++ \"b/x\\n+++ b/other.lua\\n@@ -1 +1 @@\\n-\\303\\251 \\\"q\\\".lua\"\t\n@@ -1,5 +1,5 @@\n"
	if !strings.HasPrefix(r.out, want) || strings.Count(r.out, "\n@@ ") != 1 {
		t.Fatalf("diff:\n%s\nwant it to start:\n%s", r.out, want)
	}
	git, err := exec.LookPath("git")
	if err != nil {
		return
	}
	cmd := exec.Command(git, "apply", "-")
	cmd.Dir, cmd.Stdin = dir, strings.NewReader(r.out)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s", err, out)
	}
	if got := read(t, filepath.Join(dir, name)); got != fixedSrc {
		t.Errorf("after git apply:\n%s", got)
	}
}

// TestDiffHostFiles: --diff shows the fixes of scripts in host literals
// (a Python triple-quoted string, a Java string) as a diff of the host
// file and writes nothing; a finding whose edit would cross a Java
// concatenation shows no hunk; --fix then writes the same.
func TestDiffHostFiles(t *testing.T) {
	files := map[string]string{
		"lock.py": "GET = \"\"\"\nlocal v = redis.call('HGET', KEYS[1], 'n')\nif v == nil then return 0 end\nreturn v\n\"\"\"\nr.eval(GET, 1, \"h\")\n",
		"Cache.java": "class Cache {\n  void run(Jedis jedis) {\n" +
			"    jedis.eval(\"local v = redis.call('GET', KEYS[1]) if v == \" + \"nil then return 0 end return v\", 1, \"k\");\n" +
			"    jedis.eval(\"local w = redis.call('GET', KEYS[1]) if w == nil then return 0 end return w\", 1, \"k\");\n  }\n}\n",
	}
	dir := tree(t, t.TempDir(), files)
	want := "--- a/Cache.java\n+++ b/Cache.java\n@@ -1,6 +1,6 @@\n class Cache {\n   void run(Jedis jedis) {\n" +
		"     jedis.eval(\"local v = redis.call('GET', KEYS[1]) if v == \" + \"nil then return 0 end return v\", 1, \"k\");\n" +
		"-    jedis.eval(\"local w = redis.call('GET', KEYS[1]) if w == nil then return 0 end return w\", 1, \"k\");\n" +
		"+    jedis.eval(\"local w = redis.call('GET', KEYS[1]) if not w then return 0 end return w\", 1, \"k\");\n" +
		"   }\n }\n" +
		"--- a/lock.py\n+++ b/lock.py\n@@ -1,6 +1,6 @@\n GET = \"\"\"\n local v = redis.call('HGET', KEYS[1], 'n')\n" +
		"-if v == nil then return 0 end\n+if not v then return 0 end\n return v\n \"\"\"\n r.eval(GET, 1, \"h\")\n"
	r := in(t, dir, "--diff", ".")
	if r.code != ExitFindings || r.out != want {
		t.Fatalf("code %d, out:\n%s\nwant:\n%s\nstderr: %s", r.code, r.out, want, r.errOut)
	}
	for name, src := range files {
		if got := read(t, filepath.Join(dir, name)); got != src {
			t.Errorf("--diff wrote %s:\n%s", name, got)
		}
	}
	r = in(t, dir, "--fix", "--format", "json", ".")
	if got := decode(t, r).findings(); r.code != ExitFindings || r.errOut != "lint-lua: applied 2 fixes in 2 files\n" ||
		!equal(got, []string{"Cache.java:3:nil-reply-compare:error"}) {
		t.Errorf("--fix: code %d, err %q, left %q", r.code, r.errOut, got)
	}
	if got := read(t, filepath.Join(dir, "lock.py")); got != strings.Replace(files["lock.py"], "v == nil", "not v", 1) {
		t.Errorf("--fix wrote lock.py:\n%s", got)
	}
}

// TestProveExit: with --prove, an error replayed on a private
// redis-server shows its witness and fails the run; one no run reproduces
// is shown as not proved and no longer fails it.
func TestProveExit(t *testing.T) {
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Skip("redis-server is not on PATH")
	}
	dir := tree(t, t.TempDir(), map[string]string{
		"proved.lua": "local stock = redis.call('GET', KEYS[1])\nif tonumber(stock) > 0 then\n  return redis.call('DECR', KEYS[1])\nend\nreturn 0\n",
		// Line 1 returns unless 'start' holds "go!", a value no state of
		// the search gives it: the finding on line 3 is not reached.
		"unreached.lua": "if redis.call('GET', 'start') ~= 'go!' then return 0 end\nlocal stock = redis.call('GET', KEYS[1])\nif tonumber(stock) > 0 then return 1 end\nreturn 0\n",
	})
	r := in(t, dir, "--prove", "--fail-on", "error", "proved.lua")
	if r.code != ExitFindings || !strings.Contains(r.out, "proved: on redis-server") || !strings.Contains(r.out, "attempt to compare number with nil") {
		t.Errorf("proved: exit %d\n%s%s", r.code, r.out, r.errOut)
	}
	r = in(t, dir, "--prove=local", "--fail-on", "error", "--only", "unguarded-nil-reply", "unreached.lua")
	if r.code != ExitOK || !strings.Contains(r.out, "unreached.lua:3:") || !strings.Contains(r.out, "not proved: not reproduced") {
		t.Errorf("unreached: exit %d\n%s%s", r.code, r.out, r.errOut)
	}
	if r := in(t, dir, "--prove", "--fix", "proved.lua"); r.code != ExitError {
		t.Errorf("--prove --fix: exit %d", r.code)
	}
}

// TestProveTargetMismatch: --prove says when the server it runs the
// scripts on is not the target's (Valkey's target, a redis-server).
func TestProveTargetMismatch(t *testing.T) {
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Skip("redis-server is not on PATH")
	}
	dir := tree(t, t.TempDir(), map[string]string{"a.lua": "return redis.call('GET', KEYS[1]) + 1\n"})
	r := in(t, dir, "--prove", "--target", "valkey-8.0", "a.lua")
	if !strings.Contains(r.errOut, "--prove runs the scripts on redis-server") || !strings.Contains(r.errOut, "the target is valkey-8.0") {
		t.Errorf("no warning:\n%s", r.errOut)
	}
	if r := in(t, dir, "--prove", "a.lua"); strings.Contains(r.errOut, "--prove runs the scripts on") {
		t.Errorf("a warning for the target's own server:\n%s", r.errOut)
	}
}

// TestProveLine: lint-lua prove FILE:LINE replays the findings at that
// line on a private redis-server and prints the redis-cli commands of the
// run; those commands, run by hand on the test's server, give the same
// error. A line without such a finding is a usage error. Slow
// (LINT_LUA_SLOW_TESTS=1): it starts a redis-server and runs redis-cli.
func TestProveLine(t *testing.T) {
	if os.Getenv("LINT_LUA_SLOW_TESTS") == "" {
		t.Skip("set LINT_LUA_SLOW_TESTS=1 to run")
	}
	if _, err := exec.LookPath("redis-cli"); err != nil {
		t.Skip("redis-cli is not on PATH")
	}
	c := redistest.Client(t)
	host, port, _ := strings.Cut(redistest.Addr(), ":")
	// The nil reaches LREM only when the queue's ready set and the
	// group's set hold a member: keys the script builds by concatenation.
	dir := tree(t, t.TempDir(), map[string]string{"q.lua": "local ns = KEYS[1]\n" +
		"local g = redis.call('ZRANGE', ns .. ':ready', 0, 0)[1]\nif not g then return nil end\n" +
		"local head = redis.call('ZRANGE', ns .. ':g:' .. g, 0, 0)\nif #head == 0 then return nil end\nlocal id\n" +
		"return redis.call('LREM', ns .. ':active', 1, id)\n"})
	r := in(t, dir, "prove", "q.lua:7")
	if r.code != ExitOK || !strings.Contains(r.out, "q.lua:7:") || !strings.Contains(r.out, "proved on redis-server") ||
		!strings.Contains(r.out, "redis-cli ZADD lint-lua:prove:k1:ready 1 1") || !strings.Contains(r.out, "redis-cli --eval q.lua lint-lua:prove:k1") {
		t.Fatalf("exit %d\n%s%s", r.code, r.out, r.errOut)
	}
	var got string
	for _, l := range strings.Split(r.out, "\n") {
		cmd, ok := strings.CutPrefix(strings.TrimSpace(l), "redis-cli ")
		if !ok {
			continue
		}
		out, err := exec.Command("sh", "-c", "cd '"+dir+"' && redis-cli -h "+host+" -p "+port+" "+cmd).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v %s", cmd, err, out)
		}
		got = string(out)
	}
	if !strings.Contains(got, "arguments must be strings or integers") || !strings.Contains(got, "@user_script:7") {
		t.Errorf("by hand: %q", got)
	}
	c.MustDo(t, "FLUSHDB")
	if r := in(t, dir, "prove", "q.lua:3"); r.code != ExitError || !strings.Contains(r.errOut, "no finding at line 3") {
		t.Errorf("a line without a finding: exit %d\n%s%s", r.code, r.out, r.errOut)
	}
}
