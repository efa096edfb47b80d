#!lua name=ratelimit
-- A counter created with SET NX and then incremented is not a lock: its
-- reset deletes it without an owner.
redis.register_function('hit', function(keys, args)
  redis.call('SET', keys[1], 0, 'NX', 'EX', args[1])
  return redis.call('INCR', keys[1])
end)
redis.register_function('reset', function(keys, args)
  return redis.call('DEL', keys[1])
end)
