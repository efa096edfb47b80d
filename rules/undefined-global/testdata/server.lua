-- With no target configured (the newest Redis by default), server is
-- undefined there, but the script's own text says it is written for Valkey
-- (litestar's stores/valkey.py): one finding for the file, at its first use,
-- with the fix, at info. server_named.lua: a named Redis target keeps the
-- error.
server.call('SET', KEYS[1], ARGV[1]) -- want:info "^server is Valkey's name for redis, and the target is the newest Redis — Redis fails the script at its first server with 'Script attempted to access nonexistent global variable 'server''; if it runs on Valkey, set target: valkey"
local n = server.call('INCR', KEYS[2])
local ttl = server.pcall('PTTL', KEYS[2])
return {n, ttl, nope} -- want:error "global nope does not exist in the Lua sandbox of the newest Redis"
