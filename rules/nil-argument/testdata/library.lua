#!lua name=nilargs

local function copy(keys, args)
  local v = redis.call('GET', keys[1])
  return redis.call('SET', keys[2], v) -- want "v \(argument 2 of SET\) may be false — the GET reply of line 4"
end

local function copy_guarded(keys, args)
  local v = redis.call('GET', keys[1])
  if not v then
    return false
  end
  return redis.call('SET', keys[2], v)
end

local function helper(k, x)
  -- A parameter: nothing is known.
  return redis.call('SET', k, x)
end

redis.register_function('copy', copy)
redis.register_function('copy_guarded', copy_guarded)
redis.register_function{function_name = 'set_ttl', callback = function(keys, args)
  local ttl
  if args[2] then
    ttl = args[2]
  end
  return redis.call('SET', keys[1], args[1], 'EX', ttl) -- want "ttl \(argument 4 of SET\) may be nil"
end}
