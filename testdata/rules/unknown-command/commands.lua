-- Typos of command names, through redis.call, redis.pcall and aliases.
local v = redis.call('GETT', KEYS[1]) -- want "\"GETT\" is not a Redis command \(did you mean GET\?\) — Redis answers 'ERR Unknown Redis command called from script'"
local w = redis.pcall('hgett', KEYS[1], 'f') -- want "\"hgett\" is not a Redis command \(did you mean HGET\?\)"
local call = redis.call
call('ZADDD', KEYS[2], 1, 'm') -- want "did you mean ZADD\?"
redis.call('NOPE') -- want "^\"NOPE\" is not a Redis command — Redis answers"
redis.call('frobnicate', KEYS[1]) -- want "^\"frobnicate\" is not a Redis command —"

-- A whole command line in one string.
redis.call('SET k v') -- want "\"SET k v\" is not a Redis command — Redis takes the command name alone and each argument separately, as redis.call\('SET', ...\)"
redis.call('CONFIG GET', 'maxmemory') -- want "\"CONFIG GET\" is not a Redis command"
redis.call('get ', KEYS[1]) -- want "\"get \" is not a Redis command"

-- Unknown subcommands.
redis.call('CONFIG', 'FOO') -- want "CONFIG has no subcommand \"FOO\" — Redis answers 'ERR Unknown Redis command called from script'"
redis.call('OBJECT', 'ENCODNG', KEYS[1]) -- want "OBJECT has no subcommand \"ENCODNG\" \(did you mean OBJECT ENCODING\?\)"

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
return {v, w, a, b, c, d, e, f, g, h, i, j, k}
