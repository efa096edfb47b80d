package hostlang

import (
	"bytes"
	"slices"

	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// Client-side templates: .lua files that a client library rewrites before
// Redis sees them, each placeholder replaced by KEYS[i], ARGV[i] or a
// value. Each client's placeholder grammar is one entry of templateGrammars;
// a .lua file is read as a template of the one grammar whose placeholders
// stand in its code (outside Lua strings and comments), and only when that
// is unambiguous: placeholders of two grammars in code, or of a grammar
// whose placeholders may also be Lua (`{{x}}` is a table in a table) in a
// file that names x elsewhere, leave the file plain. Each placeholder is an
// opaque value (which ones become KEYS is decided by the call site, which
// the .lua file does not show), written `__param_<name>` in the text the
// rules see and quoted as written in messages.

// A templateGrammar is how one client library writes placeholders.
type templateGrammar struct {
	// client is the FoundBy of a file read with it.
	client string
	// at returns the end of a placeholder that starts at b[i], and the
	// range of its name in b (empty for a verb with no name); end <= i
	// when none starts there. code says b[i] is in Lua code: some
	// placeholders are told from Lua only by what precedes them there.
	at func(b []byte, i int, code bool) (end, from, to int)
	// escape, when set, is a byte that the client writes doubled for
	// itself (`@@key` is the text `@key`, `%%` is `%`).
	escape byte
	// lua is set when the grammar's placeholders may also be valid Lua:
	// it applies only to a file whose placeholders' names appear nowhere
	// else in it (opaqueNames).
	lua bool
}

// The FoundBy of the .lua templates of each client (TemplateFound).
const (
	// LuaScriptFound is StackExchange.Redis LuaScript.Prepare's `@name`.
	LuaScriptFound = "StackExchange.Redis LuaScript parameters"
	CarmineFound   = "carmine `_:name` placeholders"
	MustacheFound  = "`{{name}}` template placeholders"
	DollarFound    = "`${name}` template placeholders"
	PositionFound  = "`$1` positional placeholders"
	PrintfFound    = "printf `%s`/`%d` verbs"
)

// templateGrammars is the table of client grammars, in the order a file is
// tried with them.
var templateGrammars = []templateGrammar{
	// StackExchange.Redis: `@` then a letter or `_` and word bytes, not
	// after a word byte; `@@name` is `@name`.
	{client: LuaScriptFound, escape: '@', at: func(b []byte, i int, _ bool) (int, int, int) {
		if b[i] != '@' || i+1 >= len(b) || !(isLetter(b[i+1]) || b[i+1] == '_') || i > 0 && (isWordByte(b[i-1]) || b[i-1] == '@') {
			return 0, 0, 0
		}
		j := wordBytesEnd(b, i+1)
		return j, i + 1, j
	}},
	// Clojure carmine's `lua`: `_:name` (a keyword's name: letters,
	// digits and `-?!*+_`), replaced by KEYS[i] for the names of its keys
	// map and ARGV[i] for those of its args map. `_:name(...)` is a Lua
	// method call on a global `_`, not a placeholder.
	{client: CarmineFound, at: func(b []byte, i int, _ bool) (int, int, int) {
		if b[i] != '_' || i+2 >= len(b) || b[i+1] != ':' || !isLetter(b[i+2]) || i > 0 && isWordByte(b[i-1]) {
			return 0, 0, 0
		}
		j := i + 2
		for j < len(b) && (isWordByte(b[j]) || bytes.IndexByte([]byte("-?!*+"), b[j]) >= 0) {
			j++
		}
		if j < len(b) && bytes.IndexByte([]byte("(\"'{"), b[j]) >= 0 {
			return 0, 0, 0
		}
		return j, i + 2, j
	}},
	// Mustache, Handlebars, Jinja: `{{name}}`, spaces allowed inside.
	{client: MustacheFound, lua: true, at: func(b []byte, i int, _ bool) (int, int, int) {
		if b[i] != '{' || i+1 >= len(b) || b[i+1] != '{' {
			return 0, 0, 0
		}
		j := skipBlank(b, i+2)
		from := j
		for j < len(b) && (isWordByte(b[j]) || b[j] == '.' || b[j] == '-') {
			j++
		}
		to := j
		j = skipBlank(b, j)
		if to == from || j+1 >= len(b) || b[j] != '}' || b[j+1] != '}' {
			return 0, 0, 0
		}
		return j + 2, from, to
	}},
	// JavaScript template literals, Groovy, shell: `${name}`.
	{client: DollarFound, at: func(b []byte, i int, _ bool) (int, int, int) {
		if b[i] != '$' || i+1 >= len(b) || b[i+1] != '{' {
			return 0, 0, 0
		}
		j := skipBlank(b, i+2)
		from := j
		for j < len(b) && (isWordByte(b[j]) || b[j] == '.') {
			j++
		}
		to := j
		j = skipBlank(b, j)
		if to == from || j >= len(b) || b[j] != '}' {
			return 0, 0, 0
		}
		return j + 1, from, to
	}},
	// Positional parameters: `$1`.
	{client: PositionFound, at: func(b []byte, i int, _ bool) (int, int, int) {
		if b[i] != '$' || i+1 >= len(b) || !isDigit(b[i+1]) {
			return 0, 0, 0
		}
		j := i + 1
		for j < len(b) && isDigit(b[j]) {
			j++
		}
		if j < len(b) && isWordByte(b[j]) {
			return 0, 0, 0
		}
		return j, i + 1, j
	}},
	// printf-style templates (sprintf, String.format, str % args):
	// `%s`, `%d`; `%%` is `%`. In code, `%` is Lua's modulo after an
	// operand (a name, a number, a closing bracket or quote), so a verb
	// there is only one where no operand precedes it: `('GET', %s)`.
	{client: PrintfFound, escape: '%', at: func(b []byte, i int, code bool) (int, int, int) {
		if b[i] != '%' || i+1 >= len(b) || b[i+1] != 's' && b[i+1] != 'd' || i > 0 && b[i-1] == '%' {
			return 0, 0, 0
		}
		if i+2 < len(b) && isWordByte(b[i+2]) {
			return 0, 0, 0
		}
		if code && afterOperand(b, i) {
			return 0, 0, 0
		}
		return i + 2, i + 2, i + 2
	}},
}

// wordBytesEnd returns the end of the run of word bytes from i.
func wordBytesEnd(b []byte, i int) int {
	for i < len(b) && isWordByte(b[i]) {
		i++
	}
	return i
}

// skipBlank returns the offset of the first byte from i that is no space
// or tab.
func skipBlank(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i
}

// afterOperand reports whether the code before b[i] ends with an operand
// (a name that is no keyword, a number, `)`, `]`, `}` or a quote), after
// which `%` is the modulo operator.
func afterOperand(b []byte, i int) bool {
	j := i
	for j > 0 && (b[j-1] == ' ' || b[j-1] == '\t') {
		j--
	}
	if j == 0 {
		return false
	}
	switch c := b[j-1]; {
	case c == ')' || c == ']' || c == '}' || c == '\'' || c == '"':
		return true
	case isWordByte(c):
		k := j
		for k > 0 && isWordByte(b[k-1]) {
			k--
		}
		_, keyword := luaKeywordState[string(b[k:j])]
		return !keyword
	}
	return false
}

// codeOnly returns src with the bytes of its Lua strings and comments
// written as spaces (line ends kept): its code, at the same offsets.
func codeOnly(src []byte) []byte {
	out := bytes.Clone(src)
	blank := func(from, to int) {
		for k := from; k < min(to, len(out)); k++ {
			if out[k] != '\n' {
				out[k] = ' '
			}
		}
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '-' && i+1 < len(src) && src[i+1] == '-':
			j := i
			if l, ok := luasrc.LongBracket(src, i+2); ok {
				j = longEnd(src, i+2+l+2, l)
			} else {
				for j < len(src) && src[j] != '\n' {
					j++
				}
			}
			blank(i, j)
			i = j
		case c == '[':
			if l, ok := luasrc.LongBracket(src, i); ok {
				j := longEnd(src, i+l+2, l)
				blank(i, j)
				i = j
				continue
			}
			i++
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(src))
			blank(i, j)
			i = j
		default:
			i++
		}
	}
	return out
}

// mayHoldPlaceholder reports whether src holds a text that a placeholder
// of some grammar starts with: `@`, `$`, `_:`, `{{`, `%s`, `%d`.
func mayHoldPlaceholder(src []byte) bool {
	// Two IndexByte scans rather than IndexAny's loop over every byte:
	// this runs on every .lua file a run lints.
	if bytes.IndexByte(src, '@') >= 0 || bytes.IndexByte(src, '$') >= 0 {
		return true
	}
	for _, s := range []string{"_:", "{{", "%s", "%d"} {
		if bytes.Contains(src, []byte(s)) {
			return true
		}
	}
	return false
}

// codeGrammars returns the grammars whose placeholders stand in code (the
// text of codeOnly), in table order.
func codeGrammars(code []byte) []*templateGrammar {
	var out []*templateGrammar
	for i := 0; i < len(code); i++ {
		switch code[i] {
		case '@', '_', '{', '$', '%':
		default:
			continue
		}
		for k := range templateGrammars {
			g := &templateGrammars[k]
			if e, _, _ := g.at(code, i, true); e > i {
				if !slices.Contains(out, g) {
					out = append(out, g)
				}
				i = e - 1
				break
			}
		}
	}
	return out
}

// templateOf returns the grammar a .lua file is a template of: the one
// whose placeholders stand in its code, when only one does (and, for a
// grammar whose placeholders may be Lua, the file does not parse as Lua).
func templateOf(src []byte) (*templateGrammar, bool) {
	// Most .lua files hold none of the texts a placeholder starts with,
	// anywhere: a scan says so without a copy of the file.
	if !mayHoldPlaceholder(src) {
		return nil, false
	}
	code := codeOnly(src)
	gs := codeGrammars(code)
	if len(gs) != 1 {
		return nil, false
	}
	if gs[0].lua && !opaqueNames(code, gs[0]) {
		return nil, false
	}
	return gs[0], true
}

// opaqueNames reports whether every name of g's placeholders in code (the
// text of codeOnly) appears nowhere else in it as a word: `{{key}}` is Lua
// (a table in a table) in a script that declares or assigns key, and a
// placeholder in one that has no key but in placeholders.
func opaqueNames(src []byte, g *templateGrammar) bool {
	inside := map[string]int{}
	for i := 0; i < len(src); i++ {
		if end, from, to := g.at(src, i, true); end > i {
			inside[string(src[from:to])]++
			i = end - 1
		}
	}
	for name, n := range inside {
		words := 0
		for i := 0; i < len(src); {
			k := bytes.Index(src[i:], []byte(name))
			if k < 0 {
				break
			}
			k += i
			if (k == 0 || !isWordByte(src[k-1])) && (k+len(name) == len(src) || !isWordByte(src[k+len(name)])) {
				words++
			}
			i = k + len(name)
		}
		if words > n {
			return false
		}
	}
	return true
}

// placeholders turns the placeholders of the grammar whose FoundBy is
// client in v's text into opaque values: StackExchange.Redis's `@name`
// (luaScriptParams), or a templateGrammars entry's (templateParams).
func placeholders(v *Value, client string) *Value {
	if client == LuaScriptFound {
		return luaScriptParams(v)
	}
	for i := range templateGrammars {
		if templateGrammars[i].client == client {
			return templateParams(v, &templateGrammars[i])
		}
	}
	return v
}

// templateParams turns the placeholders of grammar g in v's text, in code,
// strings and comments alike (the client rewrites text, not Lua), into
// holes; an escape (`@@`, `%%`) is written once.
func templateParams(v *Value, g *templateGrammar) *Value {
	b := v.Text.Bytes()
	out := NewValue(len(b))
	next := 0
	for i := 0; i < len(b); i++ {
		if v.holeAt(i, &next) {
			out.AddHole(v.Holes[next])
			continue
		}
		if g.escape != 0 && b[i] == g.escape && i+1 < len(b) && b[i+1] == g.escape {
			// The escape: the first byte is written, the second goes.
			out.Text.AppendSlice(v.Text, i, i+1)
			i++
			continue
		}
		end, from, to := g.at(b, i, false)
		if end <= i || v.holeIn(i, end) {
			out.Text.AppendSlice(v.Text, i, i+1)
			continue
		}
		s, e := v.Text.Span(i).Start, v.Text.Span(end-1).End
		// A verb with no name (`%s`) has an empty name at its end.
		in, inEnd := e, e
		if from < to {
			in, inEnd = v.Text.Span(from).Start, v.Text.Span(to-1).End
		}
		out.AddHole(ValueHole{Start: s, End: e, InStart: in, InEnd: inEnd, Kind: HoleParam})
		i = end - 1
	}
	return out
}

// holeIn reports whether a hole stands in v's text [from, to).
func (v *Value) holeIn(from, to int) bool {
	for k := from; k < to; k++ {
		if v.isHole(k) {
			return true
		}
	}
	return false
}

// TemplateFound reports whether found, a script's FoundBy, says it is a
// .lua file read as a client-side template (LuaScriptTemplate).
func TemplateFound(found string) bool {
	for _, g := range templateGrammars {
		if g.client == found {
			return true
		}
	}
	return false
}
