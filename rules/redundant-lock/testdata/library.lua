#!lua name=shop
redis.register_function('buy', function(keys, args)
  if redis.call('SET', keys[2], args[1], 'NX', 'PX', 1000) then -- want "lock keys\[2\] is taken with SET and deleted again by DEL on line 5 in the same function"
    redis.call('DECRBY', keys[1], 1)
    redis.call('DEL', keys[2])
    return 1
  end
  return 0
end)

-- Taken in one function, released by another call: a real lock.
redis.register_function('lock', function(keys, args)
  return redis.call('SET', keys[1], args[1], 'NX', 'PX', args[2]) and 1 or 0
end)
redis.register_function('unlock', function(keys, args)
  if redis.call('GET', keys[1]) == args[1] then
    return redis.call('DEL', keys[1])
  end
  return 0
end)
