-- A table filled in a loop over a reply, unpacked under a length test of
-- the reply the loop walks (tasktiger's ZPOPPUSH): the loop appends in each
-- round, so a non-empty reply fills the table.

-- Two entries per member, in every round: silent.
local members = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 10)
local scoremembers = {}
for i, member in ipairs(members) do
  scoremembers[2 * i] = member
  scoremembers[2 * i - 1] = ARGV[2]
end
if #members > 0 then
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, #members - 1)
  redis.call('ZADD', KEYS[2], unpack(scoremembers))
end

-- Every other entry of a WITHSCORES reply, picked by the round's index:
-- silent.
local pairs_ = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', ARGV[1], 'WITHSCORES')
local moved = {}
for i, member in ipairs(pairs_) do
  if i % 2 == 1 then
    moved[i] = ARGV[2]
    moved[i + 1] = member
  end
end
if #pairs_ > 0 then
  redis.call('ZADD', KEYS[4], unpack(moved))
end

-- A numeric loop over the reply's length, table.insert each round: silent.
local ids = redis.call('SMEMBERS', KEYS[5])
local names = {}
for i = 1, #ids do
  table.insert(names, 'job:' .. ids[i])
end
if #ids ~= 0 then
  redis.call('DEL', unpack(names))
end

-- The append depends on each entry, not on the round: the test of the
-- walked reply does not guard the table.
local due = redis.call('LRANGE', KEYS[6], 0, -1)
local expired = {}
for _, id in ipairs(due) do
  if redis.call('EXISTS', 'job:' .. id) == 0 then
    table.insert(expired, id)
  end
end
if #due > 0 then
  redis.call('SREM', KEYS[7], unpack(expired)) -- want:error "SREM fails when expired is empty.*expired is filled only in loops, and the loop of line 45 walks the LRANGE reply of line 43"
end

-- The length tested is another table's, not the walked one.
local a = redis.call('SMEMBERS', KEYS[8])
local b = redis.call('SMEMBERS', KEYS[9])
local copy = {}
for _, v in ipairs(a) do
  copy[#copy + 1] = v
end
if #b > 0 then
  redis.call('SADD', KEYS[10], unpack(copy)) -- want:error "SADD fails when copy is empty.*the loop of line 58 walks the SMEMBERS reply of line 55"
end

-- Filled in two loops, only one of them walking the tested reply.
local x = redis.call('SMEMBERS', KEYS[11])
local y = redis.call('SMEMBERS', KEYS[12])
local both = {}
for _, v in ipairs(x) do
  both[#both + 1] = v
end
for _, v in ipairs(y) do
  both[#both + 1] = v
end
if #x > 0 then
  redis.call('SADD', KEYS[13], unpack(both)) -- want:error "SADD fails when both is empty"
end
