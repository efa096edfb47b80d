-- A step of 0x2 is a step of 2: copying a HGETALL reply into a table by
-- pairs reads the hash as one record. A step of 3 is no such copy.
local function record(k)
  local t = {}
  local r = redis.call('HGETALL', k)
  for i = 1, #r, 0x2 do
    t[r[i]] = r[i + 1]
  end
  return t
end
local function triples(k)
  local t = {}
  local r = redis.call('HGETALL', k) -- want "HGETALL reads the whole hash, which the script loops over as a collection"
  for i = 1, #r, 0x3 do
    t[r[i]] = r[i + 1]
  end
  return t
end
return {record(KEYS[1]), triples(KEYS[2])}
