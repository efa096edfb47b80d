local lock = KEYS[1]
if ARGV[1] == 'lock' then
  return redis.call('SET', lock, '1', 'NX', 'PX', ARGV[2]) -- want "lock lock is taken with the constant value '1' — the DEL on line 6 releases it in a run that did not take it"
end
if redis.call('GET', lock) == '1' then
  return redis.call('DEL', lock)
end
return 0
