-- fixture: target=valkey-8.0
-- Valkey 8.0 is described whole by Valkey's table (which reaches 8.1).
server.call('GCRA', KEYS[1], 10, 10, 60) -- want:error "^\"GCRA\" is not a known command — the tables lint-lua has describe Valkey 8.0 whole and none has it: the server answers 'ERR Unknown command called from script'"
return server.call('GET', KEYS[1])
