-- fixture: target=redis-8.0
-- Redis 8.0 bundles the modules; a module command that came with a later
-- module release numbered like Redis's (FT.HYBRID, 8.4) is likely absent,
-- not proven (H16, H17): a warning.
local a = redis.call('JSON.GET', KEYS[1], '$')
local b = redis.call('TS.ADD', KEYS[1], '*', 1)
local c = redis.call('FT.HYBRID', 'idx', 'SEARCH', '*') -- want:warning "FT.HYBRID came with RediSearch 8.4.0, which Redis 8.0 may not bundle — a Redis 8.x bundles the module release of its own number, so the server likely answers 'ERR Unknown Redis command called from script'"
return {a, b, c}
