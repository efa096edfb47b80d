#!lua name=vlib
-- fixture: target=valkey-7.2
-- A Valkey library registers through server (H3, observed).
server.register_function('f', function(keys, args)
  return server.call('GET', keys[1])
end)
server.log(server.LOG_NOTICE, 'loaded')
local v = server.REDIS_VERSION
local c = server.call -- want "server.call does not exist while a Functions library loads"
