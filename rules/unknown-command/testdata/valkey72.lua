-- fixture: target=valkey-7.2
-- Valkey 7.2 is Redis 7.2.4 (H12): Valkey 8.0's own commands and options
-- come later.
local a = server.call('CLIENT', 'CAPA', 'redirect') -- want:error "CLIENT CAPA was added in Valkey 8.0.0, after the target Valkey 7.2 — that server answers 'ERR Unknown Redis command called from script'; use an older command or raise the target \(target: valkey-8.0"
-- Not reported: Valkey 7.2 takes Redis's ZSCAN, which has no NOSCORES
-- token at all, and only dated options are checked (a syntax error on
-- 7.2.7, O12).
local b = server.call('ZSCAN', KEYS[1], 0, 'NOSCORES')
local c = server.call('ZSCAN', KEYS[1], 0)
local d = server.call('GET', KEYS[1])
return {a, b, c, d}
