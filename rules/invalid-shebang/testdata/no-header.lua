-- A library whose #!lua name=... line is missing.
local function f(keys, args) return redis.call('GET', keys[1]) end
redis.register_function('f', f) -- want "registers Redis Functions but has no '#!lua name=<library>' first line.*ERR Missing library metadata"
redis.register_function('g', f)
