package source

import (
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/srcmap"
)

// luaScript is s, the script of a .lua file called name whose content is
// src: the file as it is, or, when its code holds StackExchange.Redis
// LuaScript parameters (`@key`, hostlang.LuaScriptTemplate), the text
// LuaScript.Prepare makes of it, each parameter an opaque value, placed
// back in the file as a host literal's script is (hostScript): findings at
// the file's lines and columns with `@key` in their messages, a fix kept
// only where its edits map exactly and the fixed file reads back as the
// fixed script. The template's own `--` comments are its script's, so
// their ignores apply as in any .lua file.
func luaScript(name string, src []byte, s driver.Script) driver.Script {
	s.Text = src
	t, ok := hostlang.LuaScriptTemplate(src)
	if !ok {
		return s
	}
	read := func(src []byte) []hostlang.Script {
		if t, ok := hostlang.LuaScriptTemplate(src); ok {
			return []hostlang.Script{t}
		}
		return nil
	}
	fx := &hostFixes{read: read, src: src, scripts: []hostlang.Script{t}}
	s.Text = []byte(t.Text)
	s.Map = &hostScript{file: name, src: src, lines: srcmap.NewLines(src), text: t.Map, holes: t.Holes, fixes: fx}
	s.Globals = append(holeNames(t.Holes), s.Globals...)
	s.Found = t.FoundBy
	// A parse of the file as plain Lua is no parse of this text, and the
	// parse of this text is no fragment's.
	s.Parsed, s.Seen = nil, nil
	return s
}
