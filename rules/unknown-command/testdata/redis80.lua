-- fixture: target=redis-8.0
-- Redis 8.0 bundles the modules; a module command that came with a later
-- module release numbered like Redis's (FT.HYBRID, 8.4) is likely absent,
-- not proven (H16, H17): a warning.
local a = redis.call('JSON.GET', KEYS[1], '$')
local b = redis.call('TS.ADD', KEYS[1], '*', 1)
local c = redis.call('FT.HYBRID', 'idx', 'SEARCH', '*') -- want:warning "FT.HYBRID came with RediSearch 8.4.0, which Redis 8.0 may not bundle — a Redis 8.x bundles the module release of its own number, so the server likely answers 'ERR Unknown Redis command called from script'"
-- The Redis table is at a commit before 8.0's release (it lacks HGETEX,
-- HSETEX, HGETDEL and the vector sets), so on 8.0 a name it lacks may be
-- one of 8.0's: advice, as on the newest. New commands add a type letter
-- (HGETEX, GETEX on a hash) or change one (HSETEX beside HSETNX, VADD
-- beside SADD); a typo doubles, drops or swaps one (HGETALLL): a warning.
local d = redis.call('HGETEX', KEYS[1], 'FIELDS', 1, 'f') -- want:info "^\"HGETEX\" is not a known command .*— no Redis, Valkey or module table"
local e = redis.call('HSETEX', KEYS[1], 'FIELDS', 1, 'f', 'v') -- want:info "^\"HSETEX\" is not a known command"
local f = redis.call('HGETDEL', KEYS[1], 'FIELDS', 1, 'f') -- want:info "^\"HGETDEL\" is not a known command"
local g = redis.call('VADD', KEYS[2], 'VALUES', 2, 0.1, 0.2, 'm') -- want:info "^\"VADD\" is not a known command"
local h = redis.call('HGETALLL', KEYS[1]) -- want:warning "\"HGETALLL\" is not a known command \(did you mean HGETALL\?\)"
return {a, b, c, d, e, f, g, h}
