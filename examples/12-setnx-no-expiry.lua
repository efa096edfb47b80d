-- 03-setnx-expire.lua without its fix: the token is taken with SETNX and
-- nothing gives it an expiry, so the first run counts and every later run
-- with the same id is a duplicate, forever (TTL -1).
if redis.call('SETNX', KEYS[1], '1') == 1 then
  redis.call('INCR', KEYS[2])
  return 1
end
return 0
