local tokens = redis.call('GET', KEYS[1])
if tokens and tonumber(tokens) > 0 then
  redis.call('DECR', KEYS[1])
  return 'ok'
else
  return 'limited'
end
