// Package java is the Java host language.
package java

import (
	"strings"

	"github.com/lint-lua/lint-lua/internal/hostlang"
)

// Java: strings, text blocks (incidental white space stripped as javac
// does, then escapes interpreted), char literals, comments. Unicode
// escapes (`\u0041`) are decoded inside literals; javac translates them
// before tokenizing, so a `\u0022` that javac would read as a closing
// quote is taken as a character here.

var javaLexer = &hostlang.Lexer{Token: javaToken}

func javaToken(s *hostlang.Scanner, i int, _ bool) (int, hostlang.Read) {
	src := s.Src
	c := src[i]
	switch {
	case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
		return s.SlashComment(i, false), hostlang.ReadToken
	case c == '"' && i+2 < len(src) && src[i+1] == '"' && src[i+2] == '"':
		return javaTextBlock(s, i), hostlang.ReadToken
	case c == '"':
		bd := &hostlang.Body{CloseAt: hostlang.CloseByte('"'), NlEnds: true, Escapes: hostlang.Backslash, Escape: javaEscape}
		v, e, _ := s.Decode(hostlang.View{B: src}, i+1, bd)
		s.EmitLit(hostlang.Literal{Start: i, End: e, Val: v})
		return e, hostlang.ReadToken
	case c == '\'':
		return s.CharLiteral(i), hostlang.ReadToken
	case hostlang.IsIdentStart(c) || c == '$' || c == '@':
		e := hostlang.WordEnd(src, i+1, "$")
		s.Emit(hostlang.TkIdent, i, e)
		return e, hostlang.ReadToken
	}
	return i, hostlang.NotRead
}

var javaSimple = hostlang.SimpleEscapes("n\nt\tr\rb\bf\fs ")

// javaEscape decodes a Java escape sequence. `\<newline>` (a text
// block's line continuation) adds nothing.
func javaEscape(v *hostlang.Value, r hostlang.View, k int) int {
	b := r.B
	if k+1 >= len(b) {
		return 0
	}
	c := b[k+1]
	start := r.Start(k)
	switch {
	case c == 'u':
		// \uXXXX, with any number of u's.
		j := k + 1
		for j < len(b) && b[j] == 'u' {
			j++
		}
		if val, n, ok := hostlang.HexRun(b, j, 4, 4); ok {
			end := j + n
			// A surrogate pair is one character.
			if val >= 0xD800 && val < 0xDC00 && end+1 < len(b) && b[end] == '\\' && b[end+1] == 'u' {
				m := end + 1
				for m < len(b) && b[m] == 'u' {
					m++
				}
				if lo, n2, ok := hostlang.HexRun(b, m, 4, 4); ok && lo >= 0xDC00 && lo < 0xE000 {
					hostlang.AddRune(v, (val-0xD800)<<10+(lo-0xDC00)+0x10000, start, r.End(m+n2-1))
					return m + n2 - k
				}
			}
			hostlang.AddRune(v, val, start, r.End(end-1))
			return end - k
		}
	case javaSimple[c] >= 0:
		v.Add(byte(javaSimple[c]), start, r.End(k+1))
		return 2
	case c >= '0' && c <= '7':
		val, n := hostlang.OctRun(b, k+1, 3, 255)
		hostlang.AddRune(v, rune(val), start, r.End(k+n))
		return 1 + n
	case c == '\n':
		return 2
	case c == '\r':
		if k+2 < len(b) && b[k+2] == '\n' {
			return 3
		}
		return 2
	}
	return hostlang.EscapedChar(v, r, k)
}

// javaTextBlock reads a text block at i: `"""`, blanks, a line end, the
// content, the closing `"""`. Line ends are normalized to "\n", the
// incidental indentation is stripped, and then escapes are interpreted.
func javaTextBlock(s *hostlang.Scanner, i int) int {
	src := s.Src
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
		s.EmitLit(hostlang.Literal{Start: i, End: i + 2, Val: hostlang.NewValue(0)})
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
	raw := hostlang.RawView(src, content, k, true)
	// A lone "\r" is a line end too.
	lone := hostlang.NewValue(raw.T.Len())
	for x := 0; x < raw.T.Len(); x++ {
		sp := raw.T.Span(x)
		if raw.B[x] == '\r' {
			// A lone carriage return reads as a newline: written at
			// its place, but not as itself.
			lone.Text.Append('\n', sp.Start, sp.End, false)
			continue
		}
		lone.Add(raw.B[x], sp.Start, sp.End)
	}
	stripped := lone.StripIndent()
	bd := &hostlang.Body{Escapes: hostlang.Backslash, Escape: javaEscape}
	v, _, _ := s.Decode(hostlang.View{B: stripped.Text.Bytes(), T: stripped.Text}, 0, bd)
	end := min(k+3, len(src))
	s.EmitLit(hostlang.Literal{Start: i, End: end, Val: v})
	return end
}

// java is Java.
type java struct{}

func (java) String() string         { return "java" }
func (java) Extensions() []string   { return []string{".java"} }
func (java) Lexer() *hostlang.Lexer { return javaLexer }
func (java) Keywords() string {
	return "abstract assert break case catch class const continue default do else enum extends final finally for " +
		"goto if implements import instanceof interface native new package private protected public return static " +
		"strictfp super switch synchronized throw throws transient try volatile while yield permits sealed"
}
func (java) Wrappers() map[string]string {
	return javaWrappers
}
func (java) APIs() []hostlang.API     { return javaAPIs }
func (java) Traits() *hostlang.Traits { return javaTraits }

var javaWrappers = map[string]string{"String.format": "printf", "String.valueOf": "id", "ByteBuffer.wrap": "id"}

// javaAPIs: Jedis, Lettuce, Redisson, Spring Data Redis. Redisson's
// RScript.eval([key,] mode, script, returnType, keys, ...) comes before
// Jedis's and Lettuce's eval(script, ...): the first entry that matches a
// call is used. RedisTemplate.execute(script, keys, args...), its overload
// with serializers before the keys, execute(script, argsSerializer,
// resultSerializer, keys, args...), and ReactiveRedisTemplate's
// execute(script, keys, argsList[, argsWriter, resultReader]) run a
// RedisScript. Kotlin calls the same clients.
var javaAPIs = append([]hostlang.API{
	{Client: "Redisson", Name: "eval", Script: 1, GuardArg: 0, Guard: redissonModes, GuardPrefix: true, Keys: javaEvalKeys},
	{Client: "Redisson", Name: "eval", Script: 2, GuardArg: 1, Guard: redissonModes, GuardPrefix: true, Keys: javaEvalKeys},
	{Client: "Redisson", Name: "evalAsync", Script: 1, GuardArg: 0, Guard: redissonModes, GuardPrefix: true, Keys: javaEvalKeys},
	{Client: "Redisson", Name: "evalAsync", Script: 2, GuardArg: 1, Guard: redissonModes, GuardPrefix: true, Keys: javaEvalKeys},
	{Client: "Jedis, Lettuce", Name: "eval", Script: 0, Generic: true, Keys: javaEvalKeys},
	{Client: "Jedis, Lettuce", Name: "evalReadonly", Script: 0, Keys: javaEvalKeys},
	{Client: "Lettuce", Name: "evalReadOnly", Script: 0, Keys: javaEvalKeys},
	{Client: "Jedis, Lettuce, Redisson", Name: "scriptLoad", Script: hostlang.FirstString, KeyOrScript: true},
	{Client: "Redisson", Name: "scriptLoadAsync", Script: hostlang.FirstString, KeyOrScript: true},
	{Client: "Spring Data Redis", Name: "DefaultRedisScript", Form: hostlang.Constructor, Script: 0, Creates: true},
	{Client: "Spring Data Redis", Recv: "RedisScript", Name: "of", Script: 0, Creates: true},
	{Client: "Spring Data Redis", Name: "execute", Script: 0, Runs: true, Keys: []hostlang.KeysAt{
		{Arg: 3, Form: hostlang.KeysList, IfArg: 1, IfHas: "erializer", Args: hostlang.ArgsVarargs},
		{Arg: 1, Form: hostlang.KeysList, Args: hostlang.ArgsVarargs}}},
	{Client: "Spring Data Redis", Name: "setScriptText", Script: 0},
	{Client: "Jedis, Lettuce", Name: "functionLoad", Script: 0},
	{Client: "Jedis, Lettuce", Name: "functionLoadReplace", Script: 0},
	{Client: "Jedis, Lettuce", Name: "evalsha", Script: hostlang.NoScript},
}, redissonAPIs()...)

var redissonModes = []string{"RScript.Mode.", "Mode."}

// javaEvalKeys: Jedis eval(script, keyCount, ...) and eval(script, keys,
// args); Redisson's evalRead/evalWrite(key, codec, command, script, keys,
// ...) and RScript.eval(mode, script, returnType, keys, ...); Lettuce's
// eval(script, outputType, keys...).
//
// Jedis's list form passes the values in a second list; Redisson's and
// Lettuce's pass them as varargs after the keys.
var javaEvalKeys = []hostlang.KeysAt{
	{Arg: 1, Rel: true, Form: hostlang.KeysCount, Args: hostlang.ArgsRest},
	{Arg: 1, Rel: true, Form: hostlang.KeysList, Args: hostlang.ArgsList, ArgsArg: 2},
	{Arg: 2, Rel: true, Form: hostlang.KeysList, IfArg: 1, IfPrefix: "RScript.ReturnType.", Args: hostlang.ArgsRest},
	{Arg: 2, Rel: true, Form: hostlang.KeysList, IfArg: 1, IfPrefix: "ReturnType.", Args: hostlang.ArgsRest},
	{Arg: 2, Rel: true, Form: hostlang.KeysList, IfArg: 1, IfPrefix: "ScriptOutputType.", Args: hostlang.ArgsRest},
}

// redissonExecutorKeys: evalWrite(key, codec, command, src, keys,
// params...), the values as varargs after the keys list.
var redissonExecutorKeys = func() []hostlang.KeysAt {
	k := append([]hostlang.KeysAt(nil), javaEvalKeys...)
	k[1] = hostlang.KeysAt{Arg: 1, Rel: true, Form: hostlang.KeysList, Args: hostlang.ArgsRest}
	return k
}()

// redissonAPIs: Redisson's command executor and object methods, whose
// script is the first string argument, followed by the keys list.
func redissonAPIs() []hostlang.API {
	var out []hostlang.API
	for _, n := range []string{"evalRead", "evalWrite", "evalReadAsync", "evalWriteAsync", "evalAsync",
		"evalReadReactive", "evalWriteReactive", "evalReadRx", "evalWriteRx", "evalWriteNoRetryAsync",
		"evalReadBatchedAsync", "evalWriteBatchedAsync", "evalBatchedAsync", "evalWriteSyncedNoRetryAsync", "evalWriteSyncedAsync", "syncedEval", "syncedEvalNoRetry", "syncedEvalWithRetry", "evalShaAsync", "evalWriteShaAsync"} {
		a := hostlang.API{Client: "Redisson", Name: n, Script: hostlang.FirstString, ScriptFrom: 2, Keys: redissonExecutorKeys}
		if strings.Contains(n, "Sha") {
			a.Script = hostlang.NoScript
		}
		out = append(out, a)
	}
	return out
}

var javaTraits = &hostlang.Traits{
	MemberOps:     []string{".", "?.", "::"},
	ConcatOp:      "+",
	PrintfNewline: true,
	Generics:      true,
	BraceArrays:   true,
	Spread:        hostlang.SpreadLoneArray,
}

// Lang is Java.
var Lang hostlang.Lang = java{}
