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

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"
)

// Lang is a host language.
type Lang uint8

// The host languages. TypeScript is JavaScript's tokenizer; the constant
// keeps the name for messages and configuration.
const (
	Python Lang = iota + 1
	JavaScript
	TypeScript
	Java
	Kotlin
	PHP
	Ruby
	CSharp
)

// Langs lists every language, in a stable order.
var Langs = []Lang{Python, JavaScript, TypeScript, Java, Kotlin, PHP, Ruby, CSharp}

var langNames = [...]string{
	Python:     "python",
	JavaScript: "javascript",
	TypeScript: "typescript",
	Java:       "java",
	Kotlin:     "kotlin",
	PHP:        "php",
	Ruby:       "ruby",
	CSharp:     "csharp",
}

// String is the language's configuration name ("python", "csharp"...).
func (l Lang) String() string {
	if int(l) < len(langNames) && langNames[l] != "" {
		return langNames[l]
	}
	return "unknown"
}

// ParseLang is the inverse of String.
func ParseLang(s string) (Lang, bool) {
	for _, l := range Langs {
		if l.String() == s {
			return l, true
		}
	}
	return 0, false
}

// extLangs maps file extensions to languages. Declaration files (.d.ts)
// hold no code and are TypeScript too: their literals are types, which the
// API and content tests leave alone.
var extLangs = map[string]Lang{
	".py":   Python,
	".js":   JavaScript,
	".mjs":  JavaScript,
	".cjs":  JavaScript,
	".jsx":  JavaScript,
	".ts":   TypeScript,
	".mts":  TypeScript,
	".cts":  TypeScript,
	".tsx":  TypeScript,
	".java": Java,
	".kt":   Kotlin,
	".kts":  Kotlin,
	".php":  PHP,
	".rb":   Ruby,
	".rake": Ruby,
	".cs":   CSharp,
}

// LangOf is the language of a file, from its extension.
func LangOf(path string) (Lang, bool) {
	ext := strings.ToLower(filepath.Ext(path))
	l, ok := extLangs[ext]
	return l, ok
}

// Extensions lists the file extensions LangOf knows, sorted, for a
// directory walk.
func Extensions() []string {
	return slices.Sorted(maps.Keys(extLangs))
}

// LineComment is the marker of a line comment in the language, which a
// `lint-lua: ignore` comment written in the host file follows ("#" in
// Python and Ruby, "//" elsewhere, PHP included).
func (l Lang) LineComment() string {
	switch l {
	case Python, Ruby:
		return "#"
	}
	return "//"
}
