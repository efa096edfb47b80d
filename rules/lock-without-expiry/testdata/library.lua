#!lua name=locks
redis.register_function('acquire', function(keys, args)
  return redis.call('SET', keys[1], args[1], 'NX') -- want "lock keys\[1\] set with NX has no EX/PX"
end)

-- An expiry in another function does not run in the same call.
redis.register_function('touch', function(keys, args)
  return redis.call('PEXPIRE', keys[1], args[1])
end)

redis.register_function('release', function(keys, args)
  if redis.call('GET', keys[1]) == args[1] then
    return redis.call('DEL', keys[1])
  end
  return 0
end)

redis.register_function('acquire_ttl', function(keys, args)
  if redis.call('SETNX', keys[2], args[1]) == 1 then
    redis.call('EXPIRE', keys[2], args[2])
    return 1
  end
  return 0
end)
