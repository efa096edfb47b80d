package hostlang

import (
	"github.com/lint-lua/lint-lua/internal/srcmap"
)

// File is what Extract found in one host file.
type File struct {
	Lang    Lang
	Scripts []Script
	// Comments are the host file's comments in order, so that
	// suppressions written in its syntax (`# lint-lua: ignore RULE --
	// reason`, `// lint-lua: ignore ...`) can be applied to the scripts.
	Comments []Comment
}

// Comment is one host comment.
type Comment struct {
	// Start and End are the host range of the whole comment, delimiters
	// included.
	Start, End int
	// Text is the comment without its delimiters (`#`, `//`, `/*` and
	// `*/`, `=begin`/`=end`).
	Text string
	// OwnLine is true when nothing but white space precedes it on its
	// line.
	OwnLine bool
}

// FoundByContent is Script.FoundBy for a literal that no script API is
// seen to run, found because its text calls Redis: it may be a whole
// script, or a piece the program joins into one at run time.
const FoundByContent = "content"

// Script is one Redis script found in a host file.
type Script struct {
	// Text is the Lua source, holes replaced by placeholders (see Hole).
	// Empty for a Dynamic script.
	Text string
	// Map maps every byte of Text back to the host file; nil for a
	// Dynamic script.
	Map *srcmap.Text
	// Start and End are the host range of the whole literal expression
	// (for a Dynamic script, of the argument that could not be resolved).
	Start, End int
	// FoundBy is the API that runs the script ("eval", "register_script",
	// "DefaultRedisScript"...), or FoundByContent when only its text shows
	// it is a Redis script.
	FoundBy string
	// Holes are the interpolations and formatting verbs in the text, in
	// order. Each is replaced in Text by a placeholder that keeps the Lua
	// parseable.
	Holes []Hole
	// Dynamic is set when a script API receives a value that cannot be
	// resolved in this file: the script text is unknown.
	Dynamic bool
	// Ref is, for a Dynamic script, the argument's text when it is a plain
	// reference (a name, a field, a call without arguments) that this file
	// does not define: it may be a constant of another file or a
	// parameter, rather than a text built at run time. Empty when the
	// argument visibly builds the text (concatenation with unknown parts,
	// a formatting call with run-time values...).
	Ref string
	// Calls are the visible calls that run or load this script.
	Calls []Call
	// Name is the constant, field, variable or method the script is
	// given to (`RELEASE`, `pop` of a method returning it), if any: a
	// Dynamic script of another file whose Ref ends with the name may be
	// this one (Laravel's `LuaScripts::pop()`).
	Name string
}

// HoleKind says where a hole comes from.
type HoleKind uint8

const (
	// HoleInterp is an interpolation: `${x}`, `#{x}`, `{$x}`, `$x`,
	// f-string and `$"..."` braces.
	HoleInterp HoleKind = iota + 1
	// HoleFormat is a formatting verb filled at run time: `%s`, `%d`,
	// `{}`/`{0}`/`{name}` of a literal, or of a name bound to one,
	// visibly formatted with `%`, `.format`, `String.format`, `sprintf`,
	// `string.Format`... when the file does not know its argument.
	HoleFormat
	// HoleOperand is a non-literal operand of a concatenation:
	// `"a" + x + "b"`.
	HoleOperand
	// HoleParam is a StackExchange.Redis LuaScript.Prepare parameter
	// (`@name`), which the client rewrites to ARGV[i] (and passes in KEYS
	// as well when its value is a RedisKey).
	HoleParam
)

func (k HoleKind) String() string {
	switch k {
	case HoleInterp:
		return "interpolation"
	case HoleFormat:
		return "format"
	case HoleOperand:
		return "operand"
	case HoleParam:
		return "param"
	}
	return "unknown"
}

// Hole is a part of the script text that is only known at run time.
type Hole struct {
	Kind HoleKind
	// Start and End are the host range of the hole: the whole `${x}`,
	// the `%s`, the operand.
	Start, End int
	// Expr is the host expression inside the hole (`x` of `${x}`, the
	// operand), or the parameter name without `@`; empty for a formatting
	// verb.
	Expr string
	// LuaStart and LuaEnd are the placeholder's byte range in the text.
	LuaStart, LuaEnd int
	// Name is the placeholder: an identifier (`__hole1`; `__param_name`
	// for a parameter) written as is where Lua expects an expression or
	// a name, and inside Lua comments; where a statement starts it is
	// written as a call, `__hole1()`, so the text still parses. A Lua
	// string with holes is split at them into a concatenation (`("a" ..
	// __hole1 .. "b")`), so the name stands in code there too; a
	// parameter inside a string stays text. A linter should treat the
	// name as a defined global with an unknown value.
	Name string
	// Call is set when the placeholder is written as a call.
	Call bool
	// Code is set when the placeholder stands in Lua code (a string split
	// at it included), not as text inside a Lua string or comment.
	Code bool
}

// Call is one call that runs or loads a script.
type Call struct {
	// API is the function or method called ("eval", "ScriptEvaluate").
	API string
	// Start and End are the host range of the call, from its name (or
	// `new`) to its closing parenthesis (or the end of its last argument
	// for a Ruby call without parentheses).
	Start, End int
	// Keys is the number of keys the call passes, when the call shows it
	// as a number literal or a literal list; -1 otherwise.
	Keys int
	// KeysStart and KeysEnd are the host range of the expression that
	// gives Keys (the number, the list); zero when Keys is -1.
	KeysStart, KeysEnd int
	// Args is the number of ARGV values the call passes, when its keys
	// are known and it shows its values as a fixed list: values written
	// one by one (none spread, none that the client may expand), or a
	// literal list; -1 otherwise.
	Args int
	// ArgsStart and ArgsEnd are the host range of the list that gives
	// Args, or of the call when the values are written one by one.
	ArgsStart, ArgsEnd int
}
