// Package php is the PHP host language.
package php

import (
	"bytes"

	"github.com/lint-lua/lint-lua/internal/hostlang"
)

// PHP: code inside <?php ... ?> (the rest is inline HTML), single-quoted
// strings, double-quoted strings and heredocs with escapes and
// interpolation (`$x`, `$x[k]`, `$x->p`, `{$expr}`, `${expr}`), nowdocs;
// PHP 7.3+ flexible heredocs lose the closing marker's indentation on
// every line. Comments: #, //, /* */ (but `#[` opens an attribute).

var phpLexer = &hostlang.Lexer{Start: phpStart, Token: phpToken}

// phpStart: code starts after the open tag, except in a hole.
func phpStart(s *hostlang.Scanner, i int, hole bool) int {
	if !hole {
		i = phpOpenTag(s.Src, i)
	}
	return i
}

func phpToken(s *hostlang.Scanner, i int, hole bool) (int, hostlang.Read) {
	src := s.Src
	c := src[i]
	switch {
	case c == '?' && i+1 < len(src) && src[i+1] == '>' && !hole:
		return phpOpenTag(src, i+2), hostlang.ReadToken
	case c == '#' && !(i+1 < len(src) && src[i+1] == '['), c == '/' && i+1 < len(src) && src[i+1] == '/':
		e := phpLineCommentEnd(src, i)
		ts := i + 1
		if c == '/' {
			ts = i + 2
		}
		s.Comment(i, e, ts, e)
		return e, hostlang.ReadToken
	case c == '/' && i+1 < len(src) && src[i+1] == '*':
		return s.SlashComment(i, false), hostlang.ReadToken
	case c == '\'':
		bd := &hostlang.Body{CloseAt: hostlang.CloseByte('\''), Escapes: hostlang.Backslash, Escape: phpSingleEscape}
		v, e, _ := s.Decode(hostlang.View{B: src}, i+1, bd)
		s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
		return e, hostlang.ReadToken
	case c == '"' || c == '`':
		bd := &hostlang.Body{CloseAt: hostlang.CloseByte(c), Escapes: hostlang.Backslash, Escape: phpEscapeFor(c),
			Holes: phpHoleStart, Hole: phpHole}
		v, e, _ := s.Decode(hostlang.View{B: src}, i+1, bd)
		s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
		return e, hostlang.ReadToken
	case c == '<' && bytes.HasPrefix(src[i:], []byte("<<<")):
		if e, ok := phpHeredoc(s, i); ok {
			return e, hostlang.ReadToken
		}
		return s.Punct(i), hostlang.ReadToken
	case c == '$' && i+1 < len(src) && (hostlang.IsIdentStart(src[i+1]) || src[i+1] == '$'):
		e := hostlang.WordEnd(src, i+1, "$")
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	case hostlang.IsIdentStart(c):
		e := hostlang.WordEnd(src, i, "")
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	}
	return i, hostlang.NotRead
}

// phpOpenTag skips inline HTML from i to just after the next open tag
// (`<?php`, `<?=`, `<?`).
func phpOpenTag(src []byte, i int) int {
	j := bytes.Index(src[i:], []byte("<?"))
	if j < 0 {
		return len(src)
	}
	i += j + 2
	if len(src)-i >= 3 && bytes.EqualFold(src[i:i+3], []byte("php")) {
		return i + 3
	}
	if i < len(src) && src[i] == '=' {
		return i + 1
	}
	return i
}

// phpLineCommentEnd: a line comment ends at the line's end or at `?>`.
func phpLineCommentEnd(src []byte, i int) int {
	e := hostlang.LineEnd(src, i)
	if j := bytes.Index(src[i:e], []byte("?>")); j >= 0 {
		return i + j
	}
	return e
}

// phpSingleEscape: only \' and \\ are escapes in single quotes.
func phpSingleEscape(v *hostlang.Value, r hostlang.View, k int) int {
	if k+1 < len(r.B) && (r.B[k+1] == '\'' || r.B[k+1] == '\\') {
		v.Add(r.B[k+1], r.Start(k), r.End(k+1))
		return 2
	}
	return 0
}

var phpSimple = hostlang.SimpleEscapes("n\nt\tr\rv\ve\x1bf\f\\\\$$")

// phpEscapeFor returns the escape decoder of a double-quoted string (quote
// '"'), a backtick string, or a heredoc (quote 0): the quote of the
// literal is escaped only in its own kind.
func phpEscapeFor(quote byte) func(v *hostlang.Value, r hostlang.View, k int) int {
	return func(v *hostlang.Value, r hostlang.View, k int) int {
		b := r.B
		if k+1 >= len(b) {
			return 0
		}
		c := b[k+1]
		start := r.Start(k)
		switch {
		case c == quote:
			v.Add(c, start, r.End(k+1))
			return 2
		case phpSimple[c] >= 0:
			v.Add(byte(phpSimple[c]), start, r.End(k+1))
			return 2
		case c >= '0' && c <= '7':
			val, n := hostlang.OctRun(b, k+1, 3, 0o777)
			v.Add(byte(val), start, r.End(k+n))
			return 1 + n
		case c == 'x':
			if val, n, ok := hostlang.HexRun(b, k+2, 1, 2); ok {
				v.Add(byte(val), start, r.End(k+1+n))
				return 2 + n
			}
		case c == 'u' && k+2 < len(b) && b[k+2] == '{':
			if val, n, ok := hostlang.HexRun(b, k+3, 1, 8); ok && k+3+n < len(b) && b[k+3+n] == '}' {
				hostlang.AddRune(v, val, start, r.End(k+3+n))
				return 4 + n
			}
		}
		// Unknown escapes keep their backslash; the next byte is read
		// as text (so `\{` keeps `{$x}` from opening a hole).
		v.Add('\\', start, r.End(k))
		if c == '{' {
			v.Add(c, r.Start(k+1), r.End(k+1))
			return 2
		}
		return 1
	}
}

var phpHoleStart = hostlang.ByteSet("${")

// phpHole reads an interpolation: `{$expr}`, `${expr}`, `$name`,
// `$name[key]`, `$name->prop`.
func phpHole(s *hostlang.Scanner, v *hostlang.Value, r hostlang.View, k int) int {
	b := r.B
	if k+1 >= len(b) {
		return k
	}
	switch {
	case b[k] == '{' && b[k+1] == '$':
		return hostlang.BraceHoleAt(s, v, r, k, "{")
	case b[k] == '$' && b[k+1] == '{':
		return hostlang.BraceHoleAt(s, v, r, k, "${")
	case b[k] == '$' && hostlang.IsIdentStart(b[k+1]):
		e := k + 2
		for e < len(b) && hostlang.IsIdentPart(b[e]) {
			e++
		}
		switch {
		case e < len(b) && b[e] == '[':
			j := e + 1
			for j < len(b) && j < e+200 && b[j] != ']' && b[j] != '\n' && b[j] != '"' {
				j++
			}
			if j < len(b) && b[j] == ']' {
				e = j + 1
			}
		case e+2 < len(b) && b[e] == '-' && b[e+1] == '>' && hostlang.IsIdentStart(b[e+2]):
			e += 3
			for e < len(b) && hostlang.IsIdentPart(b[e]) {
				e++
			}
		case e+3 < len(b) && b[e] == '?' && b[e+1] == '-' && b[e+2] == '>' && hostlang.IsIdentStart(b[e+3]):
			e += 4
			for e < len(b) && hostlang.IsIdentPart(b[e]) {
				e++
			}
		}
		v.AddHole(hostlang.ValueHole{Start: r.Start(k), End: r.End(e - 1), InStart: r.Start(k), InEnd: r.End(e - 1), Kind: hostlang.HoleInterp})
		return e
	}
	return k
}

// phpHeredoc reads a heredoc or nowdoc at i (`<<<`); false when what
// follows is not one.
func phpHeredoc(s *hostlang.Scanner, i int) (int, bool) {
	src := s.Src
	j := i + 3
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	quote := byte(0)
	if j < len(src) && (src[j] == '\'' || src[j] == '"') {
		quote = src[j]
		j++
	}
	if j >= len(src) || !hostlang.IsIdentStart(src[j]) {
		return 0, false
	}
	idEnd := hostlang.WordEnd(src, j, "")
	id := src[j:idEnd]
	k := idEnd
	if quote != 0 {
		if k >= len(src) || src[k] != quote {
			return 0, false
		}
		k++
	}
	if k < len(src) && src[k] == '\r' {
		k++
	}
	if k >= len(src) || src[k] != '\n' {
		return 0, false
	}
	bodyStart := k + 1
	// The closing line: blanks, the identifier, then no identifier byte.
	x := bodyStart
	closeLine, closeID := -1, -1
	for x <= len(src) {
		le := hostlang.LineEnd(src, x)
		y := x
		for y < le && (src[y] == ' ' || src[y] == '\t') {
			y++
		}
		if bytes.HasPrefix(src[y:le], id) && (y+len(id) == len(src) || !hostlang.IsIdentPart(src[y+len(id)])) {
			closeLine, closeID = x, y
			break
		}
		if le >= len(src) {
			break
		}
		x = le + 1
	}
	end := 0
	var raw *hostlang.Value
	if closeLine < 0 {
		raw = hostlang.NewValue(len(src) - bodyStart)
		for y := bodyStart; y < len(src); y++ {
			raw.Add(src[y], y, y+1)
		}
		end = len(src)
	} else {
		indent := closeID - closeLine
		raw = hostlang.NewValue(closeLine - bodyStart)
		for y := bodyStart; y < closeLine; {
			le := hostlang.LineEnd(src, y)
			from := y
			n := 0
			for from < le && n < indent && (src[from] == ' ' || src[from] == '\t') {
				from++
				n++
			}
			for z := from; z < le; z++ {
				raw.Add(src[z], z, z+1)
			}
			// The line end before the closing line is not content.
			if le+1 < closeLine {
				raw.Add('\n', le, le+1)
			}
			y = le + 1
		}
		// ...nor is the "\r" of a "\r\n" before it.
		if n := raw.Text.Len(); n > 0 && raw.Text.At(n-1) == '\r' {
			raw = raw.Slice(0, n-1)
		}
		end = closeID + len(id)
	}
	var v *hostlang.Value
	if quote == '\'' {
		v = raw
	} else {
		bd := &hostlang.Body{Escapes: hostlang.Backslash, Escape: phpEscapeFor(0), Holes: phpHoleStart, Hole: phpHole}
		v, _, _ = s.Decode(hostlang.View{B: raw.Text.Bytes(), T: raw.Text}, 0, bd)
	}
	s.EmitLit(hostlang.Literal{Start: i, End: end, Val: v})
	return end, true
}

// php is PHP.
type php struct{}

func (php) String() string         { return "php" }
func (php) Extensions() []string   { return []string{".php"} }
func (php) Lexer() *hostlang.Lexer { return phpLexer }
func (php) Keywords() string {
	return "abstract and as break callable case catch class clone const continue declare default do echo else elseif " +
		"enddeclare endfor endforeach endif endswitch endwhile extends final finally fn for foreach function global " +
		"goto if implements include include_once instanceof insteadof interface namespace new or print private " +
		"protected public readonly require require_once return static switch throw trait try use var while xor yield"
}
func (php) Wrappers() map[string]string { return phpWrappers }
func (php) APIs() []hostlang.API        { return phpAPIs }
func (php) Traits() *hostlang.Traits    { return phpTraits }

var phpWrappers = map[string]string{"sprintf": "printf", "trim": "trim", "ltrim": "ltrim", "rtrim": "rtrim", "strval": "id"}

// phpAPIs: Predis, phpredis, Laravel's Redis facade and connections.
// phpredis takes eval($script, $args, $numKeys).
var phpAPIs = []hostlang.API{
	{Client: "Predis, phpredis, Laravel", Name: "eval", Script: 0, Generic: true,
		Keys: phpEvalKeys},
	{Client: "phpredis", Name: "evalRo", Script: 0, Keys: phpEvalKeys},
	{Client: "Predis, phpredis", Name: "evalsha", Script: hostlang.NoScript},
}

// phpEvalKeys: Predis eval($src, $numkeys, ...$keysAndArgs), phpredis
// eval($src, [$keysAndArgs], $numkeys).
var phpEvalKeys = []hostlang.KeysAt{hostlang.KeysNumArg1, {Arg: 2, Form: hostlang.KeysCount, Args: hostlang.ArgsList, ArgsArg: 1}}

var phpTraits = &hostlang.Traits{
	MemberOps:  []string{"->", "?->", "::"},
	ConcatOp:   ".",
	DefineFunc: "define",
}

// Lang is PHP.
var Lang hostlang.Lang = php{}
