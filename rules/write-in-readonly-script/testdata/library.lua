#!lua name=lib
local function touch(k)
  redis.call('HSET', k, 'seen', 1) -- want "HSET writes in helper touch, called from function \"stats\", registered with flags=\{'no-writes'\}"
  return redis.call('HGET', k, 'n')
end
local function deep(k)
  return touch(k)
end
local function writer(k)
  return redis.call('INCR', k)
end

redis.register_function{
  function_name = 'stats',
  callback = function(keys, args)
    local n = deep(keys[1])
    local inner = function()
      return redis.call('DEL', keys[2]) -- want "DEL writes in function \"stats\", registered with flags=\{'no-writes'\}"
    end
    inner()
    redis.call('SET', keys[1], n) -- want "SET writes in function \"stats\", registered with flags=\{'no-writes'\}"
    return redis.call('GET', keys[1])
  end,
  flags = {'no-writes'},
}

local function ro(keys, args)
  redis.call('PUBLISH', 'ch', 'x') -- want "PUBLISH may replicate \(a write here\) in function \"ro2\", registered"
  return redis.call('GET', keys[1])
end
redis.register_function{function_name = 'ro2', callback = ro, flags = {'no-writes', 'allow-stale'}}

-- Writable functions may write, also through the same helpers.
redis.register_function('rw', function(keys, args)
  touch(keys[1])
  return writer(keys[1])
end)
redis.register_function{
  function_name = 'rw2',
  callback = function(keys, args) return redis.call('INCR', keys[1]) end,
  flags = {'allow-oom'},
}
