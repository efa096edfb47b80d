-- fixture: target=valkey-8.0
-- Valkey 8 words the errors without "Redis" (H9, observed on 8.0.1).
server.call('SET', KEYS[1]) -- want:error "SET takes at least 2 arguments after the command name, this call passes 1 — Valkey answers 'ERR Wrong number of args calling command from script'"
server.call() -- want:error "server.call\(\) is given no command — Valkey answers 'ERR Please specify at least one argument for this call'"
-- Valkey 8's BITCOUNT takes a start without an end (H14, observed).
local n = server.call('BITCOUNT', KEYS[1], 0)
return n
