package stubs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// lualsBuiltins are lua-language-server's own library definitions
// (runtime.builtin): every one is switched off, so that only what the
// sandbox has is defined (its "builtin" entry, the type names such as
// integer, stays on).
var lualsBuiltins = []string{"basic", "bit", "bit32", "coroutine", "debug", "ffi", "io", "jit", "math", "os", "package",
	"string", "table", "table.clear", "table.new", "utf8"}

// luals writes redis.lua, the library, and .luarc.json, the settings that
// make lua-language-server read Lua 5.1 with none of its own libraries.
func (d *defs) luals() ([]File, error) {
	var b bytes.Buffer
	b.WriteString("---@meta redis\n")
	for _, h := range d.header() {
		fmt.Fprintf(&b, "-- %s\n", h)
	}
	b.WriteString("-- Replies are typed as a script receives them under RESP2, the default: a null reply is false\n" +
		"-- (nil after redis.setresp(3)), a status reply a table {ok = ...}.\n")
	declared := map[string]bool{}
	for _, m := range d.members {
		g := global(m.Path)
		if g != m.Path && !declared[g] {
			declared[g] = true
			fmt.Fprintf(&b, "\n---@class %s_lib\n%s = {}\n", g, g)
		}
		b.WriteByte('\n')
		d.lualsMember(&b, m)
	}
	if d.target.ServerAlias() {
		b.WriteString("\n---The redis table under a second name (Valkey).\nserver = redis\n")
	}
	settings := map[string]any{
		"runtime.version":     "Lua 5.1",
		"runtime.builtin":     builtinOff(),
		"diagnostics.globals": []string{},
	}
	js, err := json.MarshalIndent(settings, "", "  ")
	if err != nil {
		return nil, err
	}
	return []File{
		{Name: "redis.lua", Data: b.Bytes(), Main: true},
		{Name: ".luarc.json", Data: append(js, '\n')},
	}, nil
}

func builtinOff() map[string]string {
	m := map[string]string{}
	for _, l := range lualsBuiltins {
		m[l] = "disable"
	}
	return m
}

func (d *defs) lualsMember(b *bytes.Buffer, m member) {
	if m.Doc != "" {
		fmt.Fprintf(b, "---%s\n", m.Doc)
	}
	if !m.Func {
		fmt.Fprintf(b, "---@type %s\n", m.Type)
		switch {
		case m.Value != "":
			fmt.Fprintf(b, "%s = %s\n", m.Path, m.Value)
		case m.Type == "table" || strings.HasSuffix(m.Type, "[]"):
			fmt.Fprintf(b, "%s = {}\n", m.Path)
		default:
			fmt.Fprintf(b, "%s = nil\n", m.Path)
		}
		return
	}
	var names []string
	for _, p := range m.Params {
		opt := ""
		if p.Optional {
			opt = "?"
		}
		fmt.Fprintf(b, "---@param %s%s %s\n", p.Name, opt, p.Type)
		names = append(names, p.Name)
	}
	for _, r := range m.Results {
		if t, ok := strings.CutPrefix(r, "..."); ok {
			fmt.Fprintf(b, "---@return %s ...\n", t)
		} else {
			fmt.Fprintf(b, "---@return %s\n", r)
		}
	}
	for _, o := range m.Overloads {
		fmt.Fprintf(b, "---@overload %s\n", o)
	}
	for _, o := range d.commandOverloads(m.Path) {
		fmt.Fprintf(b, "---@overload %s\n", o)
	}
	fmt.Fprintf(b, "function %s(%s) end\n", m.Path, strings.Join(names, ", "))
}

// commandOverloads are the overloads of redis.call and redis.pcall: one a
// command (a subcommand for a container), its name as a literal type,
// returning its reply as Lua receives it.
func (d *defs) commandOverloads(path string) []string {
	var result func(sc scriptCommand) string
	switch path {
	case "redis.call":
		result = func(sc scriptCommand) string { return replyType(sc.Command.Reply) }
	case "redis.pcall":
		result = func(sc scriptCommand) string { return pcallType(sc.Command.Reply) }
	default:
		return nil
	}
	var out []string
	for _, sc := range d.commands {
		out = append(out, "fun("+strings.Join(overloadParams(sc), ", ")+"): "+result(sc))
	}
	return out
}

// overloadParams are an overload's parameters as LuaLS writes them in a
// fun type: the command, the subcommand, then commandParams.
func overloadParams(sc scriptCommand) []string {
	ps := []string{"command: " + nameType(sc.Name)}
	if sc.Sub != "" {
		ps = append(ps, "subcommand: "+nameType(sc.Sub))
	}
	for _, p := range commandParams(sc) {
		ps = append(ps, p.Name+": "+p.Type)
	}
	return ps
}
