-- fixture: target=valkey-8.0
-- Valkey 8 words the error differently (H9, observed on 8.0.1).
local v = server.call('GET', KEYS[1])
if not v then
  return nil
end
local w = server.call('GET', KEYS[3])
server.call('SET', KEYS[2], w) -- want "Valkey then fails with 'ERR Command arguments must be strings or integers'"
return v
