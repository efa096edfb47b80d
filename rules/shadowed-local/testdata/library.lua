#!lua name=shadows

redis.register_function('f', function(keys, args)
  local value = args[1]
  if args[2] then
    -- The inner value is never read: it was meant for the outer one,
    -- which SET then sends unchanged.
    local value = args[2] -- want:warning "local value hides the local value declared on line 4"
  end
  return redis.call('SET', keys[1], value)
end)

redis.register_function('g', function(keys, args)
  -- The same names in another function: fine.
  local value = args[1]
  return redis.call('SET', keys[1], value)
end)
