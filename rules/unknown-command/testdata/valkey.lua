-- fixture: target=valkey-8.0
-- On Valkey 8.0: server.call is redis.call (H1), Valkey's own commands
-- run, Redis's alone fail, and the error texts are Valkey 8's (H9).
local a = server.call('CLIENT', 'CAPA', 'redirect')
local b = server.call('SCRIPT', 'SHOW', ARGV[1])
local c = server.call('ZSCAN', KEYS[1], 0, 'NOSCORES')
local d = server.call('HEXPIRE', KEYS[1], 10, 'FIELDS', 1, 'f') -- want:error "HEXPIRE exists only on Redis \(from 7.4.0\), and the target is Valkey 8.0 — Valkey answers 'ERR Unknown command called from script'; if the script runs on Redis, set target: redis-7.4"
local e = redis.call('HTTL', KEYS[1], 'FIELDS', 1, 'f') -- want:error "HTTL exists only on Redis"
local f = server.call('SFLUSH', 0, 16383) -- want:error "SFLUSH exists only on Redis \(from 8.0.0\)"
-- Valkey loads no module unless modules: says so.
local g = server.call('JSON.GET', KEYS[1]) -- want:error "JSON.GET is a RedisJSON command, and the target Valkey 8.0 does not load RedisJSON — the server answers 'ERR Unknown command called from script'; if yours loads RedisJSON, add json to modules: in .lint-lua.yaml \(or pass --modules json\)$"
local h = server.call('GETT', KEYS[1]) -- want:error "\"GETT\" is not a known command \(did you mean GET\?\) — .*'ERR Unknown command called from script'"
return {a, b, c, d, e, f, g, h}
