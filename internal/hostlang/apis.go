package hostlang

import (
	"fmt"
	"strings"
	"sync"
)

// Form is how an API is called.
type Form uint8

const (
	// Method: `recv.name(...)` (`->`, `::`, `?.` too); also accepted
	// without a receiver, as inside the class that defines it.
	Method Form = iota
	// Constructor: `new Name(...)`; Kotlin calls it without `new`.
	Constructor
	// Function: `name(...)`, with or without a receiver.
	Function
)

// Argument positions with a meaning of their own.
const (
	// FirstString: the script is the first argument that is a string
	// expression (Redisson's eval* take the script after a key, a codec
	// or a mode, in several overloads).
	FirstString = -1
	// NoScript: the API takes a SHA, not a script (evalsha): it never
	// yields a script.
	NoScript = -2
	// Receiver: with Runs, the script object is the call's receiver.
	Receiver = -3
)

// KeysForm says how an argument gives the number of keys.
type KeysForm uint8

const (
	// KeysCount: a number literal (numkeys, keyCount).
	KeysCount KeysForm = iota + 1
	// KeysList: a literal list of the keys, counted (`[k1, k2]`,
	// `Arrays.asList(a, b)`, `new RedisKey[] {k}`, `listOf(k)`).
	KeysList
)

// KeysAt is one place a call may give its number of keys. An API lists
// several; the first that the call fills with a literal wins.
type KeysAt struct {
	// Arg is the positional index; with Rel, an offset from the script
	// argument's index.
	Arg int
	Rel bool
	// Kw is a keyword argument's name (Python numkeys=, Ruby keys:); the
	// place is then the keyword argument, wherever it stands.
	Kw string
	// Field is a field of the object literal at Arg (ioredis
	// numberOfKeys, node-redis NUMBER_OF_KEYS, node-redis v4 keys).
	Field string
	Form  KeysForm
	// IfArg/IfPrefix: the place counts only when argument IfArg
	// (relative like Arg) starts with IfPrefix (Lettuce's
	// `ScriptOutputType.`, Redisson's `ReturnType.`).
	IfArg    int
	IfPrefix string
	// IfHas: the place counts only when argument IfArg holds IfHas
	// (Spring's serializer overload: `StringRedisSerializer()`,
	// `template.getValueSerializer()`, `RedisSerializer.string()`).
	IfHas string
	// Args says where the call gives its ARGV values when this place
	// gives its keys (ArgsForm); ArgsArg (relative like Arg), ArgsKw and
	// ArgsField place an ArgsList.
	Args      ArgsForm
	ArgsArg   int
	ArgsKw    string
	ArgsField string
}

// ArgsForm says how a call gives its ARGV values.
type ArgsForm uint8

const (
	// ArgsRest: the positional arguments after the keys place, one value
	// each (Jedis `eval(src, 1, k, a)`, redis-py `eval(src, 1, k, a)`,
	// Spring `execute(script, keys, a, b)`). With a KeysCount place the
	// first numkeys of them are the keys.
	ArgsRest ArgsForm = iota + 1
	// ArgsList: a literal list, at ArgsKw when the call names it, else at
	// ArgsArg or in the object's ArgsField (@upstash/redis `eval(src,
	// [k], [a])`, redis-rb `argv: [a]`, node-redis `arguments: [a]`); a
	// call that gives none, and nothing else, passes no value. With a
	// KeysCount place (phpredis `eval($src, [$k, $a], 1)`) the list
	// holds the keys first.
	ArgsList
	// ArgsVarargs: Spring Data Redis, whose blocking RedisTemplate takes
	// the values as Java varargs (`execute(script, keys, Object... args)`,
	// one value each, an Object[] being the values themselves) and whose
	// ReactiveRedisTemplate takes them in a List (`execute(script, keys,
	// List<?> args[, argsWriter, resultReader])`, one value an element).
	// A lone list literal is therefore the values (a List given to the
	// blocking varargs would be one value, which its String serializer
	// cannot write: the call fails before Redis); a lone name may be an
	// array or a list and is not counted; values written one by one are
	// counted one each.
	ArgsVarargs
)

// API is one function or method that receives a Redis script.
type API struct {
	Lang Lang
	// Client names the library, for documentation.
	Client string
	// Recv, when set, is the receiver the call must have (`RedisScript`
	// of `RedisScript.of`, `LuaScript` of `LuaScript.Prepare`, `Redis`
	// of Laravel's facade is not needed: any receiver).
	Recv string
	Name string
	Form Form
	// Script is the index of the script argument, FirstString, or
	// NoScript; ScriptKw its keyword name, ScriptField a field of the
	// object literal at Script (ioredis `lua`, node-redis `SCRIPT`).
	Script      int
	ScriptKw    string
	ScriptField string
	// ScriptFrom is, with FirstString, the first argument looked at
	// (Redisson's executor methods take a key and a codec first, and a
	// key may be a string constant).
	ScriptFrom int
	// GuardArg/Guard: the call counts only when argument GuardArg's text
	// is one of Guard (redis-rb `script(:load, src)`), or starts with one
	// of them when GuardPrefix is set (Redisson's `RScript.Mode.`).
	GuardArg    int
	Guard       []string
	GuardPrefix bool
	Keys        []KeysAt
	// Generic marks a name other libraries use too (eval: pandas,
	// javax.script, Ruby's Binding): a call counts only with evidence
	// that it goes to Redis (a receiver named like a Redis client, a
	// visible key count, or a script text that is evidently Redis's).
	Generic bool
	// Params: `@name` parameters are rewritten by the client
	// (StackExchange.Redis LuaScript.Prepare).
	Params bool
	// Creates: the call returns a script object (register_script,
	// LuaScript.Prepare, DefaultRedisScript) that other calls run.
	Creates bool
	// Runs: the call runs a script object, at Script or, with Script
	// Receiver, its receiver (Spring's execute, LuaScript.Evaluate). It
	// yields no script of its own: it gives its key count to the
	// object's script when a creating call made the object, and is
	// ignored otherwise.
	Runs bool
}

// APIs is a table of script APIs.
type APIs struct {
	list   []API
	byName map[Lang]map[string][]int
	// words are the names MayHoldScript looks for, per language.
	words  map[Lang][]apiWord
	pfOnce sync.Once
	pf     map[Lang]*wordFilter
}

// NewAPIs compiles a table; extra entries (from configuration) come after
// the defaults. An entry without a language applies to every language.
func NewAPIs(extra ...API) (*APIs, error) {
	t := &APIs{byName: map[Lang]map[string][]int{}, words: map[Lang][]apiWord{}}
	all := append(defaultAPIs(), extra...)
	for _, a := range all {
		if a.Name == "" || !isWord(a.Name) {
			return nil, fmt.Errorf("script API %q: the name must be an identifier", a.Name)
		}
		if a.Recv != "" && !isWord(a.Recv) {
			return nil, fmt.Errorf("script API %s: receiver %q must be an identifier", a.Name, a.Recv)
		}
		if a.Script < Receiver || a.Script == Receiver && !a.Runs {
			return nil, fmt.Errorf("script API %s: script argument %d", a.Name, a.Script)
		}
		langs := []Lang{a.Lang}
		if a.Lang == 0 {
			langs = Langs
		}
		for _, l := range langs {
			b := a
			b.Lang = l
			t.list = append(t.list, b)
			if t.byName[l] == nil {
				t.byName[l] = map[string][]int{}
			}
			t.byName[l][b.Name] = append(t.byName[l][b.Name], len(t.list)-1)
			// A SHA or an object run yields no script of its own: the
			// prefilter needs no word for it.
			if b.Script != NoScript && !b.Runs {
				w, kind := prefilterWord(b)
				t.words[l] = append(t.words[l], apiWord{w, kind})
			}
		}
	}
	return t, nil
}

// prefilterWord is the word whose presence MayHoldScript needs for the
// API: its name, or its receiver when the name is short and common
// (`of` of `RedisScript.of`, `Prepare` of `LuaScript.Prepare`).
func prefilterWord(a API) (string, wordKind) {
	if a.Recv != "" && len(a.Recv) > len(a.Name) {
		return a.Recv, wordRecv
	}
	return a.Name, wordName
}

// apiWord is a word MayHoldScript looks for, and how it appears.
type apiWord struct {
	word string
	kind wordKind
}

func isWord(s string) bool {
	if s == "" || !isIdentStart(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentPart(s[i]) {
			return false
		}
	}
	return true
}

// List returns the table's entries.
func (t *APIs) List() []API { return append([]API(nil), t.list...) }

func (t *APIs) lookup(l Lang, name string) []int { return t.byName[l][name] }

// DefaultAPIs is the built-in table.
var DefaultAPIs = sync.OnceValue(func() *APIs {
	t, err := NewAPIs()
	if err != nil {
		panic(err) // the built-in table is checked by the tests
	}
	return t
})

// redisish reports whether a receiver's name suggests a Redis client,
// which is the evidence a Generic API's call needs when it shows no key
// count.
func redisish(name string) bool {
	n := strings.ToLower(strings.TrimLeft(name, "$@"))
	switch n {
	case "r", "rc", "rdb", "rds", "red", "cli", "con", "conn", "db", "kv", "cache", "store":
		return true
	}
	for _, w := range []string{"redis", "jedis", "lettuce", "valkey", "keydb", "dragonfly", "client", "conn",
		"pipe", "cluster", "command", "executor", "cache", "database", "multi", "transaction",
		"batch", "sync", "async", "reactive", "server", "master", "replica", "pool", "store"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// Key-count places shared by the tables below.
var (
	keysNumArg1 = KeysAt{Arg: 1, Form: KeysCount, Args: ArgsRest}
	// keysList1Args2: keys in a list at 1, values in a list at 2
	// (@upstash/redis, redis-rb).
	keysList1Args2 = KeysAt{Arg: 1, Form: KeysList, Args: ArgsList, ArgsArg: 2}
)

// defaultAPIs is the built-in knowledge of each client library's script
// API. Argument indexes count from 0.
//
// Generic command methods named by a common word are left out, because
// the prefilter would then keep nearly every file of the language: ioredis'
// redis.script('LOAD', src) and redis.function('LOAD', src), Predis'
// $client->script('load', $src) ("script" and "function" are everywhere
// in JavaScript and in PHP templates). Scripts loaded that way are found
// by their content; a configuration can still name those APIs.
//
// It is made when a table is, not when the program starts: a run over .lua
// files alone never needs it.
func defaultAPIs() []API {
	return withMirrors(append(append([]API(nil), baseAPIs...), redissonAPIs()...))
}

var baseAPIs = []API{
	// redis-py (and aioredis 1.x's keys=/args= keywords; redis.asyncio is
	// redis-py).
	{Lang: Python, Client: "redis-py", Name: "eval", Script: 0, ScriptKw: "script", Generic: true,
		Keys: []KeysAt{keysNumArg1, {Kw: "numkeys", Form: KeysCount}, {Kw: "keys", Form: KeysList, Args: ArgsList, ArgsKw: "args"}}},
	{Lang: Python, Client: "redis-py", Name: "eval_ro", Script: 0, ScriptKw: "script",
		Keys: []KeysAt{keysNumArg1, {Kw: "numkeys", Form: KeysCount}}},
	{Lang: Python, Client: "redis-py", Name: "register_script", Script: 0, ScriptKw: "script", Creates: true},
	{Lang: Python, Client: "redis-py", Name: "script_load", Script: 0, ScriptKw: "script"},
	{Lang: Python, Client: "redis-py", Name: "function_load", Script: 0, ScriptKw: "code"},
	{Lang: Python, Client: "redis-py", Name: "evalsha", Script: NoScript},
	{Lang: Python, Client: "redis-py", Name: "evalsha_ro", Script: NoScript},

	// ioredis and node-redis (v3 eval(script, numkeys, ...); v4
	// eval(script, {keys, arguments}); @upstash/redis eval(script, keys,
	// args)).
	{Lang: JavaScript, Client: "ioredis, node-redis, @upstash/redis", Name: "eval", Script: 0, Generic: true,
		Keys: jsEvalKeys},
	{Lang: JavaScript, Client: "node-redis", Name: "evalRo", Script: 0, Keys: jsEvalKeys},
	{Lang: JavaScript, Client: "ioredis", Name: "defineCommand", Script: 1, ScriptField: "lua",
		Keys: []KeysAt{{Arg: 1, Field: "numberOfKeys", Form: KeysCount}}},
	{Lang: JavaScript, Client: "node-redis", Name: "defineScript", Form: Function, Script: 0, ScriptField: "SCRIPT",
		Keys: []KeysAt{{Arg: 0, Field: "NUMBER_OF_KEYS", Form: KeysCount}}},
	{Lang: JavaScript, Client: "node-redis, @upstash/redis", Name: "scriptLoad", Script: 0},
	{Lang: JavaScript, Client: "node-redis", Name: "functionLoad", Script: 0},
	{Lang: JavaScript, Client: "ioredis, node-redis", Name: "evalsha", Script: NoScript},

	// Jedis, Lettuce, Redisson, Spring Data Redis.
	// Redisson's RScript.eval([key,] mode, script, returnType, keys, ...)
	// before Jedis's and Lettuce's eval(script, ...): the first entry
	// that matches a call is used.
	{Lang: Java, Client: "Redisson", Name: "eval", Script: 1, GuardArg: 0, Guard: redissonModes, GuardPrefix: true, Keys: javaEvalKeys},
	{Lang: Java, Client: "Redisson", Name: "eval", Script: 2, GuardArg: 1, Guard: redissonModes, GuardPrefix: true, Keys: javaEvalKeys},
	{Lang: Java, Client: "Redisson", Name: "evalAsync", Script: 1, GuardArg: 0, Guard: redissonModes, GuardPrefix: true, Keys: javaEvalKeys},
	{Lang: Java, Client: "Redisson", Name: "evalAsync", Script: 2, GuardArg: 1, Guard: redissonModes, GuardPrefix: true, Keys: javaEvalKeys},
	{Lang: Java, Client: "Jedis, Lettuce", Name: "eval", Script: 0, Generic: true, Keys: javaEvalKeys},
	{Lang: Java, Client: "Jedis, Lettuce", Name: "evalReadonly", Script: 0, Keys: javaEvalKeys},
	{Lang: Java, Client: "Lettuce", Name: "evalReadOnly", Script: 0, Keys: javaEvalKeys},
	{Lang: Java, Client: "Jedis, Lettuce, Redisson", Name: "scriptLoad", Script: FirstString},
	{Lang: Java, Client: "Redisson", Name: "scriptLoadAsync", Script: FirstString},
	{Lang: Java, Client: "Spring Data Redis", Name: "DefaultRedisScript", Form: Constructor, Script: 0, Creates: true},
	{Lang: Java, Client: "Spring Data Redis", Recv: "RedisScript", Name: "of", Script: 0, Creates: true},
	// RedisTemplate.execute(script, keys, args...), its overload with
	// serializers before the keys, execute(script, argsSerializer,
	// resultSerializer, keys, args...), and ReactiveRedisTemplate's
	// execute(script, keys, argsList[, argsWriter, resultReader]) run a
	// RedisScript.
	{Lang: Java, Client: "Spring Data Redis", Name: "execute", Script: 0, Runs: true, Keys: []KeysAt{
		{Arg: 3, Form: KeysList, IfArg: 1, IfHas: "erializer", Args: ArgsVarargs},
		{Arg: 1, Form: KeysList, Args: ArgsVarargs}}},
	{Lang: Java, Client: "Spring Data Redis", Name: "setScriptText", Script: 0},
	{Lang: Java, Client: "Jedis, Lettuce", Name: "functionLoad", Script: 0},
	{Lang: Java, Client: "Jedis, Lettuce", Name: "functionLoadReplace", Script: 0},
	{Lang: Java, Client: "Jedis, Lettuce", Name: "evalsha", Script: NoScript},

	// StackExchange.Redis.
	{Lang: CSharp, Client: "StackExchange.Redis", Name: "ScriptEvaluate", Script: 0, Keys: csEvalKeys},
	{Lang: CSharp, Client: "StackExchange.Redis", Name: "ScriptEvaluateAsync", Script: 0, Keys: csEvalKeys},
	{Lang: CSharp, Client: "StackExchange.Redis", Name: "ScriptEvaluateReadOnly", Script: 0, Keys: csEvalKeys},
	{Lang: CSharp, Client: "StackExchange.Redis", Name: "ScriptEvaluateReadOnlyAsync", Script: 0, Keys: csEvalKeys},
	{Lang: CSharp, Client: "StackExchange.Redis", Name: "ScriptLoad", Script: 0},
	{Lang: CSharp, Client: "StackExchange.Redis", Name: "ScriptLoadAsync", Script: 0},
	{Lang: CSharp, Client: "StackExchange.Redis", Recv: "LuaScript", Name: "Prepare", Script: 0, Params: true, Creates: true},
	{Lang: CSharp, Client: "StackExchange.Redis", Name: "Evaluate", Script: Receiver, Runs: true},
	{Lang: CSharp, Client: "StackExchange.Redis", Name: "EvaluateAsync", Script: Receiver, Runs: true},

	// Predis, phpredis, Laravel's Redis facade and connections.
	// phpredis takes eval($script, $args, $numKeys).
	{Lang: PHP, Client: "Predis, phpredis, Laravel", Name: "eval", Script: 0, Generic: true,
		Keys: phpEvalKeys},
	{Lang: PHP, Client: "phpredis", Name: "evalRo", Script: 0, Keys: phpEvalKeys},
	{Lang: PHP, Client: "Predis, phpredis", Name: "evalsha", Script: NoScript},

	// redis-rb: eval(script, keys: [...], argv: [...]) or eval(script,
	// [keys], [argv]); script(:load, src).
	{Lang: Ruby, Client: "redis-rb", Name: "eval", Script: 0, Generic: true,
		Keys: []KeysAt{{Kw: "keys", Form: KeysList, Args: ArgsList, ArgsKw: "argv", ArgsArg: 2}, keysList1Args2}},
	{Lang: Ruby, Client: "redis-rb", Name: "script", Script: 1, GuardArg: 0, Guard: []string{":load", `"load"`, `'load'`}},
	{Lang: Ruby, Client: "redis-rb", Name: "evalsha", Script: NoScript},
}

var redissonModes = []string{"RScript.Mode.", "Mode."}

// jsEvalKeys: ioredis eval(src, numkeys, ...keysAndArgs), @upstash/redis
// eval(src, [keys], [args]), node-redis v4 eval(src, {keys, arguments}).
var jsEvalKeys = []KeysAt{keysNumArg1, keysList1Args2,
	{Arg: 1, Field: "keys", Form: KeysList, Args: ArgsList, ArgsArg: 1, ArgsField: "arguments"}}

// phpEvalKeys: Predis eval($src, $numkeys, ...$keysAndArgs), phpredis
// eval($src, [$keysAndArgs], $numkeys).
var phpEvalKeys = []KeysAt{keysNumArg1, {Arg: 2, Form: KeysCount, Args: ArgsList, ArgsArg: 1}}

// csEvalKeys: ScriptEvaluate(src, keys, values, flags), by position or
// by name.
var csEvalKeys = []KeysAt{{Arg: 1, Form: KeysList, Args: ArgsList, ArgsArg: 2, ArgsKw: "values"},
	{Kw: "keys", Form: KeysList, Args: ArgsList, ArgsArg: 2, ArgsKw: "values"}}

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
		a := API{Lang: Java, Client: "Redisson", Name: n, Script: FirstString, ScriptFrom: 2, Keys: redissonExecutorKeys}
		if strings.Contains(n, "Sha") {
			a.Script = NoScript
		}
		out = append(out, a)
	}
	return out
}

// withMirrors adds JavaScript's entries for TypeScript and Java's for
// Kotlin (which calls the same Java clients, constructors without `new`).
func withMirrors(apis []API) []API {
	more := apis
	for _, a := range apis {
		switch a.Lang {
		case JavaScript:
			a.Lang = TypeScript
			more = append(more, a)
		case Java:
			a.Lang = Kotlin
			more = append(more, a)
		}
	}
	return more
}
