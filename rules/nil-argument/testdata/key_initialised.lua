-- A key the script fills when it is missing: the fields it writes then are
-- there whenever the key is.
local function filled_when_missing()
  local k = KEYS[1]
  if redis.call('EXISTS', k) == 0 then
    redis.call('HSET', k, 'owner', ARGV[1], 'since', ARGV[2])
  end
  local owner = redis.call('HGET', k, 'owner')
  redis.call('SET', KEYS[2], owner)
end

local function field_not_written()
  local k = KEYS[1]
  if redis.call('EXISTS', k) == 0 then
    redis.call('HSET', k, 'owner', ARGV[1])
  end
  local since = redis.call('HGET', k, 'since')
  redis.call('SET', KEYS[2], since) -- want "since"
end

return { filled_when_missing, field_not_written }
