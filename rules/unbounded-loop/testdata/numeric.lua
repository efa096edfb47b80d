-- Numeric loops that run as many times as the caller or a stored value says.
for i = 1, tonumber(ARGV[1]) do -- want "`for i` loop runs up to `tonumber\(ARGV\[1\]\)` times, with no cap — `tonumber\(ARGV\[1\]\)` is a number taken from ARGV"
  redis.call('RPUSH', KEYS[1], i)
end

local count = tonumber(ARGV[2])
for i = 1, count do -- want "up to `count` times, with no cap — `count` is a number taken from ARGV"
  redis.call('LPOP', KEYS[1])
end

for i = 1, ARGV[3] * 2 do -- want "a number taken from ARGV"
end

for i = tonumber(ARGV[1]), 1, -1 do -- want "a number taken from ARGV"
end

local stored = tonumber(redis.call('GET', KEYS[2]))
for i = 1, stored do -- want "a number read from a GET reply"
end

for i = 1, redis.call('HGET', KEYS[1], 'n') do -- want "a number read from a HGET reply"
end

local j = 0
local limit = tonumber(ARGV[1])
while j < limit do -- want "`while j < limit` loop runs until a counter reaches `limit`, with no cap — `limit` is a number taken from ARGV"
  j = j + 1
end

local m = 0
while true do -- want "ends when a counter reaches `tonumber\(ARGV\[2\]\)`, with no cap — `tonumber\(ARGV\[2\]\)` is a number taken from ARGV"
  m = m + 1
  if m >= tonumber(ARGV[2]) then break end
end

-- Bounded by a literal, by a table or reply already held, by a size that
-- the data bounds, or capped: silent.
for i = 1, 10 do end
for i = 10, 1, -1 do end
local t = redis.call('LRANGE', KEYS[1], 0, -1)
for i = 1, #t do end
for i = 1, #t, 2 do end
for _, x in ipairs(t) do end
for k, v in pairs(t) do end
for i = 1, #ARGV do end
for i = 1, redis.call('LLEN', KEYS[1]) do end
for i = 1, redis.call('SCARD', KEYS[1]) do end
local n = math.min(tonumber(ARGV[1]), 1000)
for i = 1, n do end
local capped = tonumber(ARGV[1])
if capped > 1000 then return redis.error_reply('too many') end
for i = 1, capped do end
local k = 0
while k < 100 do
  k = k + 1
end
local function each(max)
  for i = 1, max do end
end
local steps = tonumber(ARGV[1])
for i = 1, 100, steps do end
