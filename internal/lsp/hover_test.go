package lsp

import (
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/lint-lua/lint-lua/internal/target"
)

// TestCommandAt checks where a command name is found: the first argument
// of the four call forms, across lines, in a host string with escaped
// quotes, a subcommand after its container, and not in other strings.
func TestCommandAt(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		src  string // | marks the cursor
		want string // the command found, "" for none
	}{
		{"redis.call('GE|T', KEYS[1])", "GET"},
		{"redis.pcall(\"hset|\", k)", "HSET"},
		{"server.call(\n  'ZRANGE|BYSCORE', k)", "ZRANGEBYSCORE"},
		{`const s = "return redis.call(\"G|ET\", KEYS[1])"`, "GET"},
		{"redis.call('CONFIG', 'G|ET', 'x')", "CONFIG GET"},
		{"redis.call('GET', 'ke|y')", ""},
		{"local s = 'GE|T'", ""},
		{"redis.call(|'GET')", ""},
		{"redis.call('NOSUCH|')", ""},
	} {
		off := strings.Index(c.src, "|")
		src := []byte(strings.Replace(c.src, "|", "", 1))
		_, a, ok := commandAt(src, off, target.Target{})
		got := ""
		if ok {
			got = a.Command.Name
		}
		if got != c.want {
			t.Errorf("%q: found %q, want %q", c.src, got, c.want)
		}
	}
}

// TestDescribe checks the hover text against the target: Valkey's page,
// a command the target refuses in scripts, a module command the target
// does not load.
func TestDescribe(t *testing.T) {
	t.Parallel()
	parse := func(s string) target.Target {
		tg, err := target.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return tg
	}
	for _, c := range []struct {
		target, cmd string
		want        []string
	}{
		{"valkey-8.0", "GET", []string{"https://valkey.io/commands/get/", "as Valkey 8.0 runs it", "`false` (a null reply", ", or a string"}},
		{"redis-7.0", "BLPOP", []string{"**noscript** (redis.call refuses it on Redis 7.0)", "blocking", "argument 1 and every argument after it", "`O(N)`"}},
		{"redis-7.2", "BLPOP", []string{"write, blocking"}},
		{"valkey-8.0", "JSON.GET", []string{"⚠ not on the target", "RedisJSON", "https://redis.io/docs/latest/commands/json.get/"}},
		{"redis", "SET", []string{"a table `{ok='OK'}`", "**changed in**: 2.6.12, 6.0.0"}},
		{"redis", "XREAD", []string{"after STREAMS and the first 1/2 of the arguments after it"}},
		{"redis", "EVAL", []string{"a count at argument 2, then that many keys", "not stated by the command's schema"}},
	} {
		tg := parse(c.target)
		a := tg.Check(c.cmd, "")
		if a.Command == nil {
			t.Fatalf("%s has no %s", c.target, c.cmd)
		}
		got := describe(a, tg)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s on %s lacks %q:\n%s", c.cmd, c.target, w, got)
			}
		}
	}
	if got := describe(target.Target{}.Check("BLPOP", ""), target.Target{}); strings.Contains(got, "noscript") {
		t.Errorf("BLPOP on the newest Redis is no noscript:\n%s", got)
	}
}

// TestPositions checks the conversions between LSP's UTF-16 positions and
// lint-lua's byte columns, on a line with a two-byte and a four-byte
// character, and CRLF line ends.
func TestPositions(t *testing.T) {
	t.Parallel()
	tx := newText([]byte("-- é😀x\r\nreturn 1\r\n"))
	x := strings.Index(string(tx.src), "x")
	if p := tx.position(x); p.Line != 0 || p.Character != 6 {
		t.Errorf("position of x: %+v, want 0:6 (é one unit, 😀 two)", p)
	}
	if off := tx.offset(protocol.Position{Line: 0, Character: 6}); off != x {
		t.Errorf("offset of 0:6: %d, want %d", off, x)
	}
	if off := tx.offset(protocol.Position{Line: 0, Character: 99}); off != x+1 {
		t.Errorf("a character past the line's end: offset %d, want the end before CR %d", off, x+1)
	}
	r := tx.rangeOf(span.Range{Start: span.Pos{Line: 2, Column: 1}, End: span.Pos{Line: 2, Column: 7}})
	if r.Start.Line != 1 || r.Start.Character != 0 || r.End.Character != 6 {
		t.Errorf("range of return: %+v", r)
	}
	got := applyChange(tx.src, protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{Start: protocol.Position{Line: 1, Character: 7}, End: protocol.Position{Line: 1, Character: 8}}, Text: "2"})
	if string(got) != "-- é😀x\r\nreturn 2\r\n" {
		t.Errorf("change: %q", got)
	}
}
