#!lua name=shadows

redis.register_function('f', function(keys, args)
  local value = args[1]
  if args[2] then
    local value = args[2] -- want "local value hides the local value declared on line 4"
  end
  return redis.call('SET', keys[1], value)
end)

redis.register_function('g', function(keys, args)
  -- The same names in another function: fine.
  local value = args[1]
  return redis.call('SET', keys[1], value)
end)
