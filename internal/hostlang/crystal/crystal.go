// Package crystal is the Crystal host language: scripts in strings and
// heredocs (`<<-LUA`) given to crystal-redis. Crystal's literals are
// Ruby's (double-quoted strings with `#{}`, `<<-` heredocs, `%` literals),
// so it reads a file with Ruby's lexer; its single quotes hold one
// character, which that lexer reads as a one-character string.
package crystal

import (
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/ruby"
)

// crystal is Crystal.
type crystal struct{}

// Lang is Crystal.
var Lang hostlang.Lang = crystal{}

func (crystal) String() string              { return "crystal" }
func (crystal) Extensions() []string        { return []string{".cr"} }
func (crystal) Lexer() *hostlang.Lexer      { return ruby.Lang.Lexer() }
func (crystal) Wrappers() map[string]string { return wrappers }
func (crystal) APIs() []hostlang.API        { return apis }
func (crystal) Traits() *hostlang.Traits    { return traits }
func (crystal) Keywords() string {
	return "abstract alias and annotation as begin break case class def do else elsif end ensure enum extend for fun " +
		"if in include lib macro module next nil not of or out private protected require rescue return select self " +
		"struct super then true false type typeof uninitialized union unless until when while with yield"
}

var wrappers = map[string]string{"sprintf": "printf"}

// apis: crystal-redis eval(script, keys = [...], args = [...]) by
// position or name, script_load(script).
var apis = []hostlang.API{
	{Client: "crystal-redis", Name: "eval", Script: 0, Generic: true,
		Keys: []hostlang.KeysAt{{Kw: "keys", Form: hostlang.KeysList, Args: hostlang.ArgsList, ArgsKw: "args", ArgsArg: 2}, hostlang.KeysList1Args2}},
	{Client: "crystal-redis", Name: "script_load", Script: 0},
	{Client: "crystal-redis", Name: "evalsha", Script: hostlang.NoScript},
}

// traits are Ruby's but for adjacent literals, which Crystal does not
// join.
var traits = func() *hostlang.Traits {
	t := *ruby.Lang.Traits()
	t.AdjacentLiterals = false
	return &t
}()
