package hostlang_test

import (
	. "github.com/lint-lua/lint-lua/internal/hostlang"
	"strings"
	"testing"
)

// TestLuaScriptTemplate: a .lua file is a LuaScript template when a
// parameter stands in its code; its script is the file with each
// parameter a placeholder, every other byte written as itself. A `@` in a
// string or a comment, after a word byte or doubled leaves the file plain.
func TestLuaScriptTemplate(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, src string
		want      string // the script's text, or "" when the file is plain
	}{
		{name: "no @", src: "return redis.call('GET', KEYS[1])\n"},
		{name: "in a string", src: "return redis.call('GET', '@key')\n"},
		{name: "in a long string", src: "return [[\n@key ]]\n"},
		{name: "in comments", src: "-- @param key\n--- @include \"x\"\n--[[ @key ]] return 1\n"},
		{name: "after a word byte", src: "return user@host\n"},
		{name: "escape", src: "return @@key\n"},
		{name: "not a name", src: "return @1\n"},
		{name: "parameters", src: "if redis.call('get', @key) == @expected then return 1 end\n",
			want: "if redis.call('get', __param_key) == __param_expected then return 1 end\n"},
		// Once a template, LuaScript.Prepare rewrites its strings and
		// comments too.
		{name: "in code and a comment", src: "-- @key\nreturn @key .. '@key'\n",
			want: "-- __param_key\nreturn __param_key .. '__param_key'\n"},
		{name: "byte order mark", src: "\xEF\xBB\xBFreturn @key\n", want: "\xEF\xBB\xBFreturn __param_key\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s, ok := LuaScriptTemplate([]byte(c.src))
			if ok != (c.want != "") {
				t.Fatalf("template = %v, want %v (text %q)", ok, c.want != "", s.Text)
			}
			if !ok {
				return
			}
			if s.Text != c.want {
				t.Errorf("text %q, want %q", s.Text, c.want)
			}
			if s.FoundBy != LuaScriptFound || s.Start != 0 || s.End != len(c.src) {
				t.Errorf("found by %q at [%d, %d)", s.FoundBy, s.Start, s.End)
			}
			checkTemplate(t, []byte(c.src), s)
		})
	}
}

// checkTemplate checks the invariants of a template's script: those of
// every script, each hole a placeholder of its grammar (`@name` for
// StackExchange.Redis), and every byte outside them written as itself.
func checkTemplate(t testing.TB, src []byte, s Script) {
	t.Helper()
	checkInvariants(t, src, &File{Scripts: []Script{s}})
	code := false
	k := 0
	for _, h := range s.Holes {
		code = code || h.Code
		if h.Kind != HoleParam || !strings.HasPrefix(h.Name, "__param_") {
			t.Fatalf("hole %+v of %q", h, src[h.Start:h.End])
		}
		if s.FoundBy == LuaScriptFound && ("@"+h.Expr != string(src[h.Start:h.End]) || h.Name != "__param_"+h.Expr) {
			t.Fatalf("hole %+v of %q", h, src[h.Start:h.End])
		}
		// Every other grammar: the hole is one placeholder of the file's
		// grammar, named after it.
		if g := grammarOf(s.FoundBy); s.FoundBy != LuaScriptFound {
			if end, from, to := g.At(src, h.Start, false); end != h.End || string(src[from:to]) != h.Expr {
				t.Fatalf("hole %+v of %q is no %s placeholder", h, src[h.Start:h.End], g.Client())
			}
		}
		for ; k < h.LuaStart; k++ {
			if sp := s.Map.Span(k); !sp.Exact || sp.End != sp.Start+1 {
				t.Fatalf("byte %d (%q) not written as itself", k, s.Text[k])
			}
		}
		k = h.LuaEnd
	}
	if !code {
		t.Fatal("a template without a parameter in code")
	}
}

// grammarOf is the grammar of a template's FoundBy.
func grammarOf(found string) *TemplateGrammar {
	for k := range TemplateGrammars {
		if TemplateGrammars[k].Client() == found {
			return &TemplateGrammars[k]
		}
	}
	return nil
}

// TestTemplateGrammars: a .lua file is read with the one grammar whose
// placeholders stand in its code, and only when that is unambiguous; each
// placeholder is an opaque value named after it, every other byte written
// as itself.
func TestTemplateGrammars(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, src string
		found     string // "" when the file is plain Lua
		want      string // the script's text
	}{
		{name: "carmine", src: "return redis.call('hget', _:k, _:old-?sha)\n", found: CarmineFound,
			want: "return redis.call('hget', __param_k, __param_old__sha)\n"},
		{name: "carmine method call is Lua", src: "local _ = {}\nreturn _:name('x')\n"},
		{name: "mustache", src: "return redis.call('GET', {{ key }})\n", found: MustacheFound,
			want: "return redis.call('GET', __param_key)\n"},
		{name: "a table in a table is Lua", src: "local key = 1\nreturn {{key}}\n"},
		{name: "mustache named in a comment only", src: "-- key: the stock\nreturn redis.call('GET', {{key}})\n", found: MustacheFound,
			want: "-- key: the stock\nreturn redis.call('GET', __param_key)\n"},
		{name: "dollar", src: "return redis.call('GET', ${prefix}..'x')\n", found: DollarFound,
			want: "return redis.call('GET', __param_prefix..'x')\n"},
		{name: "positional", src: "return redis.call('SET', $1, $2)\n", found: PositionFound,
			want: "return redis.call('SET', __param_1, __param_2)\n"},
		{name: "printf", src: "return redis.call('SET', %s, %d, string.format('%%d', 1))\n", found: PrintfFound,
			want: "return redis.call('SET', __param_1, __param_2, string.format('%d', 1))\n"},
		{name: "modulo", src: "local s, d = 1, 2\nreturn (s %s) + (d %d) + (d % s)\n"},
		{name: "verb in a string only", src: "return string.format('%s:%d', KEYS[1], 2)\n"},
		{name: "two grammars", src: "return redis.call('SET', @key, ${value})\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s, ok := LuaScriptTemplate([]byte(c.src))
			if ok != (c.found != "") || ok && s.FoundBy != c.found {
				t.Fatalf("template = %v (%q), want %q (text %q)", ok, s.FoundBy, c.found, s.Text)
			}
			if !ok {
				return
			}
			if s.Text != c.want {
				t.Errorf("text %q, want %q", s.Text, c.want)
			}
			checkTemplate(t, []byte(c.src), s)
		})
	}
}
