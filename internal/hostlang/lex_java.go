package hostlang

import "strings"

// Java: strings, text blocks (incidental white space stripped as javac
// does, then escapes interpreted), char literals, comments. Unicode
// escapes (`\u0041`) are decoded inside literals; javac translates them
// before tokenizing, so a `\u0022` that javac would read as a closing
// quote is taken as a character here.

var javaLexer = &Lexer{Token: javaToken}

func javaToken(s *scanner, i int, _ bool) (int, Read) {
	src := s.src
	c := src[i]
	switch {
	case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
		return s.slashComment(i, false), ReadToken
	case c == '"' && i+2 < len(src) && src[i+1] == '"' && src[i+2] == '"':
		return s.javaTextBlock(i), ReadToken
	case c == '"':
		bd := &body{closeAt: closeByte('"'), nlEnds: true, escapes: backslash, escape: javaEscape}
		v, e, _ := s.decode(view{b: src}, i+1, bd)
		s.emitLit(literal{start: i, end: e, val: v})
		return e, ReadToken
	case c == '\'':
		return s.charLiteral(i), ReadToken
	case isIdentStart(c) || c == '$' || c == '@':
		e := wordEnd(src, i+1, "$")
		s.emit(tkIdent, i, e)
		return e, ReadToken
	}
	return i, NotRead
}

// charLiteral reads a char literal ('x', '\n', '\u0041') as a number-like
// operand; a lone quote is one byte.
func (s *scanner) charLiteral(i int) int {
	src := s.src
	j := i + 1
	for j < len(src) && j < i+12 && src[j] != '\'' && src[j] != '\n' {
		if src[j] == '\\' {
			j++
		}
		j++
	}
	if j < len(src) && src[j] == '\'' {
		s.emit(tkNumber, i, j+1)
		return j + 1
	}
	s.emit(tkOther, i, i+1)
	return i + 1
}

var javaSimple = simpleEscapes("n\nt\tr\rb\bf\fs ")

// javaEscape decodes a Java escape sequence. `\<newline>` (a text
// block's line continuation) adds nothing.
func javaEscape(v *value, r view, k int) int {
	b := r.b
	if k+1 >= len(b) {
		return 0
	}
	c := b[k+1]
	start := r.start(k)
	switch {
	case c == 'u':
		// \uXXXX, with any number of u's.
		j := k + 1
		for j < len(b) && b[j] == 'u' {
			j++
		}
		if val, n, ok := hexRun(b, j, 4, 4); ok {
			end := j + n
			// A surrogate pair is one character.
			if val >= 0xD800 && val < 0xDC00 && end+1 < len(b) && b[end] == '\\' && b[end+1] == 'u' {
				m := end + 1
				for m < len(b) && b[m] == 'u' {
					m++
				}
				if lo, n2, ok := hexRun(b, m, 4, 4); ok && lo >= 0xDC00 && lo < 0xE000 {
					addRune(v, (val-0xD800)<<10+(lo-0xDC00)+0x10000, start, r.end(m+n2-1))
					return m + n2 - k
				}
			}
			addRune(v, val, start, r.end(end-1))
			return end - k
		}
	case javaSimple[c] >= 0:
		v.add(byte(javaSimple[c]), start, r.end(k+1))
		return 2
	case c >= '0' && c <= '7':
		val, n := octRun(b, k+1, 3, 255)
		addRune(v, rune(val), start, r.end(k+n))
		return 1 + n
	case c == '\n':
		return 2
	case c == '\r':
		if k+2 < len(b) && b[k+2] == '\n' {
			return 3
		}
		return 2
	}
	return escapedChar(v, r, k)
}

// javaTextBlock reads a text block at i: `"""`, blanks, a line end, the
// content, the closing `"""`. Line ends are normalized to "\n", the
// incidental indentation is stripped, and then escapes are interpreted.
func (s *scanner) javaTextBlock(i int) int {
	src := s.src
	j := i + 3
	for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\f') {
		j++
	}
	switch {
	case j < len(src) && src[j] == '\n':
		j++
	case j+1 < len(src) && src[j] == '\r' && src[j+1] == '\n':
		j += 2
	case j < len(src) && src[j] == '\r':
		j++
	default:
		// Not a text block (javac refuses it): read `""` as an empty
		// string and go on after it.
		s.emitLit(literal{start: i, end: i + 2, val: newValue(0)})
		return i + 2
	}
	content := j
	// The closing delimiter: the first `"""` not escaped.
	k := content
	for k < len(src) {
		if src[k] == '\\' {
			k += 2
			continue
		}
		if src[k] == '"' && k+2 < len(src) && src[k+1] == '"' && src[k+2] == '"' {
			break
		}
		k++
	}
	k = min(k, len(src))
	raw := rawView(src, content, k, true)
	// A lone "\r" is a line end too.
	lone := newValue(raw.t.Len())
	for x := 0; x < raw.t.Len(); x++ {
		sp := raw.t.Span(x)
		if raw.b[x] == '\r' {
			// A lone carriage return reads as a newline: written at
			// its place, but not as itself.
			lone.text.Append('\n', sp.Start, sp.End, false)
			continue
		}
		lone.add(raw.b[x], sp.Start, sp.End)
	}
	stripped := lone.javaStripIndent()
	bd := &body{escapes: backslash, escape: javaEscape}
	v, _, _ := s.decode(view{b: stripped.text.Bytes(), t: stripped.text}, 0, bd)
	end := min(k+3, len(src))
	s.emitLit(literal{start: i, end: end, val: v})
	return end
}

// java is Java.
type java struct{}

func (java) String() string       { return "java" }
func (java) Extensions() []string { return []string{".java"} }
func (java) Lexer() *Lexer        { return javaLexer }
func (java) Keywords() string {
	return "abstract assert break case catch class const continue default do else enum extends final finally for " +
		"goto if implements import instanceof interface native new package private protected public return static " +
		"strictfp super switch synchronized throw throws transient try volatile while yield permits sealed"
}
func (java) Wrappers() map[string]string {
	return javaWrappers
}
func (java) APIs() []API     { return javaAPIs }
func (java) Traits() *Traits { return javaTraits }

var javaWrappers = map[string]string{"String.format": "printf", "String.valueOf": "id", "ByteBuffer.wrap": "id"}

// javaAPIs: Jedis, Lettuce, Redisson, Spring Data Redis. Redisson's
// RScript.eval([key,] mode, script, returnType, keys, ...) comes before
// Jedis's and Lettuce's eval(script, ...): the first entry that matches a
// call is used. RedisTemplate.execute(script, keys, args...), its overload
// with serializers before the keys, execute(script, argsSerializer,
// resultSerializer, keys, args...), and ReactiveRedisTemplate's
// execute(script, keys, argsList[, argsWriter, resultReader]) run a
// RedisScript. Kotlin calls the same clients.
var javaAPIs = append([]API{
	{Client: "Redisson", Name: "eval", Script: 1, GuardArg: 0, Guard: redissonModes, GuardPrefix: true, Keys: javaEvalKeys},
	{Client: "Redisson", Name: "eval", Script: 2, GuardArg: 1, Guard: redissonModes, GuardPrefix: true, Keys: javaEvalKeys},
	{Client: "Redisson", Name: "evalAsync", Script: 1, GuardArg: 0, Guard: redissonModes, GuardPrefix: true, Keys: javaEvalKeys},
	{Client: "Redisson", Name: "evalAsync", Script: 2, GuardArg: 1, Guard: redissonModes, GuardPrefix: true, Keys: javaEvalKeys},
	{Client: "Jedis, Lettuce", Name: "eval", Script: 0, Generic: true, Keys: javaEvalKeys},
	{Client: "Jedis, Lettuce", Name: "evalReadonly", Script: 0, Keys: javaEvalKeys},
	{Client: "Lettuce", Name: "evalReadOnly", Script: 0, Keys: javaEvalKeys},
	{Client: "Jedis, Lettuce, Redisson", Name: "scriptLoad", Script: FirstString},
	{Client: "Redisson", Name: "scriptLoadAsync", Script: FirstString},
	{Client: "Spring Data Redis", Name: "DefaultRedisScript", Form: Constructor, Script: 0, Creates: true},
	{Client: "Spring Data Redis", Recv: "RedisScript", Name: "of", Script: 0, Creates: true},
	{Client: "Spring Data Redis", Name: "execute", Script: 0, Runs: true, Keys: []KeysAt{
		{Arg: 3, Form: KeysList, IfArg: 1, IfHas: "erializer", Args: ArgsVarargs},
		{Arg: 1, Form: KeysList, Args: ArgsVarargs}}},
	{Client: "Spring Data Redis", Name: "setScriptText", Script: 0},
	{Client: "Jedis, Lettuce", Name: "functionLoad", Script: 0},
	{Client: "Jedis, Lettuce", Name: "functionLoadReplace", Script: 0},
	{Client: "Jedis, Lettuce", Name: "evalsha", Script: NoScript},
}, redissonAPIs()...)

var redissonModes = []string{"RScript.Mode.", "Mode."}

// javaEvalKeys: Jedis eval(script, keyCount, ...) and eval(script, keys,
// args); Redisson's evalRead/evalWrite(key, codec, command, script, keys,
// ...) and RScript.eval(mode, script, returnType, keys, ...); Lettuce's
// eval(script, outputType, keys...).
//
// Jedis's list form passes the values in a second list; Redisson's and
// Lettuce's pass them as varargs after the keys.
var javaEvalKeys = []KeysAt{
	{Arg: 1, Rel: true, Form: KeysCount, Args: ArgsRest},
	{Arg: 1, Rel: true, Form: KeysList, Args: ArgsList, ArgsArg: 2},
	{Arg: 2, Rel: true, Form: KeysList, IfArg: 1, IfPrefix: "RScript.ReturnType.", Args: ArgsRest},
	{Arg: 2, Rel: true, Form: KeysList, IfArg: 1, IfPrefix: "ReturnType.", Args: ArgsRest},
	{Arg: 2, Rel: true, Form: KeysList, IfArg: 1, IfPrefix: "ScriptOutputType.", Args: ArgsRest},
}

// redissonExecutorKeys: evalWrite(key, codec, command, src, keys,
// params...), the values as varargs after the keys list.
var redissonExecutorKeys = func() []KeysAt {
	k := append([]KeysAt(nil), javaEvalKeys...)
	k[1] = KeysAt{Arg: 1, Rel: true, Form: KeysList, Args: ArgsRest}
	return k
}()

// redissonAPIs: Redisson's command executor and object methods, whose
// script is the first string argument, followed by the keys list.
func redissonAPIs() []API {
	var out []API
	for _, n := range []string{"evalRead", "evalWrite", "evalReadAsync", "evalWriteAsync", "evalAsync",
		"evalReadReactive", "evalWriteReactive", "evalReadRx", "evalWriteRx", "evalWriteNoRetryAsync",
		"evalReadBatchedAsync", "evalWriteBatchedAsync", "evalBatchedAsync", "evalWriteSyncedNoRetryAsync", "evalWriteSyncedAsync", "syncedEval", "syncedEvalNoRetry", "syncedEvalWithRetry", "evalShaAsync", "evalWriteShaAsync"} {
		a := API{Client: "Redisson", Name: n, Script: FirstString, ScriptFrom: 2, Keys: redissonExecutorKeys}
		if strings.Contains(n, "Sha") {
			a.Script = NoScript
		}
		out = append(out, a)
	}
	return out
}

var javaTraits = &Traits{
	MemberOps:     []string{".", "?.", "::"},
	ConcatOp:      "+",
	PrintfNewline: true,
	Generics:      true,
	BraceArrays:   true,
	Spread:        SpreadLoneArray,
}
