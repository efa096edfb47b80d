-- A local function that returns a reply.
local function load(key)
  return redis.call('HGET', key, 'data')
end
local function loadOrNil(key)
  local v = redis.call('HGET', key, 'data')
  if v then
    return v
  end
  return nil
end
local function loadMaybe(key)
  if key ~= '' then
    return redis.call('HGET', key, 'data')
  end
end

if load(KEYS[1]) == nil then -- want "^load\(KEYS\[1\]\) \(which returns the HGET reply\) is never nil"
  return 0
end
-- These may return nil.
if loadOrNil(KEYS[1]) == nil then
  return 1
end
if loadMaybe(KEYS[1]) == nil then
  return 2
end
return 3
