-- fixture: target=redis-7.2
-- Redis 7.2 has no module unless modules: lists one, no hash-field expiry
-- (7.4) and no Valkey command.
local a = redis.call('JSON.SET', KEYS[1], '$', ARGV[1]) -- want:error "JSON.SET is a RedisJSON command, and the target Redis 7.2 does not load RedisJSON — .*add json to modules: in .lint-lua.yaml \(or pass --modules json\); Redis 8.0 and later bundle it \(target: redis-8.0\)"
local b = redis.call('FT.SEARCH', 'idx', '*') -- want:error "FT.SEARCH is a RediSearch command"
local c = redis.call('HEXPIRE', KEYS[1], 10, 'FIELDS', 1, 'f') -- want:error "HEXPIRE was added in Redis 7.4.0, after the target Redis 7.2 — that server answers 'ERR Unknown Redis command called from script'; use an older command or raise the target \(target: redis-7.4"
local d = redis.call('HPERSIST', KEYS[1], 'FIELDS', 1, 'f') -- want:error "HPERSIST was added in Redis 7.4.0"
local e = redis.call('SCRIPT', 'SHOW', ARGV[1]) -- want:error "SCRIPT SHOW exists only on Valkey \(from 8.0.0\), and the target is Redis 7.2"
local f = redis.call('WAITAOF', 0, 0, 0)
local g = redis.call('GET', KEYS[1])
return {a, b, c, d, e, f, g}
