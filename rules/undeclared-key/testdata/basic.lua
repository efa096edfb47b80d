-- Keys that do not come from KEYS.
local user = redis.call('GET', 'current_user') -- want "key 'current_user' of GET is a literal"
redis.call('SET', KEYS[1] .. ':lock', 1) -- want "built from a declared key"
redis.call('DEL', ARGV[1]) -- want "taken from ARGV"
local other = redis.call('GET', KEYS[1])
redis.call('INCR', other) -- want "read from a reply"
local k = 'lock:' .. ARGV[2]
redis.call('SET', k, 1, 'NX', 'EX', 10) -- want "built inside the script"
redis.call('MSET', KEYS[1], 'v', 'literal', 'v') -- want "'literal' of MSET"
redis.call('EVALSHA_FAKE', 'x')

-- Keys from KEYS, directly and through locals and aliases: silent.
local key = KEYS[2]
local alias = key
redis.call('SET', alias, ARGV[1])
redis.call('MGET', KEYS[1], KEYS[2], KEYS[3])
redis.call('set', KEYS[1], 'literal value is not a key')
local call = redis.call
call('GET', KEYS[1])
call('GET', 'via_alias') -- want "via_alias"

-- A helper's parameter: where it comes from is the caller's business.
local function incr(kk) return redis.call('INCR', kk) end
incr(KEYS[1])
-- Non-literal numkeys: unknown positions, no claim.
redis.call('ZUNIONSTORE', KEYS[1], #KEYS - 1, unpack(KEYS, 2))

-- Built only from brace-free literals and numbers: a slot of its own, which
-- no {hash tag} from the caller can move.
local segment = tonumber(ARGV[3]) % 100
redis.call('SET', 'lock:' .. segment, 1) -- want "cannot carry a .hash tag."
