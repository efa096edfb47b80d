-- A KEYS element compared with a reply is a value (an owner token passed in
-- KEYS): with several keys it must share their slot.
if redis.call('GET', KEYS[1]) == KEYS[3] then -- want "KEYS\[3\] is compared as a value and never used as a key"
  return redis.call('DEL', KEYS[1], KEYS[2])
end
return 0
