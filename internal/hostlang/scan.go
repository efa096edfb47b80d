package hostlang

import (
	"bytes"
	"strings"
)

// tokKind is the kind of a host token. The tokenizers know only what the
// expression walker needs: names, string literals, numbers, punctuation
// and, for languages where a line end ends a statement, newlines.
type tokKind uint8

const (
	TkIdent tokKind = iota + 1
	// TkString is a string literal; token.lit indexes scanner.lits.
	TkString
	TkNumber
	TkPunct
	// tkNewline ends a statement (Python, Ruby, Kotlin): emitted only
	// where a line end can end one (not inside brackets, not after a
	// backslash continuation).
	tkNewline
	// tkSep separates the token runs of two interpolation holes in the
	// hole stream.
	tkSep
	// TkOther is a byte that starts no token (stray quotes of a tokenizer
	// that lost its way, backslashes...).
	TkOther
)

// token is one host token: [start, end) in the source.
type token struct {
	Kind       tokKind
	Start, End int
	Lit        int32
}

// maxDepth bounds the nesting of interpolation holes the tokenizers
// descend into (`${`${`...`}`}`); deeper holes are skipped by counting
// braces. It keeps the recursion shallow on hostile input.
const maxDepth = 32

// Scanner is the state shared by the tokenizers.
type Scanner struct {
	Src []byte
	// main is the file's token stream; sub holds the tokens of
	// interpolation holes (at any depth), each hole's run followed by a
	// tkSep, so that literals inside holes can be found too.
	main, sub []token
	Lits      []Literal
	comments  []Comment
	depth     int
	// stack holds the brackets open in the code being tokenized, for the
	// newline rules.
	stack []byte
	// lexer is the language's part of the lexer loop (code).
	lexer *Lexer
	// State is the language's own lexing State for the file (Ruby's
	// heredocs waiting for the next line end), nil until it sets one.
	State any
	// regexBudget is what regexEnd may still read (0: not set yet).
	regexBudget int
}

// inBrackets reports whether the innermost open bracket is ( or [, where
// a line end ends no statement.
func (s *Scanner) inBrackets() bool {
	return len(s.stack) > 0 && s.stack[len(s.stack)-1] != '{'
}

func (s *Scanner) Out() *[]token {
	if s.depth > 0 {
		return &s.sub
	}
	return &s.main
}

func (s *Scanner) Emit(k tokKind, start, end int) {
	o := s.Out()
	*o = append(*o, token{Kind: k, Start: start, End: end, Lit: -1})
}

// EmitLit records a literal and its token.
func (s *Scanner) EmitLit(l Literal) {
	s.Lits = append(s.Lits, l)
	o := s.Out()
	*o = append(*o, token{Kind: TkString, Start: l.Start, End: l.End, Lit: int32(len(s.Lits) - 1)})
}

// emitNewline adds a statement-ending newline unless the last token is one
// already (blank lines and comments give one).
func (s *Scanner) emitNewline(at int) {
	o := s.Out()
	if n := len(*o); n == 0 || (*o)[n-1].Kind == tkNewline {
		return
	}
	*o = append(*o, token{Kind: tkNewline, Start: at, End: at + 1, Lit: -1})
}

// Comment records a Comment spanning [start, end) whose text is
// [tstart, tend).
func (s *Scanner) Comment(start, end, tstart, tend int) {
	if s.depth > 0 {
		return
	}
	tend = max(tstart, min(tend, len(s.Src)))
	s.comments = append(s.comments, Comment{
		Start:   start,
		End:     min(end, len(s.Src)),
		Text:    string(s.Src[tstart:tend]),
		OwnLine: OwnLine(s.Src, start),
	})
}

// code is the lexer loop every language shares: it reads code from i and,
// in a hole, stops at the unmatched '}' and returns its offset. Blanks,
// line ends (and the statements they end), line continuations, numbers and
// punctuation are read here; the language's Token reads the rest, asked
// first at every other byte.
func (s *Scanner) code(i int, hole bool) int {
	src := s.Src
	lx := s.lexer
	if lx.Start != nil {
		i = lx.Start(s, i, hole)
	}
	braces := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			switch lx.Newlines {
			case NewlinesOutsideParens:
				if !s.inBrackets() && !(lx.ContinueAfterOps && s.afterOperator()) {
					s.emitNewline(i)
				}
			case NewlinesOutsideBrackets:
				if len(s.stack) == 0 {
					s.emitNewline(i)
				}
			}
			i++
			if lx.AfterNewline != nil {
				i = lx.AfterNewline(s, i)
			}
			continue
		case isSpace(c):
			i++
			continue
		case lx.LineContinuation && c == '\\' && i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r'):
			i += 2
			if i < len(src) && src[i-1] == '\r' && src[i] == '\n' {
				i++
			}
			continue
		}
		switch next, r := lx.Token(s, i, hole); r {
		case ReadToken:
			i = next
			continue
		case End:
			return next
		}
		if isDigit(c) || !lx.NoDotNumbers && c == '.' && i+1 < len(src) && isDigit(src[i+1]) {
			i = s.number(i)
			continue
		}
		var done bool
		if i, done = s.holePunct(i, hole, &braces); done {
			return i
		}
	}
	return i
}

// afterOperator reports whether the last token is an operator that a
// line end cannot follow at a statement's end (anything but a closing
// bracket).
func (s *Scanner) afterOperator() bool {
	o := *s.Out()
	if len(o) == 0 || o[len(o)-1].Kind != TkPunct {
		return false
	}
	t := o[len(o)-1]
	c := s.Src[t.Start]
	return !(t.End-t.Start == 1 && (c == ')' || c == ']' || c == '}'))
}

// The cases several languages' Token functions share.

// SlashComment reads the `//` line comment or the `/* */` block comment
// (nested when nested is set, as Kotlin's are) at i and returns the index
// after it.
func (s *Scanner) SlashComment(i int, nested bool) int {
	if s.Src[i+1] == '/' {
		e := LineEnd(s.Src, i)
		s.Comment(i, e, i+2, e)
		return e
	}
	e, te := blockCommentEnd(s.Src, i, nested)
	s.Comment(i, e, i+2, te)
	return e
}

// number reads the number at i and returns the index after it.
func (s *Scanner) number(i int) int {
	e := numberEnd(s.Src, i)
	s.Emit(TkNumber, i, e)
	return e
}

// holePunct reads the punctuation at i. Inside an interpolation hole
// (hole set) it counts the braces opened there, and the `}` that closes
// the hole ends it: done is then set and i is that brace.
func (s *Scanner) holePunct(i int, hole bool, braces *int) (next int, done bool) {
	if hole {
		switch s.Src[i] {
		case '{':
			*braces++
		case '}':
			if *braces == 0 {
				return i, true
			}
			*braces--
		}
	}
	return s.Punct(i), false
}

// OwnLine reports whether only blanks precede offset i on its line.
func OwnLine(src []byte, i int) bool {
	for j := i - 1; j >= 0; j-- {
		switch src[j] {
		case ' ', '\t', '\f', '\v', '\r':
		case '\n':
			return true
		default:
			return false
		}
	}
	return true
}

func IsIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func IsIdentPart(c byte) bool {
	return IsIdentStart(c) || c >= '0' && c <= '9'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'
}

// WordEnd returns the end of the identifier starting at i (extra bytes
// such as `$` count as identifier bytes too).
func WordEnd(src []byte, i int, extra string) int {
	for i < len(src) && (IsIdentPart(src[i]) || extra != "" && strings.IndexByte(extra, src[i]) >= 0) {
		i++
	}
	return i
}

// numberEnd returns the end of the number starting at i: digits, letters
// (hex digits, suffixes, exponents), underscores and dots followed by a
// digit; an exponent's sign.
func numberEnd(src []byte, i int) int {
	for i < len(src) {
		c := src[i]
		switch {
		case IsIdentPart(c):
			if (c == 'e' || c == 'E' || c == 'p' || c == 'P') && i+1 < len(src) && (src[i+1] == '+' || src[i+1] == '-') && !bytes.HasPrefix(src[max(0, i-1):], []byte("0x")) {
				i += 2
				continue
			}
			i++
		case c == '.' && i+1 < len(src) && isDigit(src[i+1]):
			i++
		default:
			return i
		}
	}
	return i
}

// punctEnd returns the end of the operator starting at i: the
// multi-byte operators the walker tells apart (`->`, `=>`, `::`, `==`,
// `||`, `??`, `?.`, `<<`, `...`...), anything else one byte.
func punctEnd(src []byte, i int) int {
	var c1, c2 byte
	if i+1 < len(src) {
		c1 = src[i+1]
	}
	if i+2 < len(src) {
		c2 = src[i+2]
	}
	switch src[i] {
	case '.':
		if c1 == '.' {
			if c2 == '.' {
				return i + 3
			}
			return i + 2
		}
		if c1 == '=' {
			return i + 2
		}
	case '=':
		if c1 == '=' {
			if c2 == '=' {
				return i + 3
			}
			return i + 2
		}
		if c1 == '>' {
			return i + 2
		}
	case '!':
		if c1 == '=' {
			if c2 == '=' {
				return i + 3
			}
			return i + 2
		}
		if c1 == '!' {
			return i + 2
		}
	case '*':
		if c1 == '*' && c2 == '=' {
			return i + 3
		}
		if c1 == '=' {
			return i + 2
		}
	case '<':
		if c1 == '<' && c2 == '=' || c1 == '=' && c2 == '>' {
			return i + 3
		}
		if c1 == '<' || c1 == '=' {
			return i + 2
		}
	case '>':
		if c1 == '>' && c2 == '=' {
			return i + 3
		}
		if c1 == '>' || c1 == '=' {
			return i + 2
		}
	case '?':
		if c1 == '?' && c2 == '=' || c1 == '-' && c2 == '>' {
			return i + 3
		}
		if c1 == '?' || c1 == '.' || c1 == ':' {
			return i + 2
		}
	case '-':
		if c1 == '>' || c1 == '=' || c1 == '-' {
			return i + 2
		}
	case ':':
		if c1 == ':' {
			return i + 2
		}
	case '&':
		if c1 == '&' || c1 == '.' || c1 == '=' {
			return i + 2
		}
	case '|':
		if c1 == '|' || c1 == '=' {
			return i + 2
		}
	case '+':
		if c1 == '=' || c1 == '+' {
			return i + 2
		}
	case '/', '%':
		if c1 == '=' {
			return i + 2
		}
	}
	return i + 1
}

// Punct tokenizes the operator at i, tracking brackets, and returns its end.
func (s *Scanner) Punct(i int) int {
	e := punctEnd(s.Src, i)
	switch c := s.Src[i]; c {
	case '(', '[', '{':
		if len(s.stack) < 1<<16 {
			s.stack = append(s.stack, c)
		}
	case ')', ']', '}':
		if len(s.stack) > 0 {
			s.stack = s.stack[:len(s.stack)-1]
		}
	}
	s.Emit(TkPunct, i, e)
	return e
}

// LineEnd returns the offset of the next '\n' at or after i, or len(src).
func LineEnd(src []byte, i int) int {
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(src)
}

// blockCommentEnd returns the end of the block comment opened at i
// (`/*`), nested ones counted when nested is set (Kotlin, Rust-like), and
// the end of its text.
func blockCommentEnd(src []byte, i int, nested bool) (end, textEnd int) {
	depth := 0
	j := i
	for j < len(src) {
		if j+1 < len(src) && src[j] == '/' && src[j+1] == '*' {
			if depth == 0 || nested {
				depth++
			}
			j += 2
			continue
		}
		if j+1 < len(src) && src[j] == '*' && src[j+1] == '/' {
			depth--
			j += 2
			if depth == 0 {
				return j, j - 2
			}
			continue
		}
		j++
	}
	return len(src), len(src)
}

// skipHoleNaive returns the index of the '}' closing a hole whose content
// starts at i, counting braces and skipping simple quoted strings. It is
// used past maxDepth, where the tokenizers stop descending.
func skipHoleNaive(src []byte, i int) int {
	depth := 0
	for i < len(src) {
		switch c := src[i]; c {
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return i
			}
			depth--
		case '"', '\'', '`':
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			i = j
		}
		i++
	}
	return len(src)
}

// Literal is one string Literal token's decoded value.
type Literal struct {
	// Start and End are the host range of the token (a Ruby heredoc's
	// opener, `<<~LUA`).
	Start, End int
	// BodyStart and BodyEnd are a Ruby heredoc's body, written on the
	// lines after its opener; zero otherwise.
	BodyStart, BodyEnd int
	Val                *Value
}

// CharLiteral reads a char literal ('x', '\n', '\u0041') as a number-like
// operand; a lone quote is one byte.
func (s *Scanner) CharLiteral(i int) int {
	src := s.Src
	j := i + 1
	for j < len(src) && j < i+12 && src[j] != '\'' && src[j] != '\n' {
		if src[j] == '\\' {
			j++
		}
		j++
	}
	if j < len(src) && src[j] == '\'' {
		s.Emit(TkNumber, i, j+1)
		return j + 1
	}
	s.Emit(TkOther, i, i+1)
	return i + 1
}

// Hashbang reads a `#!` line at the file's start as a comment.
func Hashbang(s *Scanner, i int, _ bool) int {
	src := s.Src
	if i == 0 && len(src) > 1 && src[0] == '#' && src[1] == '!' {
		e := LineEnd(src, 0)
		s.Comment(0, e, 2, e)
		i = e
	}
	return i
}

// RegexEnd returns the end of the regular expression literal at i (with
// its flags), or false when the line ends first. The bytes it reads are
// counted against a budget of a few times the file's size: once spent,
// a slash is a division, which keeps a long line of slashes and
// brackets linear.
func (s *Scanner) RegexEnd(i int) (int, bool) {
	if s.regexBudget == 0 {
		s.regexBudget = 4*len(s.Src) + 4096
	}
	if s.regexBudget < 0 {
		return 0, false
	}
	e, ok := jsRegexEnd(s.Src, i)
	s.regexBudget -= e - i
	if s.regexBudget == 0 {
		s.regexBudget = -1
	}
	return e, ok
}

// jsRegexEnd returns the end of the regular expression literal at i (with
// its flags), or false and where it stopped when the line ends first.
func jsRegexEnd(src []byte, i int) (int, bool) {
	j := i + 1
	class := false
	// A regular expression longer than this is taken for a division.
	for j < len(src) && j < i+maxRegex {
		switch src[j] {
		case '\\':
			j++
		case '[':
			class = true
		case ']':
			class = false
		case '/':
			if !class {
				return WordEnd(src, j+1, ""), true
			}
		case '\n', '\r':
			return j, false
		}
		j++
	}
	return min(j, len(src)), false
}

const maxRegex = 4096
