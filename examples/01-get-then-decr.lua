-- Flash sale, first try: crashes when the stock key is missing.
local stock = redis.call('GET', KEYS[1])
if tonumber(stock) > 0 then
  redis.call('DECR', KEYS[1])
  return 1
end
return 0
