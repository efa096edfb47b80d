package ruleutil

import (
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/target"
)

// LibraryLoadFields are the only redis.* fields usable at the top level of
// a Functions library, while it loads (facts G).
var LibraryLoadFields = map[string]bool{
	"register_function": true, "log": true, "LOG_DEBUG": true, "LOG_VERBOSE": true, "LOG_NOTICE": true,
	"LOG_WARNING": true, "REDIS_VERSION": true, "REDIS_VERSION_NUM": true,
}

// readonlyTables are the global tables whose fields Redis makes read-only
// (facts B6). On Valkey, `server` is the redis table (readonlyTable).
var readonlyTables = map[string]bool{
	"redis": true, "string": true, "table": true, "math": true, "cjson": true, "cmsgpack": true, "struct": true,
	"bit": true, "coroutine": true, "_G": true, "KEYS": true, "ARGV": true,
}

// ReadonlyTable reports whether the global table the script calls name is
// read-only on the target: one of readonlyTables, or `server` where it is
// the redis table (Valkey: redis-facts.md H1, observed as rawequal(server,
// redis) in docs/facts-observed.md O1).
func ReadonlyTable(t target.Target, name string) bool {
	return readonlyTables[name] || (name == "server" && t.ServerAlias())
}

// LibraryTable reports whether name is the scripts' library table at the
// top of a Functions library: redis, and server where it is redis.
func LibraryTable(t target.Target, name string) bool {
	return name == "redis" || (name == "server" && t.ServerAlias())
}

// AtLoad reports whether a global access runs while a Functions library is
// being loaded: at its top level, outside any function body.
func AtLoad(m *model.Model, g model.GlobalAccess) bool {
	return m.Context == model.Library && (g.Func == nil || g.Func == m.Main)
}

// UnavailableGlobals are standard Lua globals that Redis's sandbox removes,
// and globals of later Lua versions that Lua 5.1 never had, with what to use
// instead (facts B7; each observed as a nonexistent global on 7.0.15).
// Whether the target lacks one is the target's (Global): os exists from
// Redis 7.4 and Valkey 8.0 with only os.clock, and getfenv, setfenv and
// newproxy exist on every build but Debian's package, so they are never
// reported.
var UnavailableGlobals = map[string]string{
	"os":       "use redis.call('TIME') for the time",
	"io":       "scripts cannot do I/O: return the data to the client instead",
	"require":  "scripts cannot load modules: inline the code, or share it in a Functions library",
	"loadfile": "scripts cannot read files: inline the code",
	"dofile":   "scripts cannot read files: inline the code",
	"print":    "use redis.log(redis.LOG_NOTICE, msg)",
	"setfenv":  "environments cannot be changed in the sandbox: pass values as parameters",
	"getfenv":  "environments cannot be read in the sandbox: pass values as parameters",
	"debug":    "debug with redis-cli --ldb, or log with redis.log",
	"module":   "declare locals and return a table instead",
	"newproxy": "use setmetatable on a table",
	"utf8":     "Lua 5.1 has no utf8 library: work on bytes with the string functions",
	"bit32":    "use the bit library (bit.band, bit.bor, bit.lshift...)",
	"rawlen":   "use #t",
}

// IsUnavailableGlobal reports whether unavailable-library owns a global
// name, so that undefined-global does not report it a second time.
func IsUnavailableGlobal(name string) bool {
	_, ok := UnavailableGlobals[name]
	return ok
}
