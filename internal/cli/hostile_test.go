package cli

import (
	"github.com/lint-lua/lint-lua/internal/settings"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// repeatReader yields n bytes of pattern, repeated, without holding them.
type repeatReader struct {
	pattern string
	n, off  int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.off >= r.n {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && r.off < r.n {
		p[k] = r.pattern[r.off%int64(len(r.pattern))]
		k++
		r.off++
	}
	return k, nil
}

// TestHostileFiles runs the command line over a directory holding one
// hostile file beside good.lua, whose one finding (global-assignment on
// line 1) must be reported whatever happens to the other: each row checks
// the exit status, what stderr says about the hostile file (its name and
// the reason), and the findings. A run that does not return fails the test
// (runWithin) instead of hanging it; the memory each case takes is measured
// by scripts/hostile.sh, which runs the same cases on the built binary.
func TestHostileFiles(t *testing.T) {
	t.Parallel()
	const sibling = "good.lua:1:global-assignment:error"
	rng := rand.New(rand.NewSource(6))
	binary := make([]byte, 64<<10)
	rng.Read(binary)
	rep := strings.Repeat
	longFunction := "local function f(a)\n" + rep("  a = a + 1\n", 50000) + "  return a\nend\nreturn f(1)\n"

	cases := []struct {
		name string
		// files are written beside good.lua; setup may add more.
		files map[string]string
		setup func(t *testing.T, dir string)
		args  []string // after --format json; default "."
		stdin io.Reader
		code  int
		// stderr must hold each of these; with none, stderr must be empty.
		stderr []string
		// findings are those of the hostile file, beside the sibling's.
		findings []string
	}{
		{name: "binary file", files: map[string]string{"bin.lua": string(binary)},
			code: ExitFindings, findings: []string{"bin.lua:1:syntax-error:error"}},
		{name: "invalid UTF-8 in strings and comments", files: map[string]string{"utf8.lua": "-- \xff\xfe\nreturn redis.call('GET', KEYS[1], '\xc3\x28')\n"},
			code: ExitFindings},
		{name: "invalid UTF-8 in code", files: map[string]string{"utf8.lua": "local v = 1\nx\xff = v\n"},
			code: ExitFindings, findings: []string{"utf8.lua:2:syntax-error:error"}},
		{name: "byte order mark", files: map[string]string{"bom.lua": "\xef\xbb\xbfreturn 1\n"},
			code: ExitFindings, findings: []string{"bom.lua:1:syntax-error:info"}},
		{name: "100 MB file", setup: func(t *testing.T, dir string) {
			// Sparse: what lint-lua reads of it is the same as of a
			// written one, and it reads no more than the limit.
			f, err := os.Create(filepath.Join(dir, "huge.lua"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if err := f.Truncate(100 << 20); err != nil {
				t.Fatal(err)
			}
		}, code: ExitError, stderr: []string{"lint-lua: huge.lua: larger than 1 MiB, the --max-file-size limit"}},
		{name: "100 MB on standard input", args: []string{"-", "good.lua"}, stdin: &repeatReader{pattern: "x = 1\n", n: 100 << 20},
			code: ExitError, stderr: []string{"lint-lua: stdin.lua: larger than 1 MiB"}},
		{name: "100,000 nested parentheses", files: map[string]string{"parens.lua": "return " + rep("(", 100000) + "1" + rep(")", 100000)},
			code: ExitFindings, findings: []string{"parens.lua:1:syntax-error:error"}},
		{name: "100,000 nested tables", files: map[string]string{"tables.lua": "return " + rep("{", 100000) + rep("}", 100000)},
			code: ExitFindings, findings: []string{"tables.lua:1:syntax-error:error"}},
		{name: "40,000 nested functions", files: map[string]string{"funcs.lua": "return " + rep("function() return ", 40000) + "1" + rep(" end", 40000)},
			code: ExitFindings, findings: []string{"funcs.lua:1:syntax-error:error"}},
		{name: "100,000 nested blocks", files: map[string]string{"blocks.lua": rep("do ", 100000) + rep("end ", 100000)},
			code: ExitFindings, findings: []string{"blocks.lua:1:syntax-error:error"}},
		{name: "50,000-line function", files: map[string]string{"long.lua": longFunction},
			code: ExitFindings},
		{name: "unreadable file", files: map[string]string{"locked.lua": globalSrc}, setup: func(t *testing.T, dir string) {
			if os.Geteuid() == 0 {
				t.Skip("root reads files whatever their mode (scripts/hostile.sh runs this case as nobody)")
			}
			locked := filepath.Join(dir, "locked.lua")
			if err := os.Chmod(locked, 0); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(locked, 0o644) })
		}, code: ExitError, stderr: []string{"lint-lua: locked.lua: permission denied"}},
		{name: "directory symlink loop", setup: func(t *testing.T, dir string) {
			// sub/up leads back to dir: walking it would never end. A
			// link to a directory is not followed in a tree.
			mkdir(t, filepath.Join(dir, "sub"))
			symlink(t, "..", filepath.Join(dir, "sub", "up"))
			symlink(t, "loop", filepath.Join(dir, "sub", "loop"))
		}, code: ExitFindings},
		{name: "symlink loop named like a script", setup: func(t *testing.T, dir string) {
			symlink(t, "b.lua", filepath.Join(dir, "a.lua"))
			symlink(t, "a.lua", filepath.Join(dir, "b.lua"))
		}, code: ExitError, stderr: []string{
			"lint-lua: a.lua: too many levels of symbolic links (a loop of symbolic links)",
			"lint-lua: b.lua: too many levels of symbolic links (a loop of symbolic links)",
		}},
		{name: "directory symlink loop on the command line", setup: func(t *testing.T, dir string) {
			symlink(t, "self", filepath.Join(dir, "self"))
		}, args: []string{"self", "good.lua"}, code: ExitError, stderr: []string{"lint-lua: self: too many levels of symbolic links"}},
		{name: "dangling symlink", setup: func(t *testing.T, dir string) {
			symlink(t, "nowhere.lua", filepath.Join(dir, "dangling.lua"))
		}, code: ExitError, stderr: []string{"lint-lua: dangling.lua: no such file or directory (a symbolic link to nowhere.lua, which does not exist)"}},
		{name: "directory named like a script", setup: func(t *testing.T, dir string) {
			mkdir(t, filepath.Join(dir, "d.lua"))
		}, args: []string{"d.lua/", "good.lua"}, code: ExitFindings},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := tree(t, t.TempDir(), map[string]string{"good.lua": globalSrc})
			tree(t, dir, c.files)
			if c.setup != nil {
				c.setup(t, dir)
			}
			args := c.args
			if args == nil {
				args = []string{"."}
			}
			e := env{wd: dir}
			if c.stdin != nil {
				data, err := io.ReadAll(io.LimitReader(c.stdin, settings.DefaultMaxFileSize+2))
				if err != nil {
					t.Fatal(err)
				}
				e.stdin = string(data)
			}
			// --all-lua: a hostile file shows no Redis script and would be
			// skipped; linted, it exercises the reader and the parser.
			r := runWithin(t, e, append([]string{"--all-lua", "--format", "json"}, args...)...)
			wantCode(t, r, c.code)
			if len(c.stderr) == 0 && r.errOut != "" {
				t.Errorf("stderr:\n%s", r.errOut)
			}
			wantErr(t, r, c.stderr...)
			got := decode(t, r).findings()
			want := append([]string{sibling}, c.findings...)
			for _, w := range want {
				found := false
				for _, g := range got {
					found = found || g == w
				}
				if !found {
					t.Errorf("finding %s missing from %v", w, got)
				}
			}
		})
	}
}

func mkdir(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, p string) {
	t.Helper()
	if err := os.Symlink(target, p); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

// TestMaxFileSize: --max-file-size moves the bound both ways, and a value
// that is not a size is a usage error.
func TestMaxFileSize(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		"good.lua": globalSrc,
		// 1.5 MiB of a script that lints clean.
		"big.lua": strings.Repeat("-- a comment line\n", (3<<19)/18) + "return KEYS[1]\n",
	})
	r := in(t, dir, "--format", "json", ".")
	wantCode(t, r, ExitError)
	wantErr(t, r, "big.lua: larger than 1 MiB")

	r = in(t, dir, "--format", "json", "--max-file-size", "2MiB", ".")
	wantCode(t, r, ExitFindings)
	if o := decode(t, r); o.Files != 2 || r.errOut != "" {
		t.Errorf("files %d, stderr %q; want both linted", o.Files, r.errOut)
	}

	r = in(t, dir, "--format", "json", "--max-file-size", "100", "good.lua")
	wantCode(t, r, ExitFindings)
	r = in(t, dir, "--format", "json", "--max-file-size", "5", "good.lua")
	wantCode(t, r, ExitError)
	wantErr(t, r, "good.lua: larger than 5 bytes, the --max-file-size limit")

	for _, bad := range []string{"0", "-1", "1TB", "lots", "1.5MiB"} {
		r := in(t, dir, "--max-file-size", bad, ".")
		wantCode(t, r, ExitError)
		wantErr(t, r, "is not a size")
	}
}

// TestSpecialConfig: a .lint-lua.yaml that is a named pipe, or a link to
// /dev/zero, found by discovery or named with --config, is an error naming
// it; the run neither hangs nor exhausts memory (issue 19 item 6).
func TestSpecialConfig(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"fifo", "zero"} {
		t.Run(kind, func(t *testing.T) {
			dir := tree(t, t.TempDir(), map[string]string{"good.lua": globalSrc})
			cfg := filepath.Join(dir, ".lint-lua.yaml")
			switch kind {
			case "fifo":
				if err := syscall.Mkfifo(cfg, 0o644); err != nil {
					t.Skipf("no named pipes here: %v", err)
				}
			case "zero":
				symlink(t, "/dev/zero", cfg)
			}
			for _, args := range [][]string{{"."}, {"--config", ".lint-lua.yaml", "."}} {
				r := runWithin(t, env{wd: dir}, args...)
				wantCode(t, r, ExitError)
				wantErr(t, r, ".lint-lua.yaml: not a regular file but a")
			}
		})
	}
}

// evilName is a file name that would inject a GitHub workflow command and
// terminal escape sequences (OSC 8 hyperlink, SGR colour, a bell) into
// whatever prints it raw.
const evilName = "evil\n::error file=x.lua::injected\x1b]8;;https:x\x07\x1b[31m\r.lua"

// checkEscaped fails when out holds a raw control character other than the
// line breaks between lines that each start with prefix.
func checkEscaped(t *testing.T, what, out, prefix string) {
	t.Helper()
	for _, line := range strings.SplitAfter(out, "\n") {
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, prefix) {
			t.Errorf("%s: a line does not start with %q: %q", what, prefix, line)
		}
		for _, c := range strings.TrimSuffix(line, "\n") {
			if c < 0x20 || c == 0x7f {
				t.Errorf("%s: raw control character %q in %q", what, c, line)
				break
			}
		}
	}
}

// TestErrorsEscapeNames: file names on the error stream are escaped as the
// text report escapes them (issue 19 item 8): a name holding a newline
// cannot start a "::error" workflow command, and ESC or OSC sequences do
// not reach the terminal.
func TestErrorsEscapeNames(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{"good.lua": globalSrc, evilName + "ro.lua": fixableSrc})
	symlink(t, "nowhere.lua", filepath.Join(dir, evilName))
	r := in(t, dir, ".")
	wantCode(t, r, ExitError)
	checkEscaped(t, "lint", r.errOut, "lint-lua: ")
	wantErr(t, r, "lint-lua: evil␊::error file=x.lua::injected␛]8;;https:x␇␛[31m␍.lua: no such file or directory")
	// The text report escapes the names it prints.
	for _, line := range strings.Split(r.out, "\n") {
		if strings.HasPrefix(line, "::") || strings.ContainsRune(line, 0x1b) {
			t.Errorf("stdout line %q", line)
		}
	}
	// A fix refused names the file escaped too.
	os.Remove(filepath.Join(dir, evilName))
	if err := os.Chmod(filepath.Join(dir, evilName+"ro.lua"), 0o444); err != nil {
		t.Fatal(err)
	}
	r = in(t, dir, "--fix", ".")
	wantCode(t, r, ExitError)
	checkEscaped(t, "fix", r.errOut, "lint-lua: ")
	wantErr(t, r, "evil␊::error", "ro.lua: not fixed: it is read-only")
	// A configuration error quotes what the file holds.
	tree(t, dir, map[string]string{".lint-lua.yaml": "rules:\n  \"no-such\x1b[2J\": off\n"})
	r = in(t, dir, ".")
	wantCode(t, r, ExitError)
	checkEscaped(t, "config", r.errOut, "")
}
