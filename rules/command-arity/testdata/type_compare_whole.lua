-- alexanderscott/redis-lua-samples COPY.lua (round 8a): inside a branch that
-- the TYPE reply compared with 'hash' selects, the hash exists and Redis
-- keeps a hash only while it has fields, so HGETALL is not empty and the
-- HMSET of its unpack has values. (The whole reply never equals a string,
-- reply-type-compare's error; the branch is judged as the author meant it.)
local keyType = redis.call('TYPE', KEYS[1])
if keyType == 'hash' then
  local hash = redis.call('HGETALL', KEYS[1])
  redis.call('HMSET', KEYS[2], unpack(hash))
end

-- The HGETALL of another key in that branch may be empty: still reported.
if keyType == 'hash' then
  local other = redis.call('HGETALL', KEYS[3])
  redis.call('HMSET', KEYS[2], unpack(other)) -- want "HMSET fails when other is empty"
end
return nil
