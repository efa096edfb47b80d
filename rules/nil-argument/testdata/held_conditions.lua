-- A condition kept in a local guards the arguments it tested.
local function settings_present()
  local v = redis.call('HMGET', KEYS[1], 'rate', 'burst')
  local rate, burst = tonumber(v[1]), tonumber(v[2])
  local active = rate ~= nil and burst ~= nil
  if not active then return -1 end
  redis.call('HSET', KEYS[2], 'rate', rate, 'burst', burst)
  return 1
end

local function either_present()
  local v = redis.call('HMGET', KEYS[1], 'rate', 'burst')
  local rate, burst = tonumber(v[1]), tonumber(v[2])
  local any = rate ~= nil or burst ~= nil
  if not any then return -1 end
  redis.call('HSET', KEYS[2], 'rate', rate, 'burst', burst) -- want "rate \(argument 3" "burst \(argument 5"
  return 1
end

local function boolean_reassigned()
  local v = redis.call('HMGET', KEYS[1], 'rate', 'burst')
  local rate, burst = tonumber(v[1]), tonumber(v[2])
  local active = rate ~= nil and burst ~= nil
  active = ARGV[1] == 'force'
  if not active then return -1 end
  redis.call('HSET', KEYS[2], 'rate', rate, 'burst', burst) -- want "rate \(argument 3" "burst \(argument 5"
  return 1
end

return { settings_present, either_present, boolean_reassigned }
