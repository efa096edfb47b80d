-- The nil from tonumber reaches the comparison.
local stock = tonumber(redis.call('GET', KEYS[1]))
if stock <= 0 then
  return 0
end
redis.call('DECR', KEYS[1])
return 1
