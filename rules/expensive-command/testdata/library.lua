#!lua name=lib
redis.register_function('ids', function(keys, args)
  return redis.call('SMEMBERS', keys[1]) -- want "SMEMBERS reads the whole set"
end)
redis.register_function('find', function(keys, args)
  return redis.call('KEYS', args[1]) -- want "KEYS walks every key"
end)
