#!lua name=limits
redis.register_function('allow', function(keys, args)
  local max = args[1]
  local used = redis.call('INCR', keys[1])
  if used > max then -- want "^comparing max with used by > always raises an error — .*max is args\[1\], always a string, and used is the INCR reply, an integer"
    return 0
  end
  if used > tonumber(args[1]) then
    return 0
  end
  return 1
end)
