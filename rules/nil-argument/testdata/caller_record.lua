-- A table of settings keyed by what the caller passes (fishjoy's 'cfg'
-- hash: 'group_type_<t>_<setting>'). The script returns when the record's
-- first field is missing; the record's other fields, named by the same
-- caller's value, are kept by whoever writes the record: no evidence that
-- they are missing, so no finding.
local group_type = KEYS[1]
local players = redis.call('HGET', 'cfg', 'group_type_' .. group_type .. '_total_players')
if false == players then return 'invalid_group_type' end
local capacity = redis.call('HGET', 'cfg', 'group_type_' .. group_type .. '_capacity')
redis.call('HSET', 'group:' .. ARGV[1], 'players', players, 'capacity', capacity)

-- A setting named by a caller's value no test found: the caller may name
-- any level, and HSET of false fails.
local rate = redis.call('HGET', 'cfg', 'vip_' .. ARGV[2] .. '_rate')
redis.call('HSET', 'user:' .. ARGV[1], 'rate', rate) -- want "rate \(argument 3 of HSET\) may be false .*comes from the caller and the script did not add it"

-- Another caller's value than the one the path found: still evidence.
local other = redis.call('HGET', 'cfg', 'group_type_' .. ARGV[3] .. '_capacity')
redis.call('HSET', 'group:' .. ARGV[1], 'other', other) -- want "other \(argument 3 of HSET\) may be false"

-- A test that does not leave: the path reaches the read with the record
-- missing.
local t2 = KEYS[2]
local first = redis.call('HGET', 'cfg', 'group_type_' .. t2 .. '_total_players')
if not first then redis.call('INCR', 'misses') end
local second = redis.call('HGET', 'cfg', 'group_type_' .. t2 .. '_capacity')
redis.call('HSET', 'group:' .. ARGV[1], 'second', second) -- want "second \(argument 3 of HSET\) may be false"
return 1
