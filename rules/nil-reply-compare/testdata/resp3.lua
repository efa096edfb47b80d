-- With redis.setresp(3) a null reply is nil: comparing with nil is right.
redis.setresp(3)
local v = redis.call('GET', KEYS[1])
if v == nil then
  return 0
end
if redis.call('HGET', KEYS[1], 'f') ~= nil then
  return 1
end
return v
