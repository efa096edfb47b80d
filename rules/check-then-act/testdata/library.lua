#!lua name=inventory
redis.register_function('take', function(keys, args)
  local stock = tonumber(redis.call('GET', keys[1]))
  if not stock or stock <= 0 then
    return redis.error_reply('no stock')
  end
  redis.call('DECRBY', keys[1], args[1]) -- want "DECRBY of keys\[1\] by args\[1\].*line 4"
  return stock
end)

redis.register_function('take_ok', function(keys, args)
  local stock = tonumber(redis.call('GET', keys[1]))
  local qty = tonumber(args[1])
  if not stock or not qty or stock < qty then
    return redis.error_reply('no stock')
  end
  redis.call('DECRBY', keys[1], qty)
  return stock - qty
end)
