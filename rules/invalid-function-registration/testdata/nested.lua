#!lua name=nested
local function helper(name)
  -- A helper called while the library loads may register.
  redis.register_function(name, function(keys, args) return 1 end)
end
helper('from_helper')
redis.register_function('outer', function(keys, args)
  redis.register_function('inner', function() return 1 end) -- want "inside a registered function.*attempt to call field 'register_function' \(a nil value\)"
  return 1
end)
