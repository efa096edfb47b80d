#!lua name=locks
redis.register_function('acquire', function(keys, args)
  local r = redis.call('SET', keys[1], args[1], 'NX', 'PX', args[2])
  if r == 'OK' then -- want "^r \(the SET reply\) is a status reply"
    return 1
  end
  if redis.call('GET', keys[1]) == 1 then -- want "bulk-string reply"
    return 2
  end
  return 0
end)
