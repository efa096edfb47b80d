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
-- Symfony's semaphore: the weights are intersected with a set the script
-- trims by score, and an intersection is a subset of each of its sets.
local weightKey = KEYS[5] .. ':weight'
local timeKey = KEYS[5] .. ':time'
redis.call('ZREMRANGEBYSCORE', timeKey, '-inf', ARGV[4])
redis.call('ZINTERSTORE', weightKey, 2, weightKey, timeKey, 'WEIGHTS', 1, 0)
local holders = redis.call('ZRANGE', weightKey, 0, -1, 'WITHSCORES')
-- A union is no subset, nor an intersection of sets nobody trims.
local unionKey = KEYS[6] .. ':union'
redis.call('ZUNIONSTORE', unionKey, 2, unionKey, timeKey)
local union = redis.call('ZRANGE', unionKey, 0, -1) -- want "ZRANGE 0 -1 reads the whole sorted set"
local interKey = KEYS[7] .. ':inter'
redis.call('ZINTERSTORE', interKey, 2, interKey, KEYS[8])
local inter = redis.call('ZRANGE', interKey, 0, -1) -- want "ZRANGE 0 -1 reads the whole sorted set"
-- Another list, not capped.
local other = redis.call('LRANGE', KEYS[4], 0, -1) -- want "LRANGE 0 -1 reads the whole list"
return {recent, top, window, holders, union, inter, other}
