#!lua name=alias
-- Registered through an alias: the library registers a function.
local rf = redis.register_function
rf('aliased', function(keys, args) return 1 end)
