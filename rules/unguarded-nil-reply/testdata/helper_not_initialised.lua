-- The buggy forms beside helper_initialised.lua: a helper that writes
-- another key, and one that creates only one of the fields read, leave the
-- other reads null on a missing key.
local touch = function(key)
  redis.call('SET', key .. ':seen', 1)
end
local createTokens = function(key, limit)
  if redis.call('EXISTS', key) == 0 then
    redis.call('HSET', key, 'tokens', limit)
  end
end
touch(KEYS[1])
local v = redis.call('HGET', KEYS[1], 'hits')
createTokens(KEYS[2], ARGV[1])
local tokens = redis.call('HGET', KEYS[2], 'tokens')
local ts = redis.call('HGET', KEYS[2], 'ts')
local hits = v + 1 -- want "v holds the HGET reply"
return {hits, tokens - 1, ts + 0} -- want "ts holds the HGET reply, false when the hash or the field is missing . the script creates the hash without this field on line 9"
