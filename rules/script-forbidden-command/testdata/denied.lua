-- fixture: target=redis-7.0
-- Blocking commands: a script cannot wait.
local a = redis.call('BLPOP', KEYS[1], 0) -- want "BLPOP is refused inside a script — Redis answers 'ERR This Redis command is not allowed from script'; use LPOP"
local b = redis.call('brpop', KEYS[1], 5) -- want "BRPOP is refused .* use RPOP"
local c = redis.call('BRPOPLPUSH', KEYS[1], KEYS[2], 1) -- want "BRPOPLPUSH is refused .* use LMOVE"
local d = redis.call('BLMOVE', KEYS[1], KEYS[2], 'LEFT', 'RIGHT', 0) -- want "BLMOVE is refused .* use LMOVE"
local e = redis.call('BZPOPMIN', KEYS[1], 0) -- want "BZPOPMIN is refused .* use ZPOPMIN"
local f = redis.call('BZPOPMAX', KEYS[1], 0) -- want "BZPOPMAX is refused .* use ZPOPMAX"
local g = redis.call('WAIT', 1, 100) -- want "WAIT is refused .* call WAIT from the client after the script"
-- Through aliases and pcall.
local call = redis.call
call('MULTI') -- want "MULTI is refused .* drop it: a script already runs atomically"
redis.pcall('EXEC') -- want "EXEC is refused"
redis.call('WATCH', KEYS[1]) -- want "WATCH is refused"
redis.call('EVAL', 'return 1', 0) -- want "EVAL is refused .* call a local Lua function instead"
redis.call('EVALSHA', ARGV[1], 0) -- want "EVALSHA is refused"
redis.call('FCALL', 'f', 0) -- want "FCALL is refused"
redis.call('SUBSCRIBE', 'ch') -- want "SUBSCRIBE is refused"
redis.call('PSUBSCRIBE', 'ch*') -- want "PSUBSCRIBE is refused"
redis.call('SCRIPT', 'FLUSH') -- want "SCRIPT FLUSH is refused"
redis.call('SCRIPT', 'EXISTS', ARGV[1]) -- want "SCRIPT EXISTS is refused"
redis.call('FUNCTION', 'LIST') -- want "FUNCTION LIST is refused"
redis.call('CLIENT', 'KILL', 'ID', 1) -- want "CLIENT KILL is refused"
redis.call('CLIENT', 'LIST') -- want "CLIENT LIST is refused"
redis.call('CLIENT', 'SETNAME', 'x') -- want "CLIENT SETNAME is refused"
redis.call('DEBUG', 'SLEEP', 0) -- want "DEBUG is refused"
redis.call('CONFIG', 'GET', 'maxmemory') -- want "CONFIG GET is refused .* run it from the client instead"
redis.call('CONFIG', 'SET', 'maxmemory', '1mb') -- want "CONFIG SET is refused"
redis.call('CONFIG', ARGV[1], 'x') -- want "CONFIG is refused"
redis.call('SHUTDOWN') -- want "SHUTDOWN is refused"
redis.call('SAVE') -- want "SAVE is refused"
redis.call('BGSAVE') -- want "BGSAVE is refused"
redis.call('MONITOR') -- want "MONITOR is refused"
redis.call('AUTH', 'pw') -- want "AUTH is refused"
redis.call('HELLO') -- want "HELLO is refused"
redis.call('RESET') -- want "RESET is refused"
redis.call('SYNC') -- want "SYNC is refused"
redis.call('QUIT') -- want "QUIT is refused"
redis.call('SLAVEOF', 'NO', 'ONE') -- want "SLAVEOF is refused"
redis.call('REPLICAOF', 'NO', 'ONE') -- want "REPLICAOF is refused"

-- XREAD and XREADGROUP with BLOCK.
local x = redis.call('XREAD', 'BLOCK', 0, 'STREAMS', KEYS[1], '$') -- want "XREAD with BLOCK is refused in a script — Redis answers 'ERR XREAD command is not allowed with BLOCK option from scripts'"
local y = redis.call('XREADGROUP', 'GROUP', 'g', 'c', 'COUNT', 1, 'block', 100, 'STREAMS', KEYS[1], '>') -- want "ERR XREADGROUP command is not allowed with BLOCK option from scripts"

-- Allowed in scripts (redis-facts C13): silent.
local z = {
  redis.call('KEYS', 'x*'),
  redis.call('SCAN', 0),
  redis.call('PUBLISH', 'ch', 'm'),
  redis.call('SELECT', 0),
  redis.call('OBJECT', 'ENCODING', KEYS[1]),
  redis.call('PING'),
  redis.call('INFO'),
  redis.call('TIME'),
  redis.call('RANDOMKEY'),
  redis.call('SRANDMEMBER', KEYS[1]),
  redis.call('SPOP', KEYS[1]),
  redis.call('LPOP', KEYS[1]),
  redis.call('LMOVE', KEYS[1], KEYS[2], 'LEFT', 'RIGHT'),
  redis.call('BLMPOP', 0, 1, KEYS[1], 'LEFT'),
  redis.call('XREAD', 'COUNT', 10, 'STREAMS', KEYS[1], '0'),
  -- BLOCK as a group, consumer or stream name is no option.
  redis.call('XREADGROUP', 'GROUP', 'BLOCK', 'c', 'STREAMS', KEYS[1], '>'),
  redis.call('XREAD', 'STREAMS', 'BLOCK', '0'),
  redis.call('OBJECT', ARGV[1], KEYS[1]),
}
redis.call('CLIENT', ARGV[1]) -- want "CLIENT is refused"

redis.call('FLUSHALL')
return {a, b, c, d, e, f, g, x, y, z}
