-- The order-quantity script: the guard stops at an empty stock, but the
-- write subtracts the caller's quantity.
local stock = tonumber(redis.call('get', KEYS[1]))
if stock <= 0 then
  return {-1, "no stock"}
end
if redis.call('exists', KEYS[2]) == 1 then
  return {-2, "dup"}
end
redis.call('decrby', KEYS[1], ARGV[1]) -- want "DECRBY of KEYS\[1\] by ARGV\[1\] can take the value below zero — the guard on line 4 \(stock <= 0\) checks it against 0"
redis.call('set', KEYS[2], 1, 'EX', 3600)
return {1, "ok"}
