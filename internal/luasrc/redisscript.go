package luasrc

import (
	"bytes"
	"strings"
)

// Evidence is what shows a Lua text to be a script Redis runs
// (RedisEvidence): the name read and the 1-based line it is on.
type Evidence struct {
	// What is the text that shows it: "KEYS", "ARGV", "redis.call",
	// "server.pcall", "redis.register_function", "#!lua" (the shebang of
	// a Functions library or of an EVAL script with flags).
	What string
	Line int
}

// redisAPI are the fields of the redis (and Valkey's server) global that
// scripts use: a global `redis` or `server` indexed with one of them is
// Redis's, while a program's own `redis` (OpenResty's
// `local redis = require "resty.redis"`, `redis:new()`) is not.
var redisAPI = map[string]bool{
	"call": true, "pcall": true, "sha1hex": true, "error_reply": true, "status_reply": true,
	"log": true, "LOG_DEBUG": true, "LOG_VERBOSE": true, "LOG_NOTICE": true, "LOG_WARNING": true,
	"setresp": true, "set_repl": true, "replicate_commands": true, "breakpoint": true, "debug": true,
	"REPL_ALL": true, "REPL_AOF": true, "REPL_REPLICA": true, "REPL_SLAVE": true, "REPL_NONE": true,
	"register_function": true, "acl_check_cmd": true, "REDIS_VERSION": true, "REDIS_VERSION_NUM": true,
	"SERVER_VERSION": true, "SERVER_VERSION_NUM": true, "SERVER_NAME": true,
}

// RedisEvidence reports whether src, a Lua text, shows that it is a script
// Redis runs (an EVAL script or a Functions library), and the first thing
// that shows it. The evidence is what only such a script reads:
//
//   - the globals KEYS or ARGV (read, not assigned: `KEYS[1]`,
//     `local keys = KEYS`);
//   - the global redis, or Valkey's server, indexed with a field of the
//     scripting API (`redis.call`, `local rcall = redis.call`,
//     `redis.register_function`, `server.pcall`);
//   - a `#!lua` first line (a Functions library's `#!lua name=lib`, an
//     EVAL script's `#!lua flags=no-writes`).
//
// A name counts only as a global: a file that binds it anywhere (`local
// KEYS = {...}` in a game, `local redis = require "resty.redis"` in an
// OpenResty handler, a parameter named redis) does not show it by that
// name. Names in comments and strings never count, so an OpenResty handler
// that sends a script with `red:eval("return redis.call(...)", ...)` is
// not a script itself. A field (`t.KEYS`), a table key (`{KEYS = 1}`) and
// a method call (`redis:new()`) do not count either.
//
// The text is read by a small lexer that knows Lua's comments, strings and
// long brackets, not by the parser, so that a file with a syntax error is
// judged too. Where the lexer is unsure (a string or comment that does not
// end), it reports evidence when one of the texts that mark a script
// (`redis.call`, `KEYS[`...) is written anywhere in src: a file that may be
// a script is linted, and its syntax error is reported.
func RedisEvidence(src []byte) (Evidence, bool) {
	if bytes.HasPrefix(src, []byte("\xEF\xBB\xBF")) {
		src = src[3:]
	}
	if bytes.HasPrefix(src, []byte("#!lua")) {
		return Evidence{What: "#!lua", Line: 1}, true
	}
	toks, complete := evidenceTokens(src)
	if !complete {
		for _, n := range []string{"KEYS[", "ARGV[", "redis.call", "redis.pcall", "server.call", "server.pcall", "redis.register_function"} {
			if i := bytes.Index(src, []byte(n)); i >= 0 {
				return Evidence{What: strings.TrimSuffix(n, "["), Line: bytes.Count(src[:i], []byte("\n")) + 1}, true
			}
		}
	}
	bound := boundNames(toks)
	for i, t := range toks {
		if t.kind != 'n' || bound[t.text] {
			continue
		}
		if i > 0 && (toks[i-1].text == "." || toks[i-1].text == ":") {
			continue // a field or a method, not the global
		}
		next := func(k int) string {
			if i+k < len(toks) {
				return toks[i+k].text
			}
			return ""
		}
		switch t.text {
		case "KEYS", "ARGV":
			if next(1) != "=" {
				return Evidence{What: t.text, Line: t.line}, true
			}
		case "redis", "server":
			if next(1) == "." && redisAPI[next(2)] {
				return Evidence{What: t.text + "." + next(2), Line: t.line}, true
			}
		}
	}
	return Evidence{}, false
}

// evidenceToken is a name (kind 'n') or a punctuation or other word (kind
// 'p') of the text, with its line.
type evidenceToken struct {
	kind byte
	text string
	line int
}

// evidenceTokens lexes src into names and punctuation, skipping comments,
// strings and numbers; complete is false when a string or comment does not
// end (then the tokens stop there).
func evidenceTokens(src []byte) (toks []evidenceToken, complete bool) {
	n := len(src)
	i, line := 0, 1
	if i < n && src[i] == '#' {
		i = lineEnd(src, i) // a shebang line
	}
	// skip moves i to end, counting the line breaks on the way.
	skip := func(end int) {
		line += bytes.Count(src[i:end], []byte("\n"))
		i = end
	}
	for i < n {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			start := i
			for i++; i < n && isIdentByte(src[i]); i++ {
			}
			toks = append(toks, evidenceToken{kind: 'n', text: string(src[start:i]), line: line})
		case '0' <= c && c <= '9' || c == '.' && i+1 < n && '0' <= src[i+1] && src[i+1] <= '9':
			for i < n && (isIdentByte(src[i]) || src[i] == '.' ||
				(src[i] == '+' || src[i] == '-') && (src[i-1] == 'e' || src[i-1] == 'E')) {
				i++
			}
			toks = append(toks, evidenceToken{kind: 'p', text: "0", line: line})
		case c == '-' && i+1 < n && src[i+1] == '-':
			if lvl, ok := LongBracket(src, i+2); ok {
				end, ok := longEnd(src, i+2, lvl)
				if !ok {
					return toks, false
				}
				skip(end)
				continue
			}
			i = lineEnd(src, i)
		case c == '[':
			lvl, ok := LongBracket(src, i)
			if !ok {
				toks = append(toks, evidenceToken{kind: 'p', text: "[", line: line})
				i++
				continue
			}
			end, ok := longEnd(src, i, lvl)
			if !ok {
				return toks, false
			}
			skip(end)
			toks = append(toks, evidenceToken{kind: 'p', text: "\"", line: line})
		case c == '"' || c == '\'':
			end, ok := quotedEnd(src, i)
			if !ok {
				return toks, false
			}
			skip(end)
			toks = append(toks, evidenceToken{kind: 'p', text: "\"", line: line})
		default:
			// Two-byte operators whose first byte alone means something
			// else here: `==` is no assignment, `..` no field access.
			if i+1 < n && (c == '=' || c == '.' || c == '~' || c == '<' || c == '>') && (src[i+1] == '=' || c == '.' && src[i+1] == '.') {
				toks = append(toks, evidenceToken{kind: 'p', text: string(src[i : i+2]), line: line})
				i += 2
				continue
			}
			toks = append(toks, evidenceToken{kind: 'p', text: string(c), line: line})
			i++
		}
	}
	return toks, true
}

// boundNames are the names toks declare anywhere: after local (and local
// function), as a function's parameters, and as a for loop's variables.
func boundNames(toks []evidenceToken) map[string]bool {
	bound := map[string]bool{}
	// names binds the comma-separated names from toks[i], and returns the
	// index after them.
	names := func(i int) int {
		for i < len(toks) && toks[i].kind == 'n' {
			bound[toks[i].text] = true
			if i+1 < len(toks) && toks[i+1].text == "," {
				i += 2
				continue
			}
			return i + 1
		}
		return i
	}
	for i := 0; i < len(toks); i++ {
		switch t := toks[i]; {
		case t.kind != 'n':
		case t.text == "local" && i+1 < len(toks) && toks[i+1].text == "function":
			if i+2 < len(toks) && toks[i+2].kind == 'n' {
				bound[toks[i+2].text] = true
			}
		case t.text == "local", t.text == "for":
			names(i + 1)
		case t.text == "function":
			// function [name {. name} [: name]] ( params )
			j := i + 1
			for j < len(toks) && toks[j].text != "(" && j-i < 64 {
				j++
			}
			if j < len(toks) && toks[j].text == "(" {
				names(j + 1)
			}
		}
	}
	return bound
}
