-- fixture: target=redis-7.4 modules=json
-- Modules listed load on any target; the others stay missing.
local a = redis.call('JSON.GET', KEYS[1], '$')
local b = redis.call('JSON.MGET', KEYS[1], KEYS[2], '$')
local c = redis.call('TS.ADD', KEYS[1], '*', 1) -- want:error "TS.ADD is a RedisTimeSeries command, and the target Redis 7.4 does not load RedisTimeSeries"
-- Module options are dated in the module's numbering: not checked.
local d = redis.call('JSON.SET', KEYS[1], '$', ARGV[1], 'NX')
return {a, b, c, d}
