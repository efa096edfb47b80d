-- Names no table knows, through redis.call, redis.pcall and aliases, on
-- the newest Redis (the default target). A known name with a letter
-- doubled, dropped or swapped with its neighbour is a typo: a warning.
-- Otherwise it may be a command newer than the tables (redis80.lua):
-- advice. On a declared target the tables describe whole, all are errors
-- (covered.lua).
local v = redis.call('GETT', KEYS[1]) -- want:warning "\"GETT\" is not a known command \(did you mean GET\?\) — .*a server without it answers 'ERR Unknown Redis command called from script'"
local w = redis.pcall('hgett', KEYS[1], 'f') -- want:warning "\"hgett\" is not a known command \(did you mean HGET\?\)"
local call = redis.call
call('ZADDD', KEYS[2], 1, 'm') -- want:warning "did you mean ZADD\?"
redis.call('NOPE') -- want:info "^\"NOPE\" is not a known command — no Redis, Valkey or module table"
redis.call('frobnicate', KEYS[1]) -- want:info "^\"frobnicate\" is not a known command —"
redis.call('JSON.GTE', KEYS[1]) -- want:warning "did you mean JSON.GET\?"
-- Redis 8.8's Array type, newer than the tables (Redisson's RCircularBuffer).
redis.call('ARLEN', KEYS[1]) -- want:info "^\"ARLEN\" is not a known command.*newer than those tables"

-- A whole command line in one string.
redis.call('SET k v') -- want:error "\"SET k v\" is not a command — the server takes the command name alone and each argument separately, as redis.call\('SET', ...\)"
redis.call('CONFIG GET', 'maxmemory') -- want:error "\"CONFIG GET\" is not a command"
redis.call('get ', KEYS[1]) -- want:error "\"get \" is not a command \(command names hold no spaces\) — the server answers 'ERR Unknown Redis command called from script'"

-- Unknown subcommands.
redis.call('CONFIG', 'FOO') -- want:info "CONFIG has no subcommand \"FOO\" — .*answers 'ERR Unknown Redis command called from script'"
redis.call('OBJECT', 'ENCODNG', KEYS[1]) -- want:warning "OBJECT has no subcommand \"ENCODNG\" \(did you mean OBJECT ENCODING\?\)"

-- A command of Valkey alone, on the newest Redis.
redis.call('CLIENT', 'CAPA', 'redirect') -- want:error "CLIENT CAPA exists only on Valkey \(from 8.0.0\), and the target is the newest Redis — Redis answers 'ERR Unknown Redis command called from script'; if the script runs on Valkey, set target: valkey"

-- Correct forms stay silent: any case, subcommands, dynamic names.
local a = redis.call('get', KEYS[1])
local b = redis.call('GET', KEYS[1])
local c = call('HGET', KEYS[1], 'f')
local d = redis.call('OBJECT', 'ENCODING', KEYS[1])
local e = redis.call('object', 'encoding', KEYS[1])
local f = redis.call(ARGV[1], KEYS[1])
local g = redis.call('CONFIG', ARGV[2])
local h = redis.call('SET', KEYS[1], 'v', 'GET')
local i = redis.call('GETDEL', KEYS[1])
local j = redis.call('LMPOP', 1, KEYS[1], 'LEFT')
local k = redis.call('HEXPIRE', KEYS[1], 10, 'FIELDS', 1, 'f')
-- The newest Redis bundles the modules (Redis 8).
local l = redis.call('JSON.GET', KEYS[1], '$')
local n = redis.call('FT.SEARCH', 'idx', '*')
local o = redis.call('TS.ADD', KEYS[1], '*', 1)
local q = redis.call('BF.ADD', KEYS[1], 'x')
local r = redis.call('FT.CONFIG', 'GET', '*')
return {v, w, a, b, c, d, e, f, g, h, i, j, k, l, n, o, q, r}
