-- A truth test of SETNX (always true) is first compared with 1 by
-- integer-reply-truthiness's fix; the next round then merges the EXPIRE.
if redis.call('SETNX', KEYS[1], ARGV[1]) then
  redis.call('EXPIRE', KEYS[1], 60)
  return 'acquired'
end
return 'busy'
