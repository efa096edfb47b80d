-- Taken and deleted in the same run: redundant-lock's, not this rule's.
local got = redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', 1000)
if got then
  redis.call('INCR', KEYS[2])
  redis.call('DEL', KEYS[1])
  return 1
end
-- The attempt failed: another client holds the lock, and deleting it frees theirs.
redis.call('DEL', KEYS[1]) -- want "DEL deletes lock KEYS\[1\] on a path where the SET on line 2 failed"
return 0
