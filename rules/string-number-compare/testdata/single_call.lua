-- alexanderscott/redis-lua-samples SETCLAMP.lua (round 8a): the script is a
-- local function called once with ARGV elements, so min and max are
-- strings, and ordering the number val with them fails on every call
-- (observed on 7.0.15: 'attempt to compare string with number').
local function SETCLAMP(key, min, max)
  local valStr = redis.call('GET', key)
  if not valStr then return end
  local val = tonumber(valStr)
  if val > max then -- want "comparing max with val by > always raises an error"
    redis.call('SET', key, max)
    val = max
  elseif val < min then -- want "comparing min with val by < always raises an error"
    redis.call('SET', key, min)
    val = min
  end
  return val
end

-- Converted inside: silent.
local function clamp2(key, min, max)
  local val = tonumber(redis.call('GET', key) or '0')
  if val > tonumber(max) then return max end
  if val < tonumber(min) then return min end
  return val
end

-- Called from two places: its parameters are not one call's arguments.
local function above(n, limit)
  return n > limit
end

local a = SETCLAMP(KEYS[1], ARGV[1], ARGV[2])
local b = clamp2(KEYS[2], ARGV[1], ARGV[2])
return {a, b, above(1, 2), above(3, tonumber(ARGV[3]))}
