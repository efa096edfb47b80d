-- itamarhaber/redis-lua-scripts rangelookup.lua (round 8a): `data ~= nil` of
-- an array reply is always true, and the rest of its `and` chain orders an
-- element of it: on an empty reply data[2] is nil and the compare fails
-- (observed on 7.0.15: 'attempt to compare nil with number'). The test is
-- not dead code: the script depends on it as if it guarded the element.
local number = tonumber(ARGV[1])
local data = redis.call('ZREVRANGEBYSCORE', KEYS[1], number, '-inf', 'WITHSCORES', 'LIMIT', 0, 1)
local reply = nil
if data ~= nil and number > tonumber(data[2]) then -- want:error "data ~= nil is always true; test #data == 0"
  local to, id = data[1]:match('(.*):(.*)')
  if tonumber(to) > number then
    reply = id
  end
end

-- A method of an element in the block it guards: the same.
local top = redis.call('ZRANGE', KEYS[2], 0, 0)
if top ~= nil then -- want:error "top ~= nil is always true"
  return top[1]:upper()
end

-- The element only compared for equality: nil equals nothing, the script
-- does not fail, and the dead test changes nothing (info).
local head = redis.call('LRANGE', KEYS[3], 0, 0)
if head ~= nil and head[1] == ARGV[2] then -- want:info "head ~= nil is always true"
  reply = 'head'
end

-- The correct form: the length tested, no nil comparison at all.
local ranges = redis.call('ZREVRANGEBYSCORE', KEYS[4], number, '-inf', 'WITHSCORES', 'LIMIT', 0, 1)
if #ranges > 0 and number > tonumber(ranges[2]) then
  reply = ranges[1]
end
return reply
