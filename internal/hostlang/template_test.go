package hostlang

import (
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
// every script, each hole a parameter written `@name`, and every byte
// outside them written as itself.
func checkTemplate(t testing.TB, src []byte, s Script) {
	t.Helper()
	checkInvariants(t, src, &File{Scripts: []Script{s}})
	code := false
	k := 0
	for _, h := range s.Holes {
		code = code || h.Code
		if h.Kind != HoleParam || "@"+h.Expr != string(src[h.Start:h.End]) || h.Name != "__param_"+h.Expr {
			t.Fatalf("hole %+v of %q", h, src[h.Start:h.End])
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
