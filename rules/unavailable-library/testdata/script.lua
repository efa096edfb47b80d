-- fixture: target=redis-7.2
-- Standard globals the sandbox removes (os exists from Redis 7.4: os74.lua).
local now = os.time() -- want:error "os does not exist in the Lua sandbox of Redis 7.2.*nonexistent global variable 'os'.*TIME"
print(now) -- want "print does not exist.*redis.log"
local f = io.open('/tmp/x') -- want "io does not exist.*I/O"
local m = require('cjson') -- want "require does not exist.*cannot load modules"
local chunk = loadfile('x.lua') -- want "loadfile does not exist.*cannot read files"
dofile('x.lua') -- want "dofile does not exist"
local tb = debug.traceback() -- want "debug does not exist.*--ldb"
-- Present on every build from source, absent from Debian's package: never
-- reported (docs/facts-observed.md O4).
local env = getfenv(1)
setfenv(1, {})
module('mine') -- want "module does not exist"
local proxy = newproxy(true)
-- Lua 5.2+ globals.
local c = utf8.char(72) -- want "utf8 does not exist.*no utf8 library"
local band = bit32.band(1, 3) -- want "bit32 does not exist.*bit.band"
local n = rawlen({}) -- want "rawlen does not exist.*#t"
-- Lua 5.2+ fields of the libraries that exist.
local packed = table.pack(1, 2) -- want "table.pack does not exist in Lua 5.1.*attempt to call field 'pack' \(a nil value\).*select"
local a, b = table.unpack(ARGV) -- want "table.unpack does not exist.*global unpack"
table.move({}, 1, 1, 1, {}) -- want "table.move does not exist"
local i = math.tointeger(ARGV[1]) -- want "math.tointeger does not exist.*math.floor"
local t = math.type(1) -- want "math.type does not exist.*type\(x\)"
local big = math.maxinteger -- want "math.maxinteger does not exist.*reads nil.*arithmetic on field 'maxinteger'"
local s = string.pack('i4', 1) -- want "string.pack does not exist.*struct.pack"
local x = string.unpack('i4', s) -- want "string.unpack does not exist.*struct.unpack"
-- A fallback for Lua 5.1 is fine; the field alone is not.
local y = (table.unpack or unpack)(ARGV)
local unpackf = table.unpack or unpack
local z = table.unpack and table.unpack(ARGV) -- want "table.unpack does not exist" "table.unpack does not exist"
-- Both forms again through method-style and nested use: one finding per use.
return {now, f, m, chunk, tb, env, proxy, c, band, n, packed, a, b, i, t, big, x, tostring(os)} -- want "os does not exist"
