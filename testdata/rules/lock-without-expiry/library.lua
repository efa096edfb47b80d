#!lua name=locks
redis.register_function('acquire', function(keys, args)
  return redis.call('SET', keys[1], args[1], 'NX') -- want "key keys\[1\] set with NX has no EX/PX"
end)

-- An expiry in another function does not run in the same call.
redis.register_function('touch', function(keys, args)
  return redis.call('PEXPIRE', keys[1], args[1])
end)

redis.register_function('acquire_ttl', function(keys, args)
  if redis.call('SETNX', keys[1], args[1]) == 1 then
    redis.call('EXPIRE', keys[1], args[2])
    return 1
  end
  return 0
end)
