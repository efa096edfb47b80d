#!lua name=keysvalues

redis.register_function('f', function(keys, args)
  redis.call('SET', keys[1], keys[2]) -- want "keys\[2\] is passed to SET as a value \(argument 2\) and never used as a key — everything in the function's keys"
  return redis.call('SET', keys[1], args[1])
end)

redis.register_function('g', function(keys, args)
  -- keys[2] is a key here.
  redis.call('SET', keys[2], args[1])
  return redis.call('SADD', keys[1], keys[2])
end)
