-- An EVAL script (it reads KEYS at its top level) has no register_function.
local v = redis.call('GET', KEYS[1])
redis.register_function('f', function(keys, args) return v end) -- want "in an EVAL script.*attempt to call field 'register_function' \(a nil value\)"
return v
