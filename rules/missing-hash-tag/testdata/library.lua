#!lua name=tags
-- Each registered function runs alone: its keys are compared among themselves.
redis.register_function('one', function(keys, args)
  return redis.call('GET', 'foo')
end)

redis.register_function('two', function(keys, args)
  redis.call('SET', 'bar', 1)
  return redis.call('SET', 'baz', 1) -- want "key 'baz' and key 'bar' \(line 8\) .* slots 4813 and 5061"
end)

-- A helper may be called from either: not compared.
local function helper()
  return redis.call('GET', 'c')
end
