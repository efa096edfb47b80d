-- A local function that returns a reply.
local function kind(key)
  return redis.call('TYPE', key)
end
local function counter(key)
  return redis.call('GET', key)
end
local function kindName(key)
  return redis.call('TYPE', key).ok
end

if kind(KEYS[1]) == 'zset' then -- want "^kind\(KEYS\[1\]\) \(which returns the TYPE reply\) is a status reply.*compare its ok field \(kind\(KEYS\[1\]\).ok == 'zset'\)$"
  return 0
end
if counter(KEYS[1]) == 3 then -- want "counter\(KEYS\[1\]\) \(which returns the GET reply\) is a bulk-string reply"
  return 1
end
if kindName(KEYS[1]) == 'zset' then
  return 2
end
return 3
