-- Whole collections.
local members = redis.call('SMEMBERS', KEYS[1]) -- want "SMEMBERS reads the whole set, however large it grows"
local all = redis.call('LRANGE', KEYS[2], 0, -1) -- want "LRANGE 0 -1 reads the whole list"
local lo, hi = 0, -1
local all2 = redis.call('lrange', KEYS[2], lo, hi) -- want "LRANGE 0 -1 reads the whole list"
local all3 = redis.call('LRANGE', KEYS[2], '0', '-1') -- want "LRANGE 0 -1"
local z = redis.call('ZRANGE', KEYS[3], 0, -1, 'WITHSCORES') -- want "ZRANGE 0 -1 reads the whole sorted set"
local zr = redis.call('ZREVRANGE', KEYS[3], 0, -1) -- want "ZREVRANGE 0 -1"
local due = redis.call('ZRANGEBYSCORE', KEYS[4], 0, ARGV[1]) -- want "ZRANGEBYSCORE without LIMIT reads every member in the range"
local old = redis.call('ZREVRANGEBYSCORE', KEYS[4], ARGV[1], '-inf') -- want "ZREVRANGEBYSCORE without LIMIT"
local lex = redis.call('ZRANGEBYLEX', KEYS[4], '-', '+') -- want "ZRANGEBYLEX without LIMIT"
local by = redis.call('ZRANGE', KEYS[4], 0, ARGV[1], 'BYSCORE') -- want "ZRANGE by score or lex without LIMIT"
local u = redis.call('SUNION', KEYS[1], KEYS[5]) -- want "SUNION reads whole sets"
redis.call('SINTERSTORE', KEYS[6], KEYS[1], KEYS[5]) -- want "SINTERSTORE reads whole sets"

-- Bounded forms stay silent.
local head = redis.call('LRANGE', KEYS[2], 0, 99)
local first = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
local batch = redis.call('ZRANGEBYSCORE', KEYS[4], 0, ARGV[1], 'LIMIT', 0, 100)
local batch2 = redis.call('ZRANGE', KEYS[4], 0, ARGV[1], 'BYSCORE', 'LIMIT', 0, 100)
local tail = redis.call('LRANGE', KEYS[2], ARGV[2], -1)
local one = redis.call('SISMEMBER', KEYS[1], ARGV[1])
local some = redis.call('SRANDMEMBER', KEYS[1], 10)
local obj = redis.call('HGETALL', KEYS[7])
local fields = redis.call('HKEYS', KEYS[7])
local pos = redis.call('LPOS', KEYS[2], ARGV[1])
-- A range of one score (gocraft/work's dead-job lookup) is not open.
local same = redis.call('ZRANGEBYSCORE', KEYS[4], ARGV[1], ARGV[1])
local died = ARGV[3]
local same2 = redis.call('ZRANGE', KEYS[4], died, died, 'BYSCORE')
local same3 = redis.call('ZREVRANGEBYLEX', KEYS[4], '[a', '[a')
local open = redis.call('ZRANGEBYSCORE', KEYS[4], ARGV[1], ARGV[2]) -- want "ZRANGEBYSCORE without LIMIT"
-- A hash looped over is a collection; one read as an object is not.
local function children(k)
  local done = redis.call('HGETALL', k .. ':processed') -- want "HGETALL reads the whole hash, which the script loops over as a collection"
  for i = 1, #done, 2 do
    redis.call('DEL', done[i])
  end
  local names = redis.call('HKEYS', k) -- want "HKEYS reads the whole hash"
  for _, n in ipairs(names) do
    redis.call('DEL', n)
  end
  local job = redis.call('HGETALL', k)
  if #job > 0 then return {job} end
  return {}
end
children(KEYS[8])
return {members, all, all2, all3, z, zr, due, old, lex, by, u, head, first, batch, batch2, tail, one, some, obj, fields, pos, same, same2, same3, open}
