local now = os.time() -- unavailable-library's, not this rule's
print(now) -- unavailable-library's
local r = process(KEYS[1]) -- want "global process"
local packed = table.pack(1, 2) -- unavailable-library's
local u = table.unpack -- unavailable-library's

-- The sandbox's globals and locals are fine.
local a = unpack(ARGV)
local s = cjson.encode({a = tonumber(ARGV[1]), b = tostring(#KEYS)})
local b = bit.band(1, 3) + struct.size('i') + #cmsgpack.pack(1)
local f = loadstring('return 1')
local ok, err = pcall(function() return redis.call('GET', KEYS[1]) end)
for k, v in pairs({}) do end
for i, v in ipairs({}) do end
local x = math.floor(1.5) .. string.format('%d', 1) .. table.concat({}, ',') .. type(1) .. _VERSION
local g = _G
redis.log(redis.LOG_WARNING, 'hi')
local function later() return undefined_later end -- want "global undefined_later"
return {s, b, f, ok, err, x, g, r, packed, u, a, later}
