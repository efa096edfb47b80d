-- A local function that returns an integer reply on every path.
local function exists(key)
  return redis.call('EXISTS', key)
end
local function member(key, m)
  if m == '' then
    return redis.call('SISMEMBER', key, 'default')
  end
  return redis.call('SISMEMBER', key, m)
end
local function maybe(key)
  if key then
    return redis.call('EXISTS', key)
  end
end
local function count(key)
  return tonumber(redis.call('EXISTS', key))
end
local function compared(key)
  return redis.call('EXISTS', key) == 1
end

if exists(KEYS[1]) then -- want "^exists\(KEYS\[1\]\) returns the EXISTS reply, which is an integer.*test exists\(KEYS\[1\]\) == 1$"
  return 1
end
if count(KEYS[1]) then -- want "count\(KEYS\[1\]\) returns the EXISTS reply"
  return 2
end
-- Two different calls: not claimed; a path that returns nil; a boolean.
if member(KEYS[1], ARGV[1]) then
  return 3
end
if maybe(KEYS[1]) then
  return 4
end
if compared(KEYS[1]) then
  return 5
end
return 0
