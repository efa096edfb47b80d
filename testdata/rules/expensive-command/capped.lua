-- A list and a sorted set the script caps itself: reading them whole is bounded.
redis.call('LPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], 0, 99)
local recent = redis.call('LRANGE', KEYS[1], 0, -1)
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -101)
local top = redis.call('ZRANGE', KEYS[2], 0, -1)
-- A sliding window trimmed by score.
redis.call('ZREMRANGEBYSCORE', KEYS[3], 0, ARGV[3])
local window = redis.call('ZRANGEBYSCORE', KEYS[3], ARGV[3], '+inf')
-- Another list, not capped.
local other = redis.call('LRANGE', KEYS[4], 0, -1) -- want "LRANGE 0 -1 reads the whole list"
return {recent, top, window, other}
