-- Whole-keyspace commands.
local keys = redis.call('KEYS', 'user:*') -- want "KEYS walks every key of the database — the server serves no other client until the script ends"
local call = redis.call
call('flushall') -- want "FLUSHALL frees every key inside the script.*add ASYNC"
redis.call('FLUSHDB') -- want "FLUSHDB frees every key"
redis.call('FLUSHDB', 'ASYNC')
redis.call('FLUSHALL', 'async')

-- SCAN in a loop walks the keyspace; one SCAN per script is the right form.
local cursor = '0'
repeat
  local r = redis.call('SCAN', cursor, 'MATCH', 'job:*', 'COUNT', 100) -- want "SCAN in a loop walks the whole keyspace in one script"
  cursor = r[1]
until cursor == '0'
local one = redis.call('SCAN', ARGV[1], 'MATCH', 'job:*', 'COUNT', 100)
while true do
  local r = redis.call('SSCAN', KEYS[1], cursor) -- want "SSCAN in a loop reads the whole collection"
  if r[1] == '0' then break end
  cursor = r[1]
end
local h = redis.call('HSCAN', KEYS[2], ARGV[1], 'COUNT', 50)
return {keys, one, h}
