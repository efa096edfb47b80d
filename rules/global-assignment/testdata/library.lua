#!lua name=counters
counter = 0 -- want "FUNCTION LOAD fails"
redis.register_function('inc', function(keys, args)
  last = args[1] -- want "FCALL fails when it gets here"
  return redis.call('INCR', keys[1])
end)
