#!LUA name=mylib
-- A library's engine is found case-insensitively (#!LUA loads).
redis.register_function('f', function(keys, args) return 1 end)
