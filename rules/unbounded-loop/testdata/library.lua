#!lua name=loops
-- In a library the kill command is FUNCTION KILL.
redis.register_function('drain', function(keys, args)
  redis.call('SET', keys[1], 'draining')
  while true do -- want "after the SET at line 4 FUNCTION KILL answers UNKILLABLE"
  end
end)

redis.register_function('batch', function(keys, args)
  for i = 1, tonumber(args[1]) do -- want "a number taken from the function's arguments"
    redis.call('RPUSH', keys[1], i)
  end
  for i = 1, 100 do
    redis.call('RPUSH', keys[1], i)
  end
end)
