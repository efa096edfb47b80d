#!lua name=locks
local function acquire(keys, args)
  return redis.call('SET', keys[1], args[1], 'NX', 'PX', args[2])
end
local function release(keys, args)
  return redis.call('DEL', keys[1]) -- want "DEL deletes lock keys\[1\] \(taken with SET on line 3\)"
end
local function release_checked(keys, args)
  if redis.call('GET', keys[1]) ~= args[1] then
    return 0
  end
  return redis.call('DEL', keys[1])
end
-- A helper's parameter may hold any key: not followed.
local function helper_release(key)
  return redis.call('DEL', key)
end
local function release_helper(keys, args)
  return helper_release(keys[1])
end
redis.register_function('acquire', acquire)
redis.register_function('release', release)
redis.register_function('release_checked', release_checked)
redis.register_function('release_helper', release_helper)
