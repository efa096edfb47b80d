#!lua name=lib
redis.register_function('f', function(keys, args)
  local v = redis.call('INCRBYY', keys[1], 1) -- want:warning "\"INCRBYY\" is not a known command \(did you mean INCRBY\?\)"
  return redis.call('INCRBY', keys[1], 1)
end)
