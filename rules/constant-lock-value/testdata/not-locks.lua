-- An idempotency record: taken with NX, expires, never deleted here.
if redis.call('SETNX', KEYS[1], '1') == 1 then
  redis.call('EXPIRE', KEYS[1], 86400)
end
-- A gate: SET NX PX with a constant, no release.
if not redis.call('SET', KEYS[2], '1', 'PX', 1000, 'NX') then
  return 0
end
-- Taken and deleted in the same run: no other client can intervene.
if redis.call('SET', KEYS[3], 'locked', 'NX', 'EX', 5) then
  redis.call('INCR', KEYS[4])
  redis.call('DEL', KEYS[3])
end
return 1
