package hostlang_test

import (
	. "github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"strings"
	"testing"
)

// TestPythonFormat: a template filled by str.format is its filled text:
// keyword and positional arguments the file knows fill their fields, `{{`
// and `}}` are braces, every other field is a hole; the template and the
// texts that fill it are no scripts of their own.
func TestPythonFormat(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, src string
		want      []string // the scripts' texts, holes as __holeN
	}{
		{name: "keywords",
			src:  "T = \"redis.call('zadd', {key}, {score}, {member})\"\nS = T.format(key=\"KEYS[1]\", score=\"ARGV[1]\", member=\"ARGV[2]\")\nr.eval(S, 1, 'k')\n",
			want: []string{"redis.call('zadd', KEYS[1], ARGV[1], ARGV[2])"}},
		{name: "nested and escaped",
			src:  "A = \"redis.call('srem', {k}, {v})\"\nT = \"local t = {{}} {body} return t\"\nS = T.format(body=A.format(k=\"KEYS[1]\", v=\"ARGV[1]\"))\nr.eval(S, 1, 'k')\n",
			want: []string{"local t = {} redis.call('srem', KEYS[1], ARGV[1]) return t"}},
		{name: "positional then keyword",
			src:  "S = \"redis.call('set', {0}, {v})\".format(\"KEYS[1]\", v=\"ARGV[1]\")\nr.eval(S, 1, 'k')\n",
			want: []string{"redis.call('set', KEYS[1], ARGV[1])"}},
		{name: "unknown, spec, unpacked",
			src:  "def f(x, a):\n    return r.eval(\"redis.call('set', {k}, {v!r}, {0}, {w})\".format(*a, k=x, v=\"1\", **kw), 1, 'k')\n",
			want: []string{"redis.call('set', __hole1, __hole2, __hole3, __hole4)"}},
		{name: "filled but not run here",
			src:  "T = \"return redis.call('get', {key})\"\nS = T.format(key=\"KEYS[1]\")\n",
			want: []string{"return redis.call('get', KEYS[1])"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f, err := Extract(langs.Python, []byte(c.src), nil)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, []byte(c.src), f)
			var got []string
			for _, s := range f.Scripts {
				got = append(got, s.Text)
			}
			if strings.Join(got, "\n--\n") != strings.Join(c.want, "\n--\n") {
				t.Errorf("scripts %q, want %q", got, c.want)
			}
		})
	}
}
