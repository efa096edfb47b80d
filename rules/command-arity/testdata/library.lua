#!lua name=lib
local function helper(k)
  return redis.call('INCR', k, 1) -- want "INCR takes 1 argument after the command name, this call passes 2"
end
redis.register_function('f', function(keys, args)
  helper(keys[1])
  return redis.call('LPUSH', keys[1]) -- want "LPUSH takes at least 2 arguments"
end)
