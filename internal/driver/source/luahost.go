package source

import (
	"bytes"
	"strings"

	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/srcmap"
	"github.com/yuin/gopher-lua/parse"
)

// Lua that is no Redis script may still send one: an OpenResty handler
// writes its script in a string and runs it with `red:eval(script, 1,
// key)` (lua-resty-redis), APISIX keeps its rate limiter's script in a
// long string. Such a file is not linted as a script (judge skips it), but
// each string literal of it whose text is evidently a Redis script is, as
// a host-language file's are (hostlang's content test): the text calls
// redis.call or redis.pcall (or Valkey's server.call, server.pcall), or
// reads KEYS[ or ARGV[. Only a literal whose text is its bytes as written
// is taken: a long bracket (`[[...]]`, `[=[...]=]`) or a quoted string
// without an escape, so that every byte of the script maps to one byte of
// the file and each finding (and fix) lands where its text is.

// luaHostNeedles are the texts that make a string literal a script.
var luaHostNeedles = [][]byte{[]byte("redis.call"), []byte("redis.pcall"), []byte("server.call"), []byte("server.pcall"), []byte("KEYS["), []byte("ARGV[")}

// luaStringScripts returns the scripts in the string literals of the Lua
// text src, and the file's `lint-lua:` comments (which apply to the
// scripts' findings as a host file's comments do).
func luaStringScripts(name string, src []byte) (out []hostlang.Script, comments []luasrc.Comment) {
	if !hasNeedle(src) {
		return nil, nil
	}
	luasrc.WithParse(name, src, func(f *luasrc.File) {
		for _, c := range f.Comments {
			if strings.Contains(c.Text, "lint-lua") {
				comments = append(comments, c)
			}
		}
		for _, t := range f.Tokens {
			if t.Type != parse.TString {
				continue
			}
			start, end, ok := stringBody(src, int(t.Off), int(t.End0))
			if !ok || !hasNeedle(src[start:end]) {
				continue
			}
			text := srcmap.New(end - start)
			for k := start; k < end; k++ {
				text.Append(src[k], k, k+1, true)
			}
			out = append(out, hostlang.Script{Text: text.String(), Map: text, Start: int(t.Off), End: int(t.End0), FoundBy: hostlang.FoundByContent})
		}
	})
	if len(out) == 0 {
		comments = nil
	}
	return out, comments
}

// hasNeedle reports whether b holds one of luaHostNeedles.
func hasNeedle(b []byte) bool {
	for _, n := range luaHostNeedles {
		if bytes.Contains(b, n) {
			return true
		}
	}
	return false
}

// stringBody returns the bytes of the string literal src[off:end] that are
// its value as written: inside a long bracket (past the line break Lua
// drops after the opening one), or inside quotes when there is no escape.
func stringBody(src []byte, off, end int) (int, int, bool) {
	if off < 0 || end > len(src) || end-off < 2 {
		return 0, 0, false
	}
	switch src[off] {
	case '"', '\'':
		if bytes.IndexByte(src[off+1:end-1], '\\') >= 0 {
			return 0, 0, false
		}
		return off + 1, end - 1, true
	case '[':
		lvl, ok := luasrc.LongBracket(src, off)
		if !ok {
			return 0, 0, false
		}
		start, stop := off+lvl+2, end-lvl-2
		if start > stop {
			return 0, 0, false
		}
		// Lua drops a line break right after the opening bracket.
		switch {
		case start+1 < stop && (src[start] == '\r' && src[start+1] == '\n' || src[start] == '\n' && src[start+1] == '\r'):
			start += 2
		case start < stop && (src[start] == '\n' || src[start] == '\r'):
			start++
		}
		return start, stop, true
	}
	return 0, 0, false
}

// luaHostFile fills out, a .lua file that is no Redis script, with the
// scripts its string literals hold (luaStringScripts); it reports false
// when there are none.
func luaHostFile(out *driver.File) bool {
	scripts, comments := luaStringScripts(out.Name, out.Src)
	if len(scripts) == 0 {
		return false
	}
	out.Comments = comments
	lines := srcmap.NewLines(out.Src)
	read := func(src []byte) []hostlang.Script {
		s, _ := luaStringScripts(out.Name, src)
		return s
	}
	fx := &hostFixes{read: read, src: out.Src, scripts: scripts}
	for i, s := range scripts {
		covered := []int{lines.Pos(s.Start).Line}
		out.Scripts = append(out.Scripts, driver.Script{
			Name: out.Name, Text: []byte(s.Text), Found: s.FoundBy, CoveredBy: covered,
			Map: &hostScript{file: out.Name, src: out.Src, lines: lines, text: s.Map, fixes: fx, index: i},
		})
	}
	// The fix loop reads each fixed content as this file was read.
	out.Rescan = func(src []byte) *driver.File {
		nf := &driver.File{Name: out.Name, Src: src, Settings: out.Settings}
		luaHostFile(nf)
		return nf
	}
	return true
}
