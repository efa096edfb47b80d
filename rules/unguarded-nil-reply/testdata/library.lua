#!lua name=stock
redis.register_function('take', function(keys, args)
  local n = tonumber(redis.call('HGET', keys[1], args[1]))
  if n < tonumber(args[2]) then -- want "^n holds tonumber of the HGET reply, nil .*'attempt to compare nil with number'"
    return 0
  end
  return redis.call('HINCRBY', keys[1], args[1], -tonumber(args[2]))
end)
