// Package python is the Python host language.
package python

import "github.com/lint-lua/lint-lua/internal/hostlang"

// Python: strings with any prefix (r, b, u, f, t and their mixes), single
// and triple quoted; escapes decoded as CPython does; f-string holes;
// "\r\n" read as "\n" (Python reads source in universal newline mode);
// newlines that end statements outside brackets, backslash continuations.

var pyLexer = &hostlang.Lexer{Token: pyToken, Newlines: hostlang.NewlinesOutsideBrackets, LineContinuation: true}

func pyToken(s *hostlang.Scanner, i int, _ bool) (int, hostlang.Read) {
	src := s.Src
	c := src[i]
	switch {
	case c == '#':
		e := hostlang.LineEnd(src, i)
		s.Comment(i, e, i+1, e)
		return e, hostlang.ReadToken
	case c == '"' || c == '\'':
		return pyString(s, i, i, ""), hostlang.ReadToken
	case hostlang.IsIdentStart(c):
		e := hostlang.WordEnd(src, i, "")
		if e < len(src) && (src[e] == '"' || src[e] == '\'') && isPyPrefix(src[i:e]) {
			return pyString(s, i, e, string(src[i:e])), hostlang.ReadToken
		}
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	}
	return i, hostlang.NotRead
}

// isPyPrefix reports whether p is a string prefix: at most one each of r,
// and one of b, u, f, t, in any case and order.
func isPyPrefix(p []byte) bool {
	if len(p) == 0 || len(p) > 2 {
		return false
	}
	var r, other int
	for _, c := range p {
		switch c | 0x20 {
		case 'r':
			r++
		case 'b', 'u', 'f', 't':
			other++
		default:
			return false
		}
	}
	return r <= 1 && other <= 1 && !(other == 1 && r == 1 && (p[0]|0x20 == 'u' || p[1]|0x20 == 'u'))
}

func hasPrefix(prefix string, c byte) bool {
	for i := 0; i < len(prefix); i++ {
		if prefix[i]|0x20 == c {
			return true
		}
	}
	return false
}

// pyString reads the string whose prefix starts at start and whose quote
// is at q.
func pyString(s *hostlang.Scanner, start, q int, prefix string) int {
	src := s.Src
	quote := src[q]
	open := 1
	if q+2 < len(src) && src[q+1] == quote && src[q+2] == quote {
		open = 3
	}
	raw := hasPrefix(prefix, 'r')
	isBytes := hasPrefix(prefix, 'b')
	bd := &hostlang.Body{Crlf: true, NlEnds: open == 1, Escapes: hostlang.Backslash}
	if open == 3 {
		bd.CloseAt = hostlang.CloseSeq(string([]byte{quote, quote, quote}))
	} else {
		bd.CloseAt = hostlang.CloseByte(quote)
	}
	switch {
	case raw:
		bd.Escape = pyRawEscape
	case isBytes:
		bd.Escape = pyBytesEscape
	default:
		bd.Escape = pyEscape
	}
	if hasPrefix(prefix, 'f') || hasPrefix(prefix, 't') {
		bd.Holes = pyHoleStart
		bd.Hole = pyHole
	}
	v, e, _ := s.Decode(hostlang.View{B: src}, q+open, bd)
	s.EmitLit(hostlang.Literal{Start: start, End: e, Val: v})
	return e
}

var pySimple = hostlang.SimpleEscapes("\\\\''\"\"a\ab\bf\fn\nr\rt\tv\v")

func pyEscapeCommon(v *hostlang.Value, r hostlang.View, k int, text bool) int {
	b := r.B
	if k+1 >= len(b) {
		return 0
	}
	c := b[k+1]
	start := r.Start(k)
	switch {
	case c == '\n':
		return 2
	case c == '\r':
		if k+2 < len(b) && b[k+2] == '\n' {
			return 3
		}
		return 2
	case pySimple[c] >= 0:
		v.Add(byte(pySimple[c]), start, r.End(k+1))
		return 2
	case c >= '0' && c <= '7':
		val, n := hostlang.OctRun(b, k+1, 3, 0o777)
		if text {
			hostlang.AddRune(v, rune(val), start, r.End(k+n))
		} else {
			v.Add(byte(val), start, r.End(k+n))
		}
		return 1 + n
	case c == 'x':
		if val, n, ok := hostlang.HexRun(b, k+2, 2, 2); ok {
			if text {
				hostlang.AddRune(v, val, start, r.End(k+1+n))
			} else {
				v.Add(byte(val), start, r.End(k+1+n))
			}
			return 2 + n
		}
	case text && (c == 'u' || c == 'U'):
		want := 4
		if c == 'U' {
			want = 8
		}
		if val, n, ok := hostlang.HexRun(b, k+2, want, want); ok {
			hostlang.AddRune(v, val, start, r.End(k+1+n))
			return 2 + n
		}
	case text && c == 'N' && k+2 < len(b) && b[k+2] == '{':
		// A named character: its name is not looked up; it stands as
		// U+FFFD for the whole escape.
		j := k + 3
		for j < len(b) && b[j] != '}' && b[j] != '\n' && j < k+100 {
			j++
		}
		if j < len(b) && b[j] == '}' {
			hostlang.AddRune(v, 0xFFFD, start, r.End(j))
			return j + 1 - k
		}
	}
	// Unknown escapes keep their backslash.
	v.Add('\\', start, r.End(k))
	return 1
}

func pyEscape(v *hostlang.Value, r hostlang.View, k int) int { return pyEscapeCommon(v, r, k, true) }
func pyBytesEscape(v *hostlang.Value, r hostlang.View, k int) int {
	return pyEscapeCommon(v, r, k, false)
}

// pyRawEscape: in a raw string a backslash escapes nothing but keeps the
// next byte (a quote, another backslash) from ending the string.
func pyRawEscape(v *hostlang.Value, r hostlang.View, k int) int {
	if k+1 >= len(r.B) {
		return 0
	}
	v.Add('\\', r.Start(k), r.End(k))
	if r.B[k+1] == '\r' || r.B[k+1] == '\n' {
		return 1
	}
	v.Add(r.B[k+1], r.Start(k+1), r.End(k+1))
	return 2
}

var pyHoleStart = hostlang.ByteSet("{}")

// pyHole reads an f-string replacement field; `{{` and `}}` are braces.
func pyHole(s *hostlang.Scanner, v *hostlang.Value, r hostlang.View, k int) int {
	b := r.B
	if k+1 < len(b) && b[k+1] == b[k] {
		v.Text.Append(b[k], r.Start(k), r.End(k+1), true)
		return k + 2
	}
	if b[k] == '}' {
		return k
	}
	return hostlang.BraceHole("{", "}")(s, v, r, k)
}

// python is the Python language.
type python struct{}

func (python) String() string         { return "python" }
func (python) Extensions() []string   { return []string{".py"} }
func (python) Lexer() *hostlang.Lexer { return pyLexer }
func (python) Keywords() string {
	return "and as assert async await break class continue def del elif else except finally for from global if " +
		"import in is lambda nonlocal not or pass raise return try while with yield"
}
func (python) Wrappers() map[string]string { return pyWrappers }
func (python) APIs() []hostlang.API        { return pyAPIs }
func (python) Traits() *hostlang.Traits    { return pyTraits }

var pyWrappers = map[string]string{"dedent": "dedent", "textwrap.dedent": "dedent", "inspect.cleandoc": "cleandoc", "cleandoc": "cleandoc", "str": "id"}

// pyAPIs: redis-py (and aioredis 1.x's keys=/args= keywords;
// redis.asyncio is redis-py).
var pyAPIs = []hostlang.API{
	{Client: "redis-py", Name: "eval", Script: 0, ScriptKw: "script", Generic: true,
		Keys: []hostlang.KeysAt{hostlang.KeysNumArg1, {Kw: "numkeys", Form: hostlang.KeysCount}, {Kw: "keys", Form: hostlang.KeysList, Args: hostlang.ArgsList, ArgsKw: "args"}}},
	{Client: "redis-py", Name: "eval_ro", Script: 0, ScriptKw: "script",
		Keys: []hostlang.KeysAt{hostlang.KeysNumArg1, {Kw: "numkeys", Form: hostlang.KeysCount}}},
	{Client: "redis-py", Name: "register_script", Script: 0, ScriptKw: "script", Creates: true},
	{Client: "redis-py", Name: "script_load", Script: 0, ScriptKw: "script"},
	{Client: "redis-py", Name: "function_load", Script: 0, ScriptKw: "code"},
	{Client: "redis-py", Name: "evalsha", Script: hostlang.NoScript},
	{Client: "redis-py", Name: "evalsha_ro", Script: hostlang.NoScript},
}

// pyScriptCall is how redis-py runs a registered script: calling the
// object with keys (and args), by keyword or position.
var pyScriptCall = hostlang.API{Client: "redis-py", Name: "Script.__call__", Script: hostlang.NoScript,
	Keys: []hostlang.KeysAt{{Kw: "keys", Form: hostlang.KeysList, Args: hostlang.ArgsList, ArgsKw: "args", ArgsArg: 1},
		{Arg: 0, Form: hostlang.KeysList, Args: hostlang.ArgsList, ArgsKw: "args", ArgsArg: 1}}}

var pyTraits = &hostlang.Traits{
	LineComment:        "#",
	MemberOps:          []string{"."},
	ConcatOp:           "+",
	AdjacentLiterals:   true,
	PercentFormat:      true,
	FormatMethod:       "braces",
	FormatKeywords:     true,
	Untyped:            true,
	BareConstructors:   true,
	DefFunctions:       true,
	LineBlocks:         true,
	TrailingConditions: true,
	NamedArgsEqual:     true,
	NoColonNamedArgs:   true,
	Tuples:             true,
	ScriptObject:       &pyScriptCall,
}

// Lang is Python.
var Lang hostlang.Lang = python{}
