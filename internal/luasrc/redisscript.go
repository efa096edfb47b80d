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
	var sc evidenceScan
	if !sc.scan(src) {
		for _, n := range []string{"KEYS[", "ARGV[", "redis.call", "redis.pcall", "server.call", "server.pcall", "redis.register_function"} {
			if i := bytes.Index(src, []byte(n)); i >= 0 {
				return Evidence{What: strings.TrimSuffix(n, "["), Line: bytes.Count(src[:i], []byte("\n")) + 1}, true
			}
		}
	}
	best := -1
	for k, c := range sc.first {
		if c.seen && !sc.bound[k] && (best < 0 || c.order < sc.first[best].order) {
			best = k
		}
	}
	if best < 0 {
		return Evidence{}, false
	}
	c := sc.first[best]
	what := evidenceNames[best]
	if c.field != "" {
		what += "." + c.field
	}
	return Evidence{What: what, Line: c.line}, true
}

// evidenceNames are the globals that show a script, by index.
var evidenceNames = [4]string{"KEYS", "ARGV", "redis", "server"}

// evidenceName returns the index of name in evidenceNames, or -1.
func evidenceName(name []byte) int {
	if len(name) < 4 || len(name) > 6 {
		return -1
	}
	for i, n := range evidenceNames {
		if string(name) == n {
			return i
		}
	}
	return -1
}

// evidenceToken is a name (kind 'n'), a string ('s'), a number ('0'), or
// a punctuation (kind 'p'), as offsets into the text. code says what the
// scan asks of it without comparing text: for a name, 'L', 'F' or 'R' for
// the words local, function and for, 'n' for another; for a punctuation
// of one byte, the byte; of two ('==', '..', '<=', ...), '2'. name is the
// index of a name in evidenceNames, or -1.
type evidenceToken struct {
	kind, code byte
	name       int8
	start, end int
	line       int
}

// nameToken is the name token src[start:end].
func nameToken(src []byte, start, end, line int) evidenceToken {
	t := evidenceToken{kind: 'n', code: 'n', name: int8(evidenceName(src[start:end])), start: start, end: end, line: line}
	switch string(src[start:end]) {
	case "local":
		t.code = 'L'
	case "function":
		t.code = 'F'
	case "for":
		t.code = 'R'
	}
	return t
}

// evidenceScan reads a text's tokens one at a time, without keeping them:
// a window of four tokens (the one before a candidate, the candidate and
// the two after it) and the state of the declaration being read. The
// window is a ring (token k at ring[k%4]), so that a token is written once
// rather than moved along a window at every token after it.
type evidenceScan struct {
	src  []byte
	ring [4]evidenceToken
	n    int // tokens pushed
	// first is, per name of evidenceNames, its first use that shows a
	// script, and bound says the text binds the name somewhere.
	first [4]evidenceCandidate
	bound [4]bool
	// state is what the declaration read so far binds next; funcToks
	// counts the tokens since a function's `function`.
	state    bindState
	funcToks int
}

type evidenceCandidate struct {
	seen  bool
	order int
	line  int
	field string
}

type bindState uint8

const (
	bindNone       bindState = iota
	bindAfterLocal           // `local`: a name list, or `function` and a name
	bindLocalFunc            // `local function`: its name
	bindNames                // a name of a list (for's, a parameter list)
	bindComma                // after a name of a list: `,` continues it
	bindFuncName             // `function`: its name, up to the parameters
)

// text is the text of t.
func (sc *evidenceScan) text(t *evidenceToken) []byte { return sc.src[t.start:t.end] }

// push takes the next token: it writes it in the ring and judges the token
// that now has two after it, and follows the declarations.
func (sc *evidenceScan) push(t evidenceToken) {
	r := &sc.ring[sc.n&3]
	*r = t
	sc.n++
	sc.bind(r)
	if sc.n >= 3 {
		sc.judge(sc.n - 3)
	}
}

// judge looks at the token of order i, with the token before it and the
// two after it.
func (sc *evidenceScan) judge(i int) {
	t := &sc.ring[i&3]
	k := int(t.name)
	if t.kind != 'n' || k < 0 || sc.first[k].seen {
		return
	}
	prev, next, next2 := &sc.ring[(i-1)&3], &sc.ring[(i+1)&3], &sc.ring[(i+2)&3]
	if i > 0 && (prev.code == '.' || prev.code == ':') {
		return // a field or a method, not the global
	}
	c := evidenceCandidate{seen: true, order: i, line: t.line}
	switch k {
	case 0, 1: // KEYS, ARGV
		if next.code == '=' {
			return // assigned, or a table's key
		}
	default: // redis, server
		if next.code != '.' || next2.kind != 'n' || !redisAPI[string(sc.text(next2))] {
			return
		}
		c.field = string(sc.text(next2))
	}
	sc.first[k] = c
}

// bind follows the declarations: the names after local (and local
// function), a function's parameters and a for loop's variables.
func (sc *evidenceScan) bind(t *evidenceToken) {
	name := t.kind == 'n'
	switch sc.state {
	case bindAfterLocal:
		switch {
		case t.code == 'F':
			sc.state = bindLocalFunc
			return
		case name:
			sc.bindName(t)
			sc.state = bindComma
			return
		}
	case bindLocalFunc:
		if name {
			sc.bindName(t)
			sc.state, sc.funcToks = bindFuncName, 2 // then its parameters
			return
		}
	case bindNames:
		if name {
			sc.bindName(t)
			sc.state = bindComma
			return
		}
	case bindComma:
		if t.code == ',' {
			sc.state = bindNames
			return
		}
	case bindFuncName:
		// The name (a.b:c) up to the parameters; in a text that does not
		// parse, at most 64 tokens of anything.
		if t.code == '(' {
			sc.state = bindNames
			return
		}
		if sc.funcToks++; sc.funcToks < 64 {
			return
		}
	}
	// Not part of the declaration being read: this token may start one.
	sc.state = bindNone
	switch t.code {
	case 'L':
		sc.state = bindAfterLocal
	case 'R':
		sc.state = bindNames
	case 'F':
		sc.state, sc.funcToks = bindFuncName, 1
	}
}

func (sc *evidenceScan) bindName(t *evidenceToken) {
	if t.name >= 0 {
		sc.bound[t.name] = true
	}
}

// scan lexes src, skipping comments and the insides of strings and
// numbers, and pushes each token; it returns false when a string or
// comment does not end (the tokens stop there).
func (sc *evidenceScan) scan(src []byte) bool {
	sc.src = src
	defer func() {
		// Two tokens of nothing after the last, so that it is judged.
		sc.push(evidenceToken{kind: 's', name: -1})
		sc.push(evidenceToken{kind: 's', name: -1})
	}()
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
			sc.push(nameToken(src, start, i, line))
		case '0' <= c && c <= '9' || c == '.' && i+1 < n && '0' <= src[i+1] && src[i+1] <= '9':
			for i < n && (isIdentByte(src[i]) || src[i] == '.' ||
				(src[i] == '+' || src[i] == '-') && (src[i-1] == 'e' || src[i-1] == 'E')) {
				i++
			}
			sc.push(evidenceToken{kind: '0', name: -1, line: line})
		case c == '-' && i+1 < n && src[i+1] == '-':
			if lvl, ok := LongBracket(src, i+2); ok {
				end, ok := longEnd(src, i+2, lvl)
				if !ok {
					return false
				}
				skip(end)
				continue
			}
			i = lineEnd(src, i)
		case c == '[':
			lvl, ok := LongBracket(src, i)
			if !ok {
				sc.push(evidenceToken{kind: 'p', code: '[', name: -1, start: i, end: i + 1, line: line})
				i++
				continue
			}
			end, ok := longEnd(src, i, lvl)
			if !ok {
				return false
			}
			t := evidenceToken{kind: 's', name: -1, line: line}
			skip(end)
			sc.push(t)
		case c == '"' || c == '\'':
			end, ok := quotedEnd(src, i)
			if !ok {
				return false
			}
			t := evidenceToken{kind: 's', name: -1, line: line}
			skip(end)
			sc.push(t)
		default:
			// Two-byte operators whose first byte alone means something
			// else here: `==` is no assignment, `..` no field access.
			if i+1 < n && (c == '=' || c == '.' || c == '~' || c == '<' || c == '>') && (src[i+1] == '=' || c == '.' && src[i+1] == '.') {
				sc.push(evidenceToken{kind: 'p', code: '2', name: -1, start: i, end: i + 2, line: line})
				i += 2
				continue
			}
			sc.push(evidenceToken{kind: 'p', code: c, name: -1, start: i, end: i + 1, line: line})
			i++
		}
	}
	return true
}
