-- genkai's rate limiters (round 8b): a local helper creates the hash with
-- every field the script later reads when the key is missing, and the
-- script calls it with KEYS[1] before the reads. The helper's calls take
-- effect where it is called, so the reads cannot be null.
local createIfNotExists = function(key, limit, now)
  if redis.call('EXISTS', key) == 0 then
    redis.call('HMSET', key, 'tokens', limit, 'ts', now)
  end
end
createIfNotExists(KEYS[1], ARGV[1], ARGV[2])
local tokens = redis.call('HGET', KEYS[1], 'tokens')
local ts = redis.call('HGET', KEYS[1], 'ts')
local left = tokens - 1
redis.call('HSET', KEYS[1], 'tokens', left)
return {left, ts + 0}
