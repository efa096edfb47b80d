#!lua name=mylib
-- Inside a registered function, keys and args are the parameters.
local function get_or(keys, args)
  local v = redis.call('GET', keys[1])
  if v == nil then -- want "^v \(the GET reply\) is never nil"
    return args[1]
  end
  return v
end

redis.register_function('get_or', get_or)
redis.register_function{
  function_name = 'first',
  callback = function(keys)
    local first = redis.call('LINDEX', keys[1], 0)
    if first ~= nil then -- want "first ~= nil is always true"
      return first
    end
    if not redis.call('LINDEX', keys[1], 1) then
      return 0
    end
    return 1
  end,
}
