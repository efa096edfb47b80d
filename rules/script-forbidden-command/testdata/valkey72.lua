-- fixture: target=valkey-7.2
-- Valkey runs blocking commands without blocking (H11, observed on 7.2.7),
-- but refuses XREAD BLOCK until 8.0.
local a = server.call('BRPOP', KEYS[1], 1) -- want:warning "BRPOP never blocks inside a script — on Valkey 7.2"
local e = server.call('XREAD', 'BLOCK', 0, 'STREAMS', KEYS[3], '$') -- want:error "XREAD with BLOCK is refused in a script — Valkey answers 'ERR XREAD command is not allowed with BLOCK option from scripts'"
server.call('EXEC') -- want:error "EXEC is refused inside a script — Valkey answers 'ERR This Redis command is not allowed from script'"
-- WAITAOF is refused until Valkey 8.0 (observed on 7.2.7).
server.call('WAITAOF', 1, 0, 0) -- want:error "WAITAOF is refused inside a script"
return {a, e}
