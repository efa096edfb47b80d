#!lua name=mylib
local fmt = string.format -- want "global string does not exist while a Functions library loads"
local v = redis.call('GET', 'x') -- want "redis.call does not exist while a Functions library loads"
redis.log(redis.LOG_NOTICE, 'loading ' .. redis.REDIS_VERSION)
local function get(keys, args)
  local a = KEYS[1] -- want "KEYS does not exist in a Functions library.*keys parameter"
  local b = ARGV[1] -- want "ARGV does not exist.*args parameter"
  return redis.call('GET', keys[1]) .. string.format('%s', args[1]) .. tostring(os) -- os: unavailable-library's
end
redis.register_function('get', get)
