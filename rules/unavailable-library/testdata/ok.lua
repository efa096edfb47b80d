-- What the sandbox provides: silent.
local now = redis.call('TIME')
redis.log(redis.LOG_NOTICE, 'now ' .. now[1])
local a, b = unpack(ARGV)
local band = bit.band(1, 3) + bit.bor(1, 2)
local s = struct.pack('i4', 1)
local x = struct.unpack('i4', s)
local n = #ARGV + select('#', 1, 2)
local f = loadstring('return 1')
local t = type(1) == 'number'
local i = math.floor(tonumber(ARGV[1]) or 0)
local packed = {1, 2}
local c = table.concat(packed, ',') .. string.format('%d', 1) .. coroutine.running()
-- Locals that reuse the names are the script's own.
local print = function(msg) redis.log(redis.LOG_NOTICE, msg) end
print('hello')
local os = {time = function() return now[1] end}
local u = os.time()
return {a, b, band, x, n, f, t, i, c, u}
