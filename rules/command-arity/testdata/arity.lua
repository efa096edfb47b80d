-- Too few and too many arguments.
redis.call('SET', KEYS[1]) -- want "SET takes at least 2 arguments after the command name, this call passes 1 — Redis answers 'ERR Wrong number of args calling Redis command from script'"
local v = redis.call('GET') -- want "GET takes 1 argument after the command name, this call passes 0 — .* \(usage: GET key\)"
local w = redis.call('get', KEYS[1], KEYS[2]) -- want "GET takes 1 argument after the command name, this call passes 2"
local call = redis.call
call('HSET', KEYS[1], 'field') -- want "HSET takes at least 3 arguments after the command name, this call passes 2"
local ok = redis.pcall('EXPIRE', KEYS[1]) -- want "EXPIRE takes at least 2 arguments"
redis.call('CONFIG') -- want "CONFIG needs a subcommand \(.*GET.*\) — Redis answers 'ERR Wrong number of args calling Redis command from script'"
redis.call('OBJECT', 'ENCODING') -- want "OBJECT ENCODING takes 1 argument after the command name, this call passes 0"
redis.call( -- want "redis.call\(\) is given no command — Redis answers 'ERR Please specify at least one argument for this redis lib call'"
)
redis.pcall() -- want "redis.pcall\(\) is given no command"
-- An exact arity already exceeded before a multi-value argument.
redis.call('GET', KEYS[1], KEYS[2], unpack(ARGV)) -- want "GET takes 1 argument after the command name, this call passes at least 2"

-- Right counts stay silent, and so do calls whose count is not known.
local a = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[1], ARGV[1], 'EX', 10)
redis.call('HSET', KEYS[1], 'a', 1, 'b', 2)
redis.call('DEL', unpack(KEYS)) -- want:info "DEL fails when KEYS is empty"
redis.call('MGET', KEYS[1], unpack(ARGV))
redis.call('SET', unpack(ARGV)) -- want:info "SET fails when ARGV is empty"
redis.call(unpack(ARGV))
local e = redis.call('OBJECT', 'ENCODING', KEYS[1])
local f = redis.call('CONFIG', 'FOO') -- an unknown subcommand is unknown-command's
local g = redis.call('NOPE') -- an unknown command is unknown-command's
local h = redis.call('GET K', KEYS[1]) -- no such command either
return {v, w, ok, a, e, f, g, h}
