-- $include(double.lua)
return double(redis.call('INCR', KEYS[1]))
