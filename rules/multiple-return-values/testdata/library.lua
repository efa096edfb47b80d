#!lua name=limits
-- In a Functions library, what a registered function returns is the reply.
local function check(keys, args)
  local n = redis.call('INCR', keys[1])
  return n, redis.call('TTL', keys[1])
end

redis.register_function('check', function(keys, args)
  local n = redis.call('INCR', keys[1])
  if n > 10 then
    return false, 'limited' -- want "function 'check' returns 2 values"
  end
  local a, b = check(keys, args)
  return {a, b}
end)
