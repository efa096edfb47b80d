-- Decrement first, undo when it went below zero.
if redis.call('DECR', KEYS[1]) >= 0 then
  return 1
else
  redis.call('INCR', KEYS[1])
  return 0
end
