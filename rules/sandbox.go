package rules

import "github.com/lint-lua/lint-lua/internal/model"

// scriptGlobals are the globals Redis's Lua sandbox provides to an EVAL
// script and to the body of a registered function (facts B7; KEYS and ARGV
// exist only in EVAL scripts).
var scriptGlobals = map[string]bool{
	"load": true, "loadstring": true, "unpack": true, "bit": true, "cjson": true, "cmsgpack": true, "struct": true,
	"math": true, "string": true, "table": true, "coroutine": true, "pcall": true, "xpcall": true, "error": true,
	"assert": true, "select": true, "tostring": true, "tonumber": true, "rawget": true, "rawset": true, "rawequal": true,
	"setmetatable": true, "getmetatable": true, "next": true, "ipairs": true, "pairs": true, "type": true,
	"gcinfo": true, "collectgarbage": true, "_VERSION": true, "_G": true, "redis": true,
}

// libraryLoadFields are the only redis.* fields usable at the top level of
// a Functions library, while it loads (facts G).
var libraryLoadFields = map[string]bool{
	"register_function": true, "log": true, "LOG_DEBUG": true, "LOG_VERBOSE": true, "LOG_NOTICE": true,
	"LOG_WARNING": true, "REDIS_VERSION": true, "REDIS_VERSION_NUM": true,
}

// readonlyTables are the global tables whose fields Redis makes read-only
// (facts B6).
var readonlyTables = map[string]bool{
	"redis": true, "string": true, "table": true, "math": true, "cjson": true, "cmsgpack": true, "struct": true,
	"bit": true, "coroutine": true, "_G": true, "KEYS": true, "ARGV": true,
}

// atLoad reports whether a global access runs while a Functions library is
// being loaded: at its top level, outside any function body.
func atLoad(m *model.Model, g model.GlobalAccess) bool {
	return m.Context == model.Library && (g.Func == nil || g.Func == m.Main)
}
