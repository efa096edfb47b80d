// Package hostlang finds the Redis Lua scripts that live in the string
// literals of host-language source files (Python, JavaScript, TypeScript,
// Java, Kotlin, PHP, Ruby, C#) and returns each script's exact Lua text with
// a map from every Lua byte back to the host file.
//
// A script is a literal expression passed to a known script API (redis-py
// `register_script`, ioredis `defineCommand`, Jedis `eval`, Spring's
// `DefaultRedisScript`, StackExchange.Redis `ScriptEvaluate`...), directly
// or through a same-file constant, field, variable or method returning it,
// or a literal whose text is evidently a Redis script (it calls
// `redis.call` or reads `KEYS[`). Nothing is compiled or run: each language
// has a tokenizer that knows its string literals, comments and call shapes,
// and a shared expression walker over the tokens resolves concatenations,
// same-file names and formatting.
//
// Extract never panics and never loops on any input, and every position it
// returns lies inside the file; MayHoldScript is a cheap byte scan that
// rejects files that cannot hold a script before any tokenizing.
package hostlang

import "slices"

// Language is a host language: everything the shared lexer loop and the
// shared walker know of it. A language is added by implementing it and
// listing the value in the registry (package langs); nothing else names
// it.
type Language interface {
	// String is the language's configuration name ("python", "csharp"...).
	String() string
	// Extensions are the file extensions of the language, with the dot.
	Extensions() []string
	// Lexer is the language's part of the shared lexer loop.
	Lexer() *Lexer
	// Keywords are the reserved words that cannot name a value, separated
	// by blanks: an expression neither starts nor continues with one.
	Keywords() string
	// Wrappers are the functions that take a string and return it
	// transformed: the key is the call's text without blanks, the value
	// the transform ("dedent", "printf", "braces", "trim", "id"...).
	Wrappers() map[string]string
	// APIs are the language's script APIs (their Lang is set by the
	// table).
	APIs() []API
	// Traits are the syntax the walker asks about.
	Traits() *Traits
}

// Lang is a host language, as configuration and the driver name it.
type Lang = Language

// Lexer is a language's part of the shared lexer loop (scanner.code): the
// loop reads blanks, line ends, numbers and punctuation itself and asks
// Token for everything else.
type Lexer struct {
	// Start, when set, is called each time the loop starts reading code at
	// i (hole: inside an interpolation hole) and returns where code starts
	// (after a hashbang line, after PHP's inline HTML).
	Start func(s *Scanner, i int, hole bool) int
	// Token reads the language's token at i (a string, a comment, a name)
	// and returns the index after it and Read, or NotRead to leave the
	// byte to the loop; End stops the loop (Ruby's __END__).
	Token func(s *Scanner, i int, hole bool) (int, Read)
	// AfterNewline, when set, is called after each line end at i and
	// returns where reading goes on (Ruby's heredoc bodies).
	AfterNewline func(s *Scanner, i int) int
	// Newlines says where a line end ends a statement.
	Newlines Newlines
	// LineContinuation: a backslash before a line end joins the lines.
	LineContinuation bool
	// ContinueAfterOps: a line end after an operator (`=`, `+`, `,`...)
	// ends no statement (Scala).
	ContinueAfterOps bool
	// NoDotNumbers: `.5` is no number (Ruby).
	NoDotNumbers bool
}

// Read is what a Lexer's Token did.
type Read uint8

const (
	// NotRead leaves the byte to the loop.
	NotRead Read = iota
	// ReadToken read a token; the loop goes on after it.
	ReadToken
	// End stops the loop at the index returned.
	End
)

// Newlines says where a line end ends a statement.
type Newlines uint8

const (
	// NewlinesNever: statements end at `;` or braces only.
	NewlinesNever Newlines = iota
	// NewlinesOutsideParens: a line end ends one unless ( or [ is open
	// (Kotlin, Ruby).
	NewlinesOutsideParens
	// NewlinesOutsideBrackets: a line end ends one unless any bracket is
	// open (Python).
	NewlinesOutsideBrackets
)

// Spread says when a value written as one call argument may reach Redis
// as several.
type Spread uint8

const (
	// SpreadNever: an argument is one value (or a spread the walker sees).
	SpreadNever Spread = iota
	// SpreadArrays: an array anywhere in the arguments is flattened
	// (ioredis).
	SpreadArrays
	// SpreadLoneArray: a lone array given to a varargs parameter is the
	// values themselves (Java).
	SpreadLoneArray
)

// Traits are the syntax of a language that the walker asks about. The
// zero value is a C-like language: braces, `+` joins strings, `.` reaches
// members.
type Traits struct {
	// LineComment starts a comment that runs to the end of the line,
	// where lint-lua --add-ignore and the editor's "ignore" action write
	// an ignore: "#", "--"; empty is "//".
	LineComment string
	// MemberOps are the operators that reach a member: `.`, `?.`, `->`,
	// `::`, `&.`.
	MemberOps []string
	// ConcatOp is the operator that joins strings, `+` or `.`; `+=` or
	// `.=` appends.
	ConcatOp string
	// ShiftAppends: `s << "..."` appends to s and `a << b` joins.
	ShiftAppends bool
	// AdjacentLiterals: literals written side by side are joined.
	AdjacentLiterals bool
	// PercentFormat: `"..." % args` formats the text.
	PercentFormat bool
	// FormatMethod is what `"...".format(args)` does: "braces" (Python's
	// str.format), "printf" (Kotlin's String.format), or "" (no such
	// method).
	FormatMethod string
	// FormatKeywords: str.format's keyword arguments fill the fields of
	// their name.
	FormatKeywords bool
	// PrintfNewline: `%n` is a line end in printf formats.
	PrintfNewline bool
	// NonNullBang: a postfix `!` asserts a value is not null (TypeScript).
	NonNullBang bool
	// Generics: `<...>` can be a type argument list.
	Generics bool
	// Untyped: no type is written before a declared name, so a name before
	// a name declares nothing.
	Untyped bool
	// ColonReturnTypes: `f(...): T {` declares f.
	ColonReturnTypes bool
	// BareConstructors: a constructor is called without `new`.
	BareConstructors bool
	// DefFunctions: `def name(...)` declares a function.
	DefFunctions bool
	// LineBlocks: blocks are lines (no braces), so a statement written
	// left of an assignment's line is outside the assignment's block.
	LineBlocks bool
	// KeywordBlocks: `then` and `begin` open a block body, and `def name
	// NL expr NL end` returns expr.
	KeywordBlocks bool
	// StatementModifiers: `stmt if cond` and `stmt unless cond` run stmt
	// under a condition.
	StatementModifiers bool
	// TrailingConditions: `x = a if c` or `x = a if c else b` binds x
	// under a condition.
	TrailingConditions bool
	// CommandCalls: a call needs no parentheses (`eval script, keys`).
	CommandCalls bool
	// ArrowLambdas: `=>` writes a lambda, not the value of a key.
	ArrowLambdas bool
	// ArrowProperties: `Name => expr` declares a property with expr's
	// value.
	ArrowProperties bool
	// Symbols: `:name` is a symbol, and `:name => v` names a value.
	Symbols bool
	// NamedArgsEqual: `f(a, name = v)` passes a named argument, no
	// binding.
	NamedArgsEqual bool
	// NoColonNamedArgs: `name: v` in arguments is no named argument (a
	// dict's or an annotation's colon).
	NoColonNamedArgs bool
	// QuotedKeys: `"name": v` in arguments names a field.
	QuotedKeys bool
	// DefineFunc, when set, is the function that declares a constant:
	// `define('NAME', v)`.
	DefineFunc string
	// BraceArrays: `{a, b}` is an array initializer.
	BraceArrays bool
	// Tuples: `(a, b)` is a tuple, `(a)` a parenthesis.
	Tuples bool
	// Spread says when one argument may reach Redis as several values.
	Spread Spread
	// APIOnly: a literal is a script only when a script API receives it,
	// never by its text (Lua hosting Lua: a Redis script's own strings
	// name KEYS).
	APIOnly bool
	// AttrBindings: `@name value` at a statement's start binds name (an
	// Elixir module attribute), read back as `@name`.
	AttrBindings bool
	// PrefixCalls: a call is a list, `(f a b)`, which the language's
	// lexer writes as the tokens `f ( a b )`; its arguments are the forms
	// after the name, with no commas between them (a token, a bracketed
	// group, a call, each with its reader prefixes `'`, `#`, `@`, `^`),
	// and `(def name value)` binds name (Lisps: Clojure).
	PrefixCalls bool
	// MacroCalls: `name!(...)` and `name![...]` call the macro name (a
	// wrapper when Wrappers names it).
	MacroCalls bool
	// AnnotationOps are the operators a type annotation (`name: T =`)
	// may hold besides names, `.`, `<>`, `?`, `[]`, `,` and `|` (Rust's
	// `&'static str`, `std::string::String`).
	AnnotationOps []string
	// ScriptObject, when set, is how a script object created by an API
	// (`Creates`) is run by calling it (redis-py's Script.__call__).
	ScriptObject *API
}

// member reports whether op reaches a member.
func (t *Traits) member(op string) bool { return slices.Contains(t.MemberOps, op) }

// LineComment is what starts a line comment in l (Traits.LineComment).
func LineComment(l Lang) string {
	if c := l.Traits().LineComment; c != "" {
		return c
	}
	return "//"
}
