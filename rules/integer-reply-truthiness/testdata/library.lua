#!lua name=sets
redis.register_function('add_once', function(keys, args)
  if redis.call('SISMEMBER', keys[1], args[1]) then -- want "the SISMEMBER reply"
    return 0
  end
  if redis.call('SISMEMBER', keys[1], args[1]) == 1 then
    return 0
  end
  return redis.call('SADD', keys[1], args[1])
end)
