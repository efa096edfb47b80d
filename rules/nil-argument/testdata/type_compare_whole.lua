-- alexanderscott/redis-lua-samples COPY.lua (round 8a): the whole TYPE reply
-- compared with a type name. The reply is a status table, never equal to a
-- string (reply-type-compare reports that), so the branch never runs; the
-- reads inside it are judged as the author meant them: a key whose TYPE is
-- string exists, and its GET is not false.
local keyType = redis.call('TYPE', KEYS[1])
if keyType == 'string' then
  redis.call('SET', KEYS[2], redis.call('GET', KEYS[1]))
end

-- A TYPE test of another key, or one that admits a missing key, guards
-- nothing: still reported.
if redis.call('TYPE', KEYS[3]) == 'string' then
  redis.call('SET', KEYS[2], redis.call('GET', KEYS[4])) -- want "KEYS\[4\]\) \(argument 2 of SET\) may be false"
end
if redis.call('TYPE', KEYS[3]) ~= 'hash' then
  redis.call('SET', KEYS[2], redis.call('GET', KEYS[3])) -- want "\(argument 2 of SET\) may be false"
end
return nil
