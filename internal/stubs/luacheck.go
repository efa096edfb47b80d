package stubs

import (
	"bytes"
	"fmt"
	"strings"
)

// luacheckStd is the name of the std the .luacheckrc defines and selects.
const luacheckStd = "redis"

// luacheck writes .luacheckrc: a std with the sandbox's globals, all
// read-only (Redis makes every global table read-only, and a global
// assignment fails: redis-facts.md B6), selected as the only std, so that
// luacheck reports print, os.time or require, which the sandbox lacks.
func (d *defs) luacheck() ([]File, error) {
	var b bytes.Buffer
	for _, h := range d.header() {
		fmt.Fprintf(&b, "-- %s\n", h)
	}
	fmt.Fprintf(&b, "stds[%q] = {\n\tread_globals = {\n", luacheckStd)
	for _, g := range d.globals() {
		fields := d.fields(g)
		switch {
		case g == "KEYS" || g == "ARGV" || g == "_G":
			// Read by index (KEYS[1], _G[name]): no named fields to check.
			fmt.Fprintf(&b, "\t\t%s = {other_fields = true},\n", g)
		case len(fields) == 0:
			fmt.Fprintf(&b, "\t\t%s = {},\n", g)
		default:
			var names []string
			for _, f := range fields {
				names = append(names, fmt.Sprintf("%q", strings.TrimPrefix(f.Path, global(f.Path)+".")))
			}
			fmt.Fprintf(&b, "\t\t%s = {fields = {%s}},\n", g, strings.Join(names, ", "))
		}
	}
	fmt.Fprintf(&b, "\t\t-- %s\n\t\t%s = {other_fields = true},\n", varargNote, varargLocal)
	fmt.Fprintf(&b, "\t},\n}\nstd = %q\n", luacheckStd)
	return []File{{Name: ".luacheckrc", Data: b.Bytes(), Main: true}}, nil
}
