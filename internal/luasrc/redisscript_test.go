package luasrc

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shapes is where the real shapes are: the mixed repository of the CLI's
// end-to-end test (internal/cli/testdata/mixed), which holds Redis scripts
// beside the Lua of other programs.
var shapes = filepath.Join("..", "cli", "testdata", "mixed")

// TestRedisEvidenceRealShapes judges the shapes of Lua that share
// repositories with Redis scripts: each file is either a script (with the
// first evidence and its line) or not.
func TestRedisEvidenceRealShapes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		file string
		want bool
		what string
		line int
	}{
		{"nvim/init.lua", false, "", 0},                // a Neovim configuration
		{"nvim/lua/options.lua", false, "", 0},         // and one of its modules
		{"game/main.lua", false, "", 0},                // a LÖVE game (local KEYS = {...})
		{"openresty/hits.lua", false, "", 0},           // an OpenResty handler that sends a script with red:eval
		{"spec/queue_spec.lua", false, "", 0},          // a busted spec
		{"scripts/includes/helpers.lua", false, "", 0}, // a fragment: linted through its includer
		{"worker/lua/move_task.lua", false, "", 0},     // a file its loader prepends helpers to
		{"scripts/counters.lua", true, "redis.call", 2},
		{"functions/mylib.lua", true, "#!lua", 1},
		{"scripts/alias.lua", true, "KEYS", 2}, // KEYS only through a local alias
		{"services/a/touch.lua", true, "server.call", 1},
		{"scripts/cleanup.lua", true, "redis.call", 1},
	}
	for _, c := range cases {
		src, err := os.ReadFile(filepath.Join(shapes, filepath.FromSlash(c.file)))
		if err != nil {
			t.Fatal(err)
		}
		ev, ok := RedisEvidence(src)
		if ok != c.want || ev.What != c.what || ev.Line != c.line {
			t.Errorf("%s: RedisEvidence = %+v, %v; want {%s %d}, %v", c.file, ev, ok, c.what, c.line, c.want)
		}
	}
}

func TestRedisEvidenceForms(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src  string
		want string // "" for no evidence
	}{
		{"return KEYS[1]", "KEYS"},
		{"local n = #ARGV", "ARGV"},
		{"return server.call('GET', 'k')", "server.call"},
		{"redis.register_function('f', function(keys) return 1 end)", "redis.register_function"},
		{"local rcall = redis.call\nreturn rcall('GET', 'k')", "redis.call"},
		{"\xEF\xBB\xBF#!lua flags=no-writes\nreturn 1", "#!lua"},
		{"redis.log(redis.LOG_WARNING, 'x')", "redis.log"},
		// Not the global: bound, a field, a table key, a method, text.
		{"local KEYS = {}\nreturn KEYS[1]", ""},
		{"local function f(redis) return redis.call('x') end", ""},
		{"for ARGV in pairs(t) do print(ARGV[1]) end", ""},
		{"return t.KEYS[1]", ""},
		{"local t = {KEYS = 1, ARGV = 2}", ""},
		{"KEYS = {'a'}", ""},
		{"local r = redis:new()", ""},
		{"redis.connect('h', 1)", ""},
		{"print('redis.call(KEYS[1])') -- KEYS[1]", ""},
		{"print([==[ redis.call(KEYS[1]) ]==]) --[[ ARGV[1] ]]", ""},
		{"if a == KEYS then end", "KEYS"},
		{"local s = 'a' .. ARGV[1]", "ARGV"},
		// A string that does not end: the lexer is unsure, the texts decide.
		{"print('unfinished\nreturn redis.call('GET', KEYS[1])", "KEYS"},
		{"print('unfinished\nreturn 1", ""},
		{"", ""},
	}
	for _, c := range cases {
		ev, ok := RedisEvidence([]byte(c.src))
		if ok != (c.want != "") || ev.What != c.want {
			t.Errorf("RedisEvidence(%q) = %+v, %v; want %q", c.src, ev, ok, c.want)
		}
	}
}

func FuzzRedisEvidence(f *testing.F) {
	f.Add([]byte("return redis.call('GET', KEYS[1])"))
	f.Add([]byte("--[==[ x"))
	f.Add([]byte("local function f(a, b) end"))
	_ = filepath.WalkDir(shapes, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".lua") {
			if src, err := os.ReadFile(p); err == nil {
				f.Add(src)
			}
		}
		return nil
	})
	f.Fuzz(func(t *testing.T, src []byte) {
		ev, ok := RedisEvidence(src)
		if ok && (ev.What == "" || ev.Line < 1) {
			t.Fatalf("evidence without a name or line: %+v", ev)
		}
		if sev, sok := simpleRedisEvidence(src); sev != ev || sok != ok {
			t.Fatalf("RedisEvidence = %+v, %v; the simple version %+v, %v", ev, ok, sev, sok)
		}
	})
}

// simpleRedisEvidence is RedisEvidence as first written: every token kept
// in a slice, the bound names found in a second pass. RedisEvidence reads
// the tokens once without keeping them (it allocated 8% of a run's
// instructions on the broad corpus); FuzzRedisEvidence checks the two agree.
func simpleRedisEvidence(src []byte) (Evidence, bool) {
	if bytes.HasPrefix(src, []byte("\xEF\xBB\xBF")) {
		src = src[3:]
	}
	if bytes.HasPrefix(src, []byte("#!lua")) {
		return Evidence{What: "#!lua", Line: 1}, true
	}
	toks, complete := simpleTokens(src)
	if !complete {
		for _, n := range []string{"KEYS[", "ARGV[", "redis.call", "redis.pcall", "server.call", "server.pcall", "redis.register_function"} {
			if i := bytes.Index(src, []byte(n)); i >= 0 {
				return Evidence{What: strings.TrimSuffix(n, "["), Line: bytes.Count(src[:i], []byte("\n")) + 1}, true
			}
		}
	}
	bound := simpleBound(toks)
	for i, t := range toks {
		if t.kind != 'n' || bound[t.text] {
			continue
		}
		if i > 0 && (toks[i-1].text == "." || toks[i-1].text == ":") {
			continue // a field or a method, not the global
		}
		next := func(k int) string {
			if i+k < len(toks) {
				return toks[i+k].text
			}
			return ""
		}
		switch t.text {
		case "KEYS", "ARGV":
			if next(1) != "=" {
				return Evidence{What: t.text, Line: t.line}, true
			}
		case "redis", "server":
			if next(1) == "." && redisAPI[next(2)] {
				return Evidence{What: t.text + "." + next(2), Line: t.line}, true
			}
		}
	}
	return Evidence{}, false
}

// simpleToken is a name (kind 'n') or a punctuation or other word (kind
// 'p') of the text, with its line.
type simpleToken struct {
	kind byte
	text string
	line int
}

// simpleTokens lexes src into names and punctuation, skipping comments,
// strings and numbers; complete is false when a string or comment does not
// end (then the tokens stop there).
func simpleTokens(src []byte) (toks []simpleToken, complete bool) {
	n := len(src)
	i, line := 0, 1
	if i < n && src[i] == '#' {
		i = lineEnd(src, i) // a shebang line
	}
	// skip moves i to end, counting the line breaks on the way.
	skip := func(end int) {
		line += bytes.Count(src[i:end], []byte("\n"))
		i = end
	}
	for i < n {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			start := i
			for i++; i < n && isIdentByte(src[i]); i++ {
			}
			toks = append(toks, simpleToken{kind: 'n', text: string(src[start:i]), line: line})
		case '0' <= c && c <= '9' || c == '.' && i+1 < n && '0' <= src[i+1] && src[i+1] <= '9':
			for i < n && (isIdentByte(src[i]) || src[i] == '.' ||
				(src[i] == '+' || src[i] == '-') && (src[i-1] == 'e' || src[i-1] == 'E')) {
				i++
			}
			toks = append(toks, simpleToken{kind: 'p', text: "0", line: line})
		case c == '-' && i+1 < n && src[i+1] == '-':
			if lvl, ok := LongBracket(src, i+2); ok {
				end, ok := longEnd(src, i+2, lvl)
				if !ok {
					return toks, false
				}
				skip(end)
				continue
			}
			i = lineEnd(src, i)
		case c == '[':
			lvl, ok := LongBracket(src, i)
			if !ok {
				toks = append(toks, simpleToken{kind: 'p', text: "[", line: line})
				i++
				continue
			}
			end, ok := longEnd(src, i, lvl)
			if !ok {
				return toks, false
			}
			skip(end)
			toks = append(toks, simpleToken{kind: 'p', text: "\"", line: line})
		case c == '"' || c == '\'':
			end, ok := quotedEnd(src, i)
			if !ok {
				return toks, false
			}
			skip(end)
			toks = append(toks, simpleToken{kind: 'p', text: "\"", line: line})
		default:
			// Two-byte operators whose first byte alone means something
			// else here: `==` is no assignment, `..` no field access.
			if i+1 < n && (c == '=' || c == '.' || c == '~' || c == '<' || c == '>') && (src[i+1] == '=' || c == '.' && src[i+1] == '.') {
				toks = append(toks, simpleToken{kind: 'p', text: string(src[i : i+2]), line: line})
				i += 2
				continue
			}
			toks = append(toks, simpleToken{kind: 'p', text: string(c), line: line})
			i++
		}
	}
	return toks, true
}

// boundNames are the names toks declare anywhere: after local (and local
// function), as a function's parameters, and as a for loop's variables.
func simpleBound(toks []simpleToken) map[string]bool {
	bound := map[string]bool{}
	// names binds the comma-separated names from toks[i], and returns the
	// index after them.
	names := func(i int) int {
		for i < len(toks) && toks[i].kind == 'n' {
			bound[toks[i].text] = true
			if i+1 < len(toks) && toks[i+1].text == "," {
				i += 2
				continue
			}
			return i + 1
		}
		return i
	}
	for i := 0; i < len(toks); i++ {
		switch t := toks[i]; {
		case t.kind != 'n':
		case t.text == "local" && i+1 < len(toks) && toks[i+1].text == "function":
			if i+2 < len(toks) && toks[i+2].kind == 'n' {
				bound[toks[i+2].text] = true
			}
		case t.text == "local", t.text == "for":
			names(i + 1)
		case t.text == "function":
			// function [name {. name} [: name]] ( params )
			j := i + 1
			for j < len(toks) && toks[j].text != "(" && j-i < 64 {
				j++
			}
			if j < len(toks) && toks[j].text == "(" {
				names(j + 1)
			}
		}
	}
	return bound
}
