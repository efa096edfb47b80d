-- Integer replies returned through a table's field or method, or stored in
-- a table's field, then used as a condition.
local Store = {}
function Store.exists(key)
  return redis.call('EXISTS', key)
end
function Store:has(member)
  return redis.call('SISMEMBER', self.key, member)
end

local Queue = {}
Queue.__index = Queue
function Queue:paused()
  return redis.call('SISMEMBER', 'ql:paused_queues', self.name)
end

local lib = {
  counted = function(key) return redis.call('SCARD', key) end,
}

if Store.exists(KEYS[1]) then -- want "^Store.exists\(KEYS\[1\]\) returns the EXISTS reply, which is an integer.*test Store.exists\(KEYS\[1\]\) == 1$"
  return 1
end
if not Store:has(ARGV[1]) then -- want "Store:has\(ARGV\[1\]\) returns the SISMEMBER reply"
  return 2
end
local q = setmetatable({name = ARGV[2]}, Queue)
if q:paused() then -- want "q:paused\(\) returns the SISMEMBER reply"
  return 3
end
if lib.counted(KEYS[2]) then -- want "lib.counted\(KEYS\[2\]\) returns the SCARD reply.*> 0"
  return 4
end

local result = {}
result.found = redis.call('EXISTS', KEYS[3])
if result.found then -- want "result.found holds the EXISTS reply, which is an integer"
  return 5
end
local stats = {members = redis.call('SCARD', KEYS[4])}
if stats.members and ARGV[3] == 'x' then -- want "stats.members holds the SCARD reply"
  return 6
end
return cjson.encode(result)
