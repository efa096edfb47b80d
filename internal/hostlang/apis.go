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
	// KeysMap: a literal map whose entries are the keys, counted
	// (carmine's `lua` takes `{:k1 key1 :k2 key2}`).
	KeysMap
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
	// KeyOrScript, with FirstString: a call of two arguments may give a
	// routing key before the script or after it (Redisson's
	// scriptLoad(key, script), JedisCluster's scriptLoad(script,
	// sampleKey)). A literal that reads as a key (no blank, no
	// parenthesis, no script needle) is then the key, and the other
	// argument the script.
	KeyOrScript bool
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
	// Template, when set, is the placeholder grammar the client rewrites
	// in the script before Redis sees it, named by its FoundBy
	// (LuaScriptFound: StackExchange.Redis LuaScript.Prepare's `@name`;
	// CarmineFound: carmine's `_:name`): each placeholder is an opaque
	// value, as in a .lua template (templates.go).
	Template string
	// Creates: the call returns a script object (register_script,
	// LuaScript.Prepare, DefaultRedisScript) that other calls run.
	Creates bool
	// Runs: the call runs a script object, at Script or, with Script
	// Receiver, its receiver (Spring's execute, LuaScript.Evaluate). It
	// yields no script of its own: it gives its key count to the
	// object's script when a creating call made the object, and is
	// ignored otherwise.
	Runs bool
	// ListAt, when above 0, says the call's arguments are the elements of
	// the list literal at argument ListAt-1, the command's words (Redix's
	// command(conn, ["EVAL", script, numkeys | ...])): Script, Guard and
	// Keys count in that list.
	ListAt int
	// NotSHA: an argument that looks like a SHA is the EVALSHA form of
	// the call, no script (StackExchange.Redis ScriptEvaluate(byte[]
	// hash, ...)).
	NotSHA bool
}

// APIs is a table of script APIs.
type APIs struct {
	list   []API
	byName map[Lang]map[string][]int
	// words are the names MayHoldScript looks for, per language.
	words  map[Lang][]apiWord
	pfOnce sync.Once
	pf     map[Lang]*wordFilter
	// langs are the languages the table was made for.
	langs []Lang
}

// NewAPIs compiles the table of the languages' script APIs; extra entries
// (from configuration) come after the languages' own. An entry without a
// language applies to every language of the list.
func NewAPIs(langs []Lang, extra ...API) (*APIs, error) {
	t := &APIs{byName: map[Lang]map[string][]int{}, words: map[Lang][]apiWord{}, langs: langs}
	all := append(defaultAPIs(langs), extra...)
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
		of := []Lang{a.Lang}
		if a.Lang == nil {
			of = langs
		}
		for _, l := range of {
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
	if s == "" || !IsIdentStart(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !IsIdentPart(s[i]) {
			return false
		}
	}
	return true
}

// List returns the table's entries.
func (t *APIs) List() []API { return append([]API(nil), t.list...) }

func (t *APIs) lookup(l Lang, name string) []int { return t.byName[l][name] }

// ownAPIs are the tables of one language's own APIs, made on first use:
// what Extract and MayHoldScript use when given no table.
var ownAPIs sync.Map // Lang -> *APIs

func apisOf(l Lang) *APIs {
	if t, ok := ownAPIs.Load(l); ok {
		return t.(*APIs)
	}
	t, err := NewAPIs([]Lang{l})
	if err != nil {
		panic(err) // a language's own table is checked by its tests
	}
	t2, _ := ownAPIs.LoadOrStore(l, t)
	return t2.(*APIs)
}

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
	KeysNumArg1 = KeysAt{Arg: 1, Form: KeysCount, Args: ArgsRest}
	// KeysList1Args2: keys in a list at 1, values in a list at 2
	// (@upstash/redis, redis-rb).
	KeysList1Args2 = KeysAt{Arg: 1, Form: KeysList, Args: ArgsList, ArgsArg: 2}
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
//
// Each language's entries are its APIs(); the table sets their Lang.
func defaultAPIs(langs []Lang) []API {
	var out []API
	for _, l := range langs {
		for _, a := range l.APIs() {
			a.Lang = l
			out = append(out, a)
		}
	}
	return out
}
