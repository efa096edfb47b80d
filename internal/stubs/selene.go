package stubs

import (
	"bytes"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// seleneStd is selene's standard library format (YAML): a name and the
// globals by dotted path, each a function with its arguments or a
// property.
type seleneStd struct {
	Name    string                 `yaml:"name"`
	Globals map[string]seleneField `yaml:"globals"`
}

type seleneField struct {
	Args     *[]seleneArg `yaml:"args,omitempty"`
	Property string       `yaml:"property,omitempty"`
}

type seleneArg struct {
	Required *bool `yaml:"required,omitempty"`
	// Type is a type name (any, bool, function, nil, number, string,
	// table, "...") or a list of the constant strings the argument may be.
	Type any `yaml:"type"`
}

// selene writes redis.yml, the std, and selene.toml, which selects it.
// Every global and field is read-only (B6). redis.call, redis.pcall and
// redis.acl_check_cmd take the command names the target lets scripts
// call as constants, in upper and lower case (selene compares a literal
// with them exactly; Redis ignores case).
func (d *defs) selene() ([]File, error) {
	std := seleneStd{Name: luacheckStd, Globals: map[string]seleneField{}}
	for _, g := range d.globals() {
		fields := d.fields(g)
		if len(fields) == 0 {
			std.Globals[g] = d.seleneField(member{Path: g, Type: "table"}, g)
			if m, ok := d.member(g); ok {
				std.Globals[g] = d.seleneField(m, g)
			}
			continue
		}
		for _, f := range fields {
			path := g + strings.TrimPrefix(f.Path, global(f.Path))
			std.Globals[path] = d.seleneField(f, path)
		}
	}
	std.Globals[varargLocal] = seleneField{Property: "read-only"}
	var b bytes.Buffer
	for _, h := range d.header() {
		fmt.Fprintf(&b, "# %s\n", h)
	}
	fmt.Fprintf(&b, "# %s\n", varargNote)
	b.WriteString("---\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(std); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	toml := fmt.Sprintf("# %s\nstd = %q\n", d.header()[1], luacheckStd)
	return []File{
		{Name: luacheckStd + ".yml", Data: b.Bytes(), Main: true},
		{Name: "selene.toml", Data: []byte(toml)},
	}, nil
}

// member returns the member whose path is exactly path.
func (d *defs) member(path string) (member, bool) {
	for _, m := range d.members {
		if m.Path == path {
			return m, true
		}
	}
	return member{}, false
}

func (d *defs) seleneField(m member, path string) seleneField {
	if !m.Func {
		return seleneField{Property: "read-only"}
	}
	no := false
	if len(m.Overloads) > 0 {
		// register_function takes a name and a function, or one table:
		// selene cannot say either, so the arguments are any.
		return seleneField{Args: &[]seleneArg{{Type: "any"}, {Type: "any", Required: &no}}}
	}
	args := []seleneArg{}
	for i, p := range m.Params {
		a := seleneArg{Type: seleneType(p)}
		if p.Optional || p.vararg() {
			a.Required = &no
		}
		if i == 0 && takesCommand(path) {
			a.Type = d.commandConstants()
		}
		args = append(args, a)
	}
	return seleneField{Args: &args}
}

// takesCommand reports the functions whose first argument is a command
// name: call, pcall and acl_check_cmd of redis (or server).
func takesCommand(path string) bool {
	_, field, _ := strings.Cut(path, ".")
	return field == "call" || field == "pcall" || field == "acl_check_cmd"
}

// commandConstants are the command names in upper and lower case.
func (d *defs) commandConstants() []string {
	var out []string
	for _, n := range d.commandNames() {
		out = append(out, n)
		if low := strings.ToLower(n); low != n {
			out = append(out, low)
		}
	}
	return out
}

// seleneType maps a parameter's LuaLS type to selene's: a union or a
// type selene has no name for is any.
func seleneType(p param) any {
	if p.vararg() {
		return "..."
	}
	switch t := p.Type; {
	case t == "string":
		return "string"
	case t == "number" || t == "integer":
		return "number"
	case t == "boolean":
		return "bool"
	case t == "function" || strings.HasPrefix(t, "fun("):
		return "function"
	case t == "table" || strings.HasSuffix(t, "[]") || strings.HasPrefix(t, "{"):
		return "table"
	}
	return "any"
}
