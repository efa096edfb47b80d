-- fixture: target=redis-9.0
-- A version newer than every table: a name they lack may be one of its
-- commands, so it stays advice (a typo a warning), as on the newest Redis.
redis.call('GCRA', KEYS[1], 10, 10, 60) -- want:info "^\"GCRA\" is not a known command — no Redis, Valkey or module table .*newer than those tables"
redis.call('GETT', KEYS[1]) -- want:warning "did you mean GET\?"
return redis.call('GET', KEYS[1])
