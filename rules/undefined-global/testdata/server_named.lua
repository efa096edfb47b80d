-- fixture: target=redis-7.2
-- On a Redis target the configuration names, server is undefined: one
-- finding for the file, at its first use, with the fix, an error.
server.call('SET', KEYS[1], ARGV[1]) -- want:error "^server is Valkey's name for redis, and the target is Redis 7.2 — Redis fails the script at its first server with 'Script attempted to access nonexistent global variable 'server''; if it runs on Valkey, set target: valkey"
local n = server.call('INCR', KEYS[2])
local ttl = server.pcall('PTTL', KEYS[2])
return {n, ttl, nope} -- want:error "global nope does not exist in the Lua sandbox of Redis 7.2"
