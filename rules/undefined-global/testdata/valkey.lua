-- fixture: target=valkey-8.0
-- On Valkey, server is redis (H1, observed on 7.2.4-rc1, 7.2.7, 8.0.1).
server.call('SET', KEYS[1], ARGV[1])
local n = server.call('INCR', KEYS[2])
local s = server
local v = server.VALKEY_VERSION
local t0 = os.clock()
return {n, s.pcall('PTTL', KEYS[2]), v, t0, nope} -- want:error "global nope does not exist in the Lua sandbox of Valkey 8.0"
