local lock = redis.call('SETNX', KEYS[2], 'locked')
if lock == 1 then
  local stock = redis.call('GET', KEYS[1])
  if tonumber(stock) <= 0 then
    redis.call('DEL', KEYS[2])
    return 'no stock'
  end
  redis.call('DECR', KEYS[1])
  redis.call('DEL', KEYS[2])
  return 'ok'
else
  return 'busy'
end
