#!lua name=dups
local function a(keys, args) return 1 end
redis.register_function('get', a)
redis.register_function('set', a)
redis.register_function('get', a) -- want "function get is registered a second time \(first on line 3\).*Function already exists in the library"
redis.register_function{function_name = 'set', callback = a} -- want "function set is registered a second time"
redis.register_function('Incr', a)
redis.register_function('incr', a) -- want "function incr differs from Incr \(line 7\) only in case.*crashes redis-server 7.0.15"
-- A choice made while loading: only one arm runs.
if redis.REDIS_VERSION >= '7.2' then
  redis.register_function('versioned', a)
else
  redis.register_function('versioned', a)
end
