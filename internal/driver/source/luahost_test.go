package source

import (
	"testing"
)

// TestLuaStringScripts: the string literals of a Lua file whose text is a
// script, taken where each byte is written as itself, and mapped back.
func TestLuaStringScripts(t *testing.T) {
	t.Parallel()
	src := "local red = require('resty.redis'):new()\n" +
		"red:eval([[\nreturn redis.call('GET', KEYS[1])]], 1, 'k')\n" + // a long bracket; Lua drops the first line break
		"red:eval([==[\r\nreturn ARGV[1]]==], 0)\n" + // a level-2 bracket after CRLF
		"red:eval('return redis.call(\"TIME\")', 0)\n" + // quoted, no escape
		"red:eval(\"return redis.call('SET', KEYS[1], '\\\\n')\", 1, 'k')\n" + // an escape: not taken
		"ngx.say('KEYS are ', 'not a script')\n" // no needle: `KEYS ` is not `KEYS[`
	scripts, _ := luaStringScripts("x.lua", []byte(src))
	want := []string{"return redis.call('GET', KEYS[1])", "return ARGV[1]", `return redis.call("TIME")`}
	if len(scripts) != len(want) {
		t.Fatalf("scripts %d, want %d: %+v", len(scripts), len(want), scripts)
	}
	for i, s := range scripts {
		if s.Text != want[i] {
			t.Errorf("script %d: %q, want %q", i, s.Text, want[i])
		}
		// Every byte maps to the one byte of the file it is written as.
		for k := 0; k < len(s.Text); k++ {
			sp := s.Map.Span(k)
			if !sp.Exact || sp.End != sp.Start+1 || src[sp.Start] != s.Text[k] {
				t.Fatalf("script %d byte %d: span %+v", i, k, sp)
			}
		}
	}
	if s, _ := luaStringScripts("y.lua", []byte("vim.opt.number = true\n")); s != nil {
		t.Errorf("a file with no needle: %+v", s)
	}
}

// FuzzLuaStringScripts: on any text, every script found maps each byte to
// the byte of the file it is.
func FuzzLuaStringScripts(f *testing.F) {
	f.Add([]byte("red:eval([[\nreturn redis.call('GET', KEYS[1])]], 1, 'k')"))
	f.Add([]byte("x = [=[KEYS[1]]=] .. 'ARGV[1]' .. \"redis.call\\\"\""))
	f.Add([]byte("s = [[\r\nKEYS[1]"))
	f.Fuzz(func(t *testing.T, src []byte) {
		scripts, _ := luaStringScripts("f.lua", src)
		for _, s := range scripts {
			for k := 0; k < len(s.Text); k++ {
				sp := s.Map.Span(k)
				if sp.Start < 0 || sp.End > len(src) || src[sp.Start] != s.Text[k] {
					t.Fatalf("byte %d of %q: span %+v", k, s.Text, sp)
				}
			}
		}
	})
}
