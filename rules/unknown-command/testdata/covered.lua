-- fixture: target=redis-7.4
-- A declared target that the tables describe whole: a name no table knows
-- is certainly absent from it, whether a typo or a command of a later
-- release (Redisson's GCRA, held out of Redis 8.8; 8.8's ARLEN). The
-- newest Redis (commands.lua) and versions beyond the tables
-- (beyond_tables.lua) keep them as a warning or info.
local burst = redis.call('HGET', KEYS[1], 'maxBurst')
local r = redis.call('GCRA', KEYS[2], burst, 10, 60) -- want:error "^\"GCRA\" is not a known command — the tables lint-lua has describe Redis 7.4 whole and none has it: the server answers 'ERR Unknown Redis command called from script'"
redis.call('ARLEN', KEYS[1]) -- want:error "^\"ARLEN\" is not a known command .*— the tables lint-lua has describe Redis 7.4 whole"
redis.call('GETT', KEYS[1]) -- want:error "\"GETT\" is not a known command \(did you mean GET\?\)"
redis.call('CONFIG', 'FOO') -- want:error "CONFIG has no subcommand \"FOO\" — the tables lint-lua has describe Redis 7.4 whole"
-- Known commands stay silent.
return redis.call('GET', KEYS[1])
