-- Redis 7.4 and later (the default target, the newest Redis) give scripts
-- an os table with only os.clock (H7, observed on 7.4.1).
local t0 = os.clock()
local now = os.time() -- want:error "os.time does not exist: the os table of the newest Redis holds only os.clock — the field is nil and calling it fails with 'attempt to call field 'time' \(a nil value\)'; use redis.call\('TIME'\)"
local home = os.getenv('HOME') -- want:error "os.getenv does not exist"
local clock = os.clock
-- No server sets these (H4, observed): nil, a warning.
local v = redis.SERVER_VERSION -- want:warning "redis.SERVER_VERSION is not set on Redis or Valkey — it reads nil"
local n = tonumber(redis.SERVER_VERSION_NUM) -- want:warning "redis.SERVER_VERSION_NUM is not set"
-- Valkey's fields read nil on Redis: a test for Valkey, not reported.
local valkey = redis.VALKEY_VERSION ~= nil
local name = redis.SERVER_NAME or 'redis'
return {t0, now, home, clock(), v, n, valkey, name, redis.REDIS_VERSION}
