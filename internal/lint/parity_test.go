package lint_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/internal/slowtest"
	"github.com/lint-lua/lint-lua/rules"
)

var updateParity = flag.Bool("update-parity", false, "record luac5.1's and Redis's verdicts in testdata/parity/cases.txt (needs luac5.1 and LINT_LUA_REDIS_ADDR)")

const parityPath = "../../testdata/parity/cases.txt"

// A parityCase is one snippet of testdata/parity/cases.txt with the
// verdicts recorded from `luac5.1 -p` and from Redis's SCRIPT LOAD, which
// compiles a script without running it. A verdict is "ok" or the error
// message without the chunk name ("1: unexpected symbol near '!'").
//
// The file is a list of
//
//	=== name          (or "=== name quoted": the body is one Go string literal)
//	luac: verdict
//	redis: verdict
//	body lines...
//
// where the body runs to the next "=== " line, without its last newline.
type parityCase struct {
	name         string
	quoted       bool
	luac, redis  string
	src          []byte
	line         int
	rawBodyLines []string
}

func readParity(t *testing.T) []*parityCase {
	t.Helper()
	data, err := os.ReadFile(parityPath)
	if err != nil {
		t.Fatal(err)
	}
	var out []*parityCase
	var cur *parityCase
	flush := func() {
		if cur == nil {
			return
		}
		body := strings.Join(cur.rawBodyLines, "\n")
		if cur.quoted {
			s, err := strconv.Unquote(strings.TrimSpace(body))
			if err != nil {
				t.Fatalf("%s:%d: %s: body is not a Go string literal: %v", parityPath, cur.line, cur.name, err)
			}
			body = s
		}
		cur.src = []byte(body)
		out = append(out, cur)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	seen := map[string]bool{}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if !strings.HasPrefix(l, "=== ") {
			if cur == nil {
				if strings.TrimSpace(l) != "" && !strings.HasPrefix(l, "#") {
					t.Fatalf("%s:%d: text before the first case", parityPath, i+1)
				}
				continue
			}
			cur.rawBodyLines = append(cur.rawBodyLines, l)
			continue
		}
		flush()
		f := strings.Fields(strings.TrimPrefix(l, "=== "))
		if len(f) == 0 || i+2 >= len(lines) {
			t.Fatalf("%s:%d: bad header", parityPath, i+1)
		}
		cur = &parityCase{name: f[0], quoted: len(f) > 1 && f[1] == "quoted", line: i + 1}
		if seen[cur.name] {
			t.Fatalf("%s:%d: case %s twice", parityPath, i+1, cur.name)
		}
		seen[cur.name] = true
		luac, ok1 := strings.CutPrefix(lines[i+1], "luac: ")
		redis, ok2 := strings.CutPrefix(lines[i+2], "redis: ")
		if !ok1 || !ok2 {
			t.Fatalf("%s:%d: %s: want luac: and redis: lines after the header", parityPath, i+1, cur.name)
		}
		cur.luac, cur.redis = luac, redis
		i += 2
	}
	flush()
	return out
}

func writeParity(t *testing.T, cases []*parityCase) {
	t.Helper()
	data, err := os.ReadFile(parityPath)
	if err != nil {
		t.Fatal(err)
	}
	// Keep the comment lines at the top.
	var b bytes.Buffer
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "=== ") {
			break
		}
		b.WriteString(l + "\n")
	}
	for _, c := range cases {
		q := ""
		if c.quoted {
			q = " quoted"
		}
		fmt.Fprintf(&b, "=== %s%s\nluac: %s\nredis: %s\n%s\n", c.name, q, c.luac, c.redis, strings.Join(c.rawBodyLines, "\n"))
	}
	if err := os.WriteFile(parityPath, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// syntaxVerdict is lint-lua's answer the way the CLI gets it: the first
// syntax-error finding of a lint with every rule, or "ok".
func syntaxVerdict(src []byte) (bool, string) {
	f := luasrc.Parse("snippet.lua", src)
	for _, d := range lint.Run(f, lint.Config{Rules: rules.Catalogue().All()}) {
		if d.Rule == lint.SyntaxErrorID {
			return false, fmt.Sprintf("%d: %s", d.Range.Start.Line, d.Message)
		}
	}
	return true, "ok"
}

// TestParserParity: on every snippet, lint-lua reports a syntax error
// exactly when Redis refuses to compile it. Redis runs Lua 5.1; where it
// differs from stock luac5.1 (it loads the script as a string, so a first
// line starting with '#' is not skipped as luac skips it in a file), the
// case says so and Redis is followed.
func TestParserParity(t *testing.T) {
	cases := readParity(t)
	if *updateParity {
		recordLuac(t, cases)
		recordRedis(t, cases)
		writeParity(t, cases)
	}
	if len(cases) < 150 {
		t.Errorf("%d cases, want at least 150", len(cases))
	}
	for _, c := range cases {
		if c.luac == "?" || c.redis == "?" {
			t.Errorf("%s:%d: %s: verdict not recorded; run go test ./internal/lint -run TestParserParity -update-parity", parityPath, c.line, c.name)
			continue
		}
		okLint, msg := syntaxVerdict(c.src)
		if okLint != (c.redis == "ok") {
			t.Errorf("%s:%d: %s: lint-lua says %q, Redis says %q (luac5.1: %q)", parityPath, c.line, c.name, msg, c.redis, c.luac)
		}
	}
}

// luacVerdict runs luac5.1 -p on src.
func luacVerdict(t *testing.T, luac string, src []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "snippet.lua")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(luac, "-p", path).CombinedOutput()
	if err == nil {
		return "ok"
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("luac5.1: %v", err)
	}
	msg := strings.TrimSpace(string(out))
	if _, rest, ok := strings.Cut(msg, path+":"); ok {
		msg = rest
	}
	return printable(msg)
}

// printable is msg on one line with its bytes outside printable ASCII
// written \xNN, so that the corpus stays a text file.
func printable(msg string) string {
	var b strings.Builder
	for _, c := range []byte(strings.Join(strings.Fields(msg), " ")) {
		if c < 0x20 || c >= 0x7f {
			fmt.Fprintf(&b, "\\x%02x", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func luacPath(t *testing.T) string {
	t.Helper()
	luac, err := exec.LookPath("luac5.1")
	if err != nil {
		if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci {
			t.Fatalf("luac5.1 is not on PATH, but CI is set: the parity corpus must be checked against it (bash .ci/run installs lua5.1)")
		}
		t.Skip("luac5.1 is not on PATH; install lua5.1 to check the recorded verdicts")
	}
	return luac
}

func recordLuac(t *testing.T, cases []*parityCase) {
	luac := luacPath(t)
	for _, c := range cases {
		c.luac = luacVerdict(t, luac, c.src)
	}
}

// TestParityLuac: the verdicts recorded in the corpus are still what
// luac5.1 -p says.
func TestParityLuac(t *testing.T) {
	slowtest.Gate(t, "starts luac5.1 for each of the cases")
	luac := luacPath(t)
	for _, c := range readParity(t) {
		if got := luacVerdict(t, luac, c.src); got != c.luac {
			t.Errorf("%s:%d: %s: luac5.1 -p says %q, recorded %q", parityPath, c.line, c.name, got, c.luac)
		}
	}
}

// redisVerdict asks Redis to compile src with SCRIPT LOAD, which does not
// run it.
func redisVerdict(t *testing.T, c *redistest.Conn, src []byte) string {
	t.Helper()
	r := c.MustDo(t, "SCRIPT", "LOAD", string(src))
	if r.Kind != redistest.Error {
		return "ok"
	}
	msg := r.Str
	if _, rest, ok := strings.Cut(msg, "user_script:"); ok {
		msg = rest
	}
	return printable(msg)
}

func recordRedis(t *testing.T, cases []*parityCase) {
	c := redistest.Client(t)
	for _, pc := range cases {
		pc.redis = redisVerdict(t, c, pc.src)
	}
}

// TestParityRedis: the verdicts recorded in the corpus are still what
// Redis says.
func TestParityRedis(t *testing.T) {
	c := redistest.Client(t)
	for _, pc := range readParity(t) {
		if got := redisVerdict(t, c, pc.src); got != pc.redis {
			t.Errorf("%s:%d: %s: Redis says %q, recorded %q", parityPath, pc.line, pc.name, got, pc.redis)
		}
	}
}
