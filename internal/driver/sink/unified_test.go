package sink

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

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

// TestDiffName: header names are quoted as git quotes them (these are
// git's own headers for the same names), so that a newline in a name
// cannot inject a hunk (issue 19 item 9).
func TestDiffName(t *testing.T) {
	for name, want := range map[string]string{
		"a/x.lua":              "a/x.lua",
		"a/a b.lua":            "a/a b.lua\t",
		"a/back\\sl.lua":       `"a/back\\sl.lua"`,
		"a/caf\xc3\xa9.lua":    `"a/caf\303\251.lua"`,
		"a/esc\x1b[31m.lua":    `"a/esc\033[31m.lua"`,
		"a/nl\nx.lua":          `"a/nl\nx.lua"`,
		"a/q\"x.lua":           `"a/q\"x.lua"`,
		"a/tab\tx.lua":         `"a/tab\tx.lua"`,
		"a/nl\n+++ b/x y.lua":  "\"a/nl\\n+++ b/x y.lua\"\t",
		"a/\a\b\v\f\r\x7f.lua": `"a/\a\b\v\f\r\177.lua"`,
	} {
		if got := diffName(name); got != want {
			t.Errorf("diffName(%q) = %q, want %q", name, got, want)
		}
	}
	d := unifiedDiff("nl\n+++ b/evil.lua\n@@ -1 +1 @@", []byte("a\n"), []byte("b\n"))
	if want := "--- \"a/nl\\n+++ b/evil.lua\\n@@ -1 +1 @@\"\t\n+++ \"b/nl\\n+++ b/evil.lua\\n@@ -1 +1 @@\"\t\n@@ -1 +1 @@\n-a\n+b\n"; d != want {
		t.Errorf("diff:\n%s\nwant:\n%s", d, want)
	}
}
