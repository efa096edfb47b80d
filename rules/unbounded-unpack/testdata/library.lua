#!lua name=unpacks

redis.register_function('drain', function(keys, args)
  local ids = redis.call('SMEMBERS', keys[1])
  return redis.call('SREM', keys[1], unpack(ids)) -- want "SMEMBERS replies with the whole collection"
end)

redis.register_function('add', function(keys, args)
  return redis.call('SADD', keys[1], unpack(args)) -- want "once the caller passes 8000 arguments"
end)
