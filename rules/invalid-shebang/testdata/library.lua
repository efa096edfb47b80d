#!lua name=my_lib_2
local function f(keys, args) return redis.call('GET', keys[1]) end
redis.register_function('f', f)
