#!lua name=mylib
local function get(keys, args)
  redis.call('SET', keys[1], args[1])
  return redis.call('GET', 'config:' .. args[1]) -- want "built inside the script — Redis Cluster routes the script by the function's keys only"
end
redis.register_function('get', get)
redis.register_function{function_name = 'put', callback = function(keys, args)
  return redis.call('SET', args[1], keys[1]) -- want "taken from ARGV"
end}
