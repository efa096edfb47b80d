-- A record of a settings hash keyed by what the caller passes: once the
-- script returned on its missing first field, its other fields are the
-- record writer's to keep (no finding); a setting of another caller's value
-- is still evidence.
local t = ARGV[1]
local max = redis.call('HGET', 'cfg', 'type_' .. t .. '_max')
if not max then return 0 end
local step = tonumber(redis.call('HGET', 'cfg', 'type_' .. t .. '_step'))
local n = redis.call('INCRBY', KEYS[1], step * 2)
local bonus = tonumber(redis.call('HGET', 'cfg', 'bonus_' .. ARGV[2]))
return n + bonus -- want "bonus holds tonumber of the HGET reply, nil when the hash or the field is missing"
