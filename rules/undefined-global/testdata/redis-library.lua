#!lua name=rlib
-- fixture: target=redis-7.2
-- A Valkey library linted for Redis: FUNCTION LOAD fails (H3, observed on
-- Redis 7.0.15, 7.2.6, 7.4.1).
server.register_function('f', function(keys, args) -- want:error "server is Valkey's name for redis"
  return server.call('GET', keys[1])
end)
