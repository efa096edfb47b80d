package stubs

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/target"
)

// member is one name a definition file declares: a function with its
// parameters and results, or a value of a type.
type member struct {
	Path    string   // "string.format", "KEYS"
	Func    bool     // a function; otherwise a value
	Params  []param  // a function's parameters
	Results []string // a function's results as LuaLS types; "...T" for any number of T
	Type    string   // a value's LuaLS type
	Value   string   // a constant's value as Lua writes it, "" when not constant
	Doc     string   // one line, lower case
	// Overloads are further LuaLS signatures (fun(...): ...) of a function.
	Overloads []string
}

// param is a function parameter: name, LuaLS type, whether it may be left
// out, and whether it stands for any number of arguments (name "...").
type param struct {
	Name, Type string
	Optional   bool
}

func (p param) vararg() bool { return p.Name == "..." }

// sandboxText declares the sandbox's libraries as Redis gives them to
// scripts: every field `pairs` finds on redis-server 7.0.15 (observed, see
// docs/facts-observed.md "The sandbox's libraries"), less table.setn, which
// Lua 5.1 keeps only to raise "'setn' is obsolete", with the signatures of
// the Lua 5.1 manual and of the bundled libraries (lua-cjson, lua-cmsgpack,
// lua-struct, Lua BitOp). One line a member:
//
//	path(name: type, name?: type, ...: type): result, result -- doc
//	path: type [= value] -- doc
//
// Which of these globals a target has is target.Globals' answer (os, with
// os.clock only, from Redis 7.4 and Valkey 8.0).
const sandboxText = `
_G: table -- the global table (read-only in the sandbox)
_VERSION: string = "Lua 5.1" -- the Lua version
assert(v: any, message?: any): any -- raises message when v is false or nil
collectgarbage(opt?: string, arg?: integer): any -- controls the garbage collector
error(message: any, level?: integer) -- raises an error; a table {err = "CODE msg"} becomes the script's error reply
gcinfo(): integer -- kilobytes of memory in use
getmetatable(object: any): table|nil
ipairs(t: table): function, table, integer
load(func: function, chunkname?: string): function|nil, string|nil -- Lua 5.1 load: takes a function, not a string
loadstring(s: string, chunkname?: string): function|nil, string|nil -- compiles source text (not bytecode) in the same sandbox
next(t: table, index?: any): any, any
pairs(t: table): function, table, nil
pcall(f: function, ...: any): boolean, ...any -- a Redis error caught this way is a string, not a table
rawequal(v1: any, v2: any): boolean
rawget(t: table, index: any): any
rawset(t: table, index: any, value: any): table
select(index: integer|string, ...: any): any
setmetatable(t: table, metatable: table|nil): table
tonumber(e: any, base?: integer): number|nil -- nil for false, the null reply of RESP2
tostring(v: any): string
type(v: any): string
unpack(list: table, i?: integer, j?: integer): ...any -- the global unpack; table.unpack does not exist in Lua 5.1
xpcall(f: function, err: function): boolean, ...any

string.byte(s: string, i?: integer, j?: integer): ...integer
string.char(...: integer): string
string.dump(f: function): string -- bytecode that loadstring refuses in the sandbox
string.find(s: string, pattern: string, init?: integer, plain?: boolean): integer|nil, integer|nil, ...string
string.format(format: string, ...: any): string
string.gfind(s: string, pattern: string): function -- Lua 5.0's name of string.gmatch
string.gmatch(s: string, pattern: string): function
string.gsub(s: string, pattern: string, repl: string|table|function, n?: integer): string, integer
string.len(s: string): integer
string.lower(s: string): string
string.match(s: string, pattern: string, init?: integer): ...string
string.rep(s: string, n: integer): string
string.reverse(s: string): string
string.sub(s: string, i: integer, j?: integer): string
string.upper(s: string): string

table.concat(list: table, sep?: string, i?: integer, j?: integer): string
table.foreach(list: table, f: function): any
table.foreachi(list: table, f: function): any
table.getn(list: table): integer
table.insert(list: table, pos: any, value?: any) -- table.insert(list, value) or table.insert(list, pos, value)
table.maxn(list: table): number
table.remove(list: table, pos?: integer): any
table.sort(list: table, comp?: function)

math.abs(x: number): number
math.acos(x: number): number
math.asin(x: number): number
math.atan(x: number): number
math.atan2(y: number, x: number): number
math.ceil(x: number): integer
math.cos(x: number): number
math.cosh(x: number): number
math.deg(x: number): number
math.exp(x: number): number
math.floor(x: number): integer
math.fmod(x: number, y: number): number
math.frexp(x: number): number, integer
math.huge: number
math.ldexp(m: number, e: integer): number
math.log(x: number): number
math.log10(x: number): number
math.max(x: number, ...: number): number
math.min(x: number, ...: number): number
math.mod(x: number, y: number): number -- Lua 5.0's name of math.fmod
math.modf(x: number): number, number
math.pi: number
math.pow(x: number, y: number): number
math.rad(x: number): number
math.random(m?: integer, n?: integer): number -- seeded once at server start: the same sequence after every restart
math.randomseed(x: number)
math.sin(x: number): number
math.sinh(x: number): number
math.sqrt(x: number): number
math.tan(x: number): number
math.tanh(x: number): number

coroutine.create(f: function): thread
coroutine.resume(co: thread, ...: any): boolean, ...any
coroutine.running(): thread|nil
coroutine.status(co: thread): string
coroutine.wrap(f: function): function
coroutine.yield(...: any): ...any

bit.arshift(x: integer, n: integer): integer
bit.band(x: integer, ...: integer): integer
bit.bnot(x: integer): integer
bit.bor(x: integer, ...: integer): integer
bit.bswap(x: integer): integer
bit.bxor(x: integer, ...: integer): integer
bit.lshift(x: integer, n: integer): integer -- 32-bit: bit.lshift(1, 40) is 256
bit.rol(x: integer, n: integer): integer
bit.ror(x: integer, n: integer): integer
bit.rshift(x: integer, n: integer): integer
bit.tobit(x: number): integer
bit.tohex(x: integer, n?: integer): string

cjson._NAME: string
cjson._VERSION: string
cjson.decode(s: string): any -- JSON null becomes cjson.null, not nil
cjson.decode_invalid_numbers(setting?: boolean): boolean
cjson.decode_max_depth(depth?: integer): integer
cjson.encode(value: any): string -- an empty table encodes as {} (an object)
cjson.encode_invalid_numbers(setting?: boolean|string): boolean|string
cjson.encode_keep_buffer(setting?: boolean): boolean
cjson.encode_max_depth(depth?: integer): integer
cjson.encode_number_precision(precision?: integer): integer
cjson.encode_sparse_array(convert?: boolean, ratio?: integer, safe?: integer): boolean, integer, integer
cjson.new(): table
cjson.null: lightuserdata -- what JSON null decodes to

cmsgpack._COPYRIGHT: string
cmsgpack._DESCRIPTION: string
cmsgpack._NAME: string
cmsgpack._VERSION: string
cmsgpack.pack(...: any): string
cmsgpack.unpack(data: string): ...any
cmsgpack.unpack_limit(data: string, limit: integer, offset?: integer): integer, ...any
cmsgpack.unpack_one(data: string, offset?: integer): integer, ...any

struct.pack(format: string, ...: any): string
struct.size(format: string): integer
struct.unpack(format: string, data: string, init?: integer): ...any

os.clock(): number -- CPU seconds; the only field of os in the sandbox
`

// redisText declares the fields of the redis table (and of server on
// Valkey): the ones observed on redis-server 7.0.15 in EVAL scripts, in
// function bodies and while a library loads (B7, G), with the values
// observed for the constants.
const redisText = `
redis.call(command: string, ...: string|number): any -- runs a command and returns its reply; an error reply raises an error that stops the script
redis.pcall(command: string, ...: string|number): any -- runs a command and returns its reply, or a table {err = message} for an error reply
redis.sha1hex(s: string): string -- the SHA1 of s in hex
redis.error_reply(message: string): {err: string} -- an error reply to return; no ERR prefix is added
redis.status_reply(message: string): {ok: string} -- a status reply to return
redis.log(level: integer, message: any, ...: any) -- writes to the server's log at a redis.LOG_* level
redis.LOG_DEBUG: integer = 0
redis.LOG_VERBOSE: integer = 1
redis.LOG_NOTICE: integer = 2
redis.LOG_WARNING: integer = 3
redis.setresp(version: 2|3) -- the protocol of the replies redis.call gives the script: with 3 a null reply is nil, not false
redis.set_repl(flags: integer) -- where the script's writes are propagated: a sum of redis.REPL_* flags
redis.REPL_NONE: integer = 0
redis.REPL_AOF: integer = 1
redis.REPL_REPLICA: integer = 2
redis.REPL_SLAVE: integer = 2
redis.REPL_ALL: integer = 3
redis.replicate_commands(): boolean -- a no-op that returns true since Redis 7.0 (effects replication is the only mode)
redis.breakpoint(): boolean -- stops in redis-cli --ldb; false elsewhere (EVAL scripts only)
redis.debug(...: any) -- prints in redis-cli --ldb; nothing elsewhere (EVAL scripts only)
redis.acl_check_cmd(command: string, ...: string|number): boolean -- whether the user may run the command with these arguments
redis.REDIS_VERSION: string
redis.REDIS_VERSION_NUM: integer
`

// valkeyText declares what Valkey adds to the redis table (H4).
const valkeyText = `
redis.VALKEY_VERSION: string -- Valkey's own version (REDIS_VERSION is 7.2.4 on every Valkey)
redis.VALKEY_VERSION_NUM: integer
redis.SERVER_NAME: string -- "valkey"
`

// parseMembers reads lines of sandboxText's grammar. The text is the
// package's own, so a line it cannot read is a programming error.
func parseMembers(text string) []member {
	var out []member
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		m, err := parseMember(line)
		if err != nil {
			panic(fmt.Sprintf("stubs: %q: %v", line, err))
		}
		out = append(out, m)
	}
	return out
}

func parseMember(line string) (member, error) {
	var m member
	if decl, doc, ok := strings.Cut(line, " -- "); ok {
		line, m.Doc = decl, doc
	}
	open := strings.IndexByte(line, '(')
	colon := strings.IndexByte(line, ':')
	if open < 0 || (colon >= 0 && colon < open) {
		// path: type [= value]
		path, typ, ok := strings.Cut(line, ": ")
		if !ok {
			return m, fmt.Errorf("want path(params) or path: type")
		}
		m.Path, m.Type = path, typ
		if t, v, ok := strings.Cut(typ, " = "); ok {
			m.Type, m.Value = t, v
		}
		return m, nil
	}
	m.Path, m.Func = line[:open], true
	closeAt := matching(line, open)
	if closeAt < 0 {
		return m, fmt.Errorf("unbalanced parentheses")
	}
	for _, p := range splitTop(line[open+1 : closeAt]) {
		name, typ, ok := strings.Cut(p, ": ")
		if !ok {
			return m, fmt.Errorf("parameter %q has no type", p)
		}
		q := param{Name: name, Type: typ}
		if n, ok := strings.CutSuffix(name, "?"); ok {
			q.Name, q.Optional = n, true
		}
		m.Params = append(m.Params, q)
	}
	if rest, ok := strings.CutPrefix(line[closeAt+1:], ": "); ok {
		m.Results = splitTop(rest)
	} else if line[closeAt+1:] != "" {
		return m, fmt.Errorf("unexpected %q after the parameters", line[closeAt+1:])
	}
	return m, nil
}

// matching returns the index of the bracket that closes the one at open,
// or -1.
func matching(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// splitTop splits a list at the commas outside brackets.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if rest := strings.TrimSpace(s[start:]); rest != "" {
		out = append(out, rest)
	}
	return out
}

// The members are parsed when stubs are first written, not at every start
// of the process (0.4 M instructions that a lint run never needs).
var (
	sandboxMembers = sync.OnceValue(func() []member { return parseMembers(sandboxText) })
	redisMembers   = sync.OnceValue(func() []member { return parseMembers(redisText) })
	valkeyMembers  = sync.OnceValue(func() []member { return parseMembers(valkeyText) })
)

// global returns the global a path starts with: "string" of
// "string.format".
func global(path string) string {
	g, _, _ := strings.Cut(path, ".")
	return g
}

// libraryMembers are the members of the target's sandbox, in the order of
// the texts: the globals target.Globals lists, KEYS and ARGV, the redis
// table (register_function included, for Functions libraries), and the
// same table as server where the target has that alias.
func libraryMembers(t target.Target) []member {
	present := t.Globals()
	out := []member{
		{Path: "KEYS", Type: "string[]", Doc: "the key names EVAL and EVALSHA pass (numkeys of them); function bodies get them as their first parameter instead"},
		{Path: "ARGV", Type: "string[]", Doc: "the other arguments EVAL and EVALSHA pass, as strings; function bodies get them as their second parameter instead"},
	}
	for _, m := range sandboxMembers() {
		if slices.Contains(present, global(m.Path)) {
			out = append(out, m)
		}
	}
	out = append(out, registerFunction(t))
	out = append(out, redisMembers()...)
	if t.Server() == target.Valkey {
		out = append(out, valkeyMembers()...)
	}
	return out
}

// registerFunction is redis.register_function, with the flags the target
// takes: it exists only while a Functions library loads (G).
func registerFunction(t target.Target) member {
	var flags []string
	for _, f := range t.FunctionFlags() {
		flags = append(flags, fmt.Sprintf("%q", f))
	}
	cb := "fun(keys: string[], args: string[]): any"
	return member{
		Path: "redis.register_function", Func: true,
		Params: []param{{Name: "name", Type: "string"}, {Name: "callback", Type: cb}},
		Doc:    "registers a function while a Functions library loads (FUNCTION LOAD); nil in EVAL scripts and function bodies",
		Overloads: []string{fmt.Sprintf("fun(args: {function_name: string, callback: %s, flags?: (%s)[], description?: string})",
			cb, strings.Join(flags, "|"))},
	}
}
