if ARGV[1] == 'lock' then
  return redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[2]) -- want "lock KEYS\[1\] is taken with the constant value '1' — the DEL on line 5 releases it in a run that did not take it"
end
if redis.call('GET', KEYS[1]) == '1' then
  return redis.call('DEL', KEYS[1])
end
return 0
