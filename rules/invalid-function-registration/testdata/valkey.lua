#!lua name=vlib
-- fixture: target=valkey-8.0
-- Valkey 8 names the function server.register_function in FUNCTION LOAD's
-- errors, whichever name the library used (H9, observed on 8.0.1).
server.register_function('f', 1) -- want "the second argument of redis.register_function, 1, is not a function — FUNCTION LOAD fails with 'ERR second argument to server.register_function must be a function'"
redis.register_function{function_name = 'g', callback = function() return 1 end, flags = 'no-writes'} -- want "'ERR flags argument to server.register_function must be a table representing function flags'"
server.register_function('h', function(keys, args) return server.call('GET', keys[1]) end)
