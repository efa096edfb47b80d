package driver_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/driver/sink"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/rules"
)

// host is a source of scripts written inside another language's file, as
// the host-language extractor finds them in string literals: here every
// text between two `"""` of a .host file, mapped back byte by byte, with the host's own `#` comments and a name the host defines
// around the scripts. It stands for internal/hostlang and internal/srcmap
// (a Script's Text, its Map, the file's Comments, the holes' names as
// Globals) and needs nothing of the lint step or the sinks that .lua files
// do not.
type host struct {
	name string
	src  []byte
}

func (h host) Find(found func(driver.Item), _ func(error)) {
	found(driver.Item{Name: h.name, Load: h.load})
}

func (h host) load() *driver.File {
	f := &driver.File{Name: h.name, Path: h.name, Src: h.src}
	lines := hostLines(h.src)
	const quote = "\"\"\""
	for off := 0; ; {
		i := bytes.Index(h.src[off:], []byte(quote))
		if i < 0 {
			break
		}
		start := off + i + len(quote)
		j := bytes.Index(h.src[start:], []byte(quote))
		if j < 0 {
			break
		}
		text := h.src[start : start+j]
		f.Scripts = append(f.Scripts, driver.Script{Name: h.name, Text: text, Globals: []string{"helper"},
			Map: &literal{host: h.name, lines: lines, start: start, lua: hostLines(text)}})
		off = start + j + len(quote)
	}
	for n, l := range lines.text {
		if k := strings.Index(l, "#"); k >= 0 {
			f.Comments = append(f.Comments, luasrc.Comment{
				Range: diag.Range{Start: diag.Pos{Line: n + 1, Column: k + 1}, End: diag.Pos{Line: n + 1, Column: len(l) + 1}},
				Text:  l[k+1:], OwnLine: strings.TrimSpace(l[:k]) == ""})
		}
	}
	return f
}

type lineIndex struct {
	starts []int
	text   []string
}

func hostLines(src []byte) lineIndex {
	li := lineIndex{starts: []int{0}}
	for i, c := range src {
		if c == '\n' {
			li.starts = append(li.starts, i+1)
		}
	}
	li.text = strings.Split(string(src), "\n")
	return li
}

func (li lineIndex) offset(p diag.Pos) int { return li.starts[p.Line-1] + p.Column - 1 }

func (li lineIndex) pos(off int) diag.Pos {
	n := 0
	for n+1 < len(li.starts) && li.starts[n+1] <= off {
		n++
	}
	return diag.Pos{Line: n + 1, Column: off - li.starts[n] + 1}
}

// literal places a script that starts at byte start of the host file.
type literal struct {
	host  string
	lines lineIndex
	start int
	lua   lineIndex
}

func (m *literal) Place(d diag.Diagnostic) diag.Diagnostic {
	d.File = m.host
	d.Range.Start = m.lines.pos(m.start + m.lua.offset(d.Range.Start))
	d.Range.End = m.lines.pos(m.start + m.lua.offset(d.Range.End))
	d.Fix = nil
	return d
}

func (m *literal) Line(file string, n int) (string, bool) {
	if file != m.host || n < 1 || n > len(m.lines.text) {
		return "", false
	}
	return m.lines.text[n-1], true
}

// TestHostLanguageSource: findings of scripts cut from a host file are
// reported in the host file, at the host's lines and columns, quoted from
// its text; the host's comments suppress them, and one that suppresses
// nothing is reported; the names the host defines are known; nothing is
// fixed.
func TestHostLanguageSource(t *testing.T) {
	src := []byte(`first = """
return redis.call('GET', 'literal-key')
"""
# lint-lua: ignore global-assignment -- set for the app
second = """x = 1
return helper(KEYS[1])
"""
# lint-lua: ignore unknown-command -- stale
`)
	var out, errOut bytes.Buffer
	text, _ := report.New("text", report.Options{})
	rep := &sink.Report{Out: &out, Format: text}
	o, err := driver.Run(driver.Config{Rules: rules.Catalogue().All(), Jobs: 2, Fix: true, ErrOut: &errOut, Sinks: []driver.Sink{rep}}, host{"app.host", src})
	if err != nil || errOut.Len() > 0 {
		t.Fatalf("%v %s", err, errOut.String())
	}
	for _, r := range o.Results {
		if r.Applied > 0 {
			t.Errorf("a host file was fixed")
		}
	}
	want := `app.host:2:26: info: key 'literal-key' of GET is a literal, not from KEYS (undeclared-key)
return redis.call('GET', 'literal-key')
                         ^~~~~~~~~~~~~
  help: pass it in KEYS so Redis Cluster can route the script (otherwise it fails with 'non local key' when the key lives on another node)
app.host:8:1: info: this ignore of unknown-command suppresses nothing (unused-ignore)
# lint-lua: ignore unknown-command -- stale
^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
  help: it would silently hide a future finding of that rule: remove it

2 problems (0 errors, 0 warnings, 2 info) in 1 file
`
	if out.String() != want {
		t.Errorf("report:\n%s\nwant:\n%s", out.String(), want)
	}
}
