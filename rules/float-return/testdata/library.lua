#!lua name=stats
-- What registered functions return reaches the caller of FCALL.
local function mean(keys, args)
  local sum = redis.call('INCRBY', keys[1], args[1])
  local n = redis.call('INCR', keys[2])
  return sum / n -- want "^function 'mean' returns sum / n, which may not be an integer — sum / n is a division"
end

-- A helper's return reaches Redis only when a registered function returns it.
local function half(x)
  return x / 2
end

redis.register_function('mean', mean)
redis.register_function{
  function_name = 'half_len',
  callback = function(keys)
    local len = redis.call('LLEN', keys[1])
    if len > 10 then
      return {len, len * 0.5} -- want "^function 'half_len' returns a table holding len \* 0.5"
    end
    return half(len) -- want "^function 'half_len' returns half\(len\), which may not be an integer — half\(len\) is a number that may have a fraction \(half returns x / 2\)"
  end,
  flags = {'no-writes'},
}

-- The main chunk's return in a library is never sent to a client (FUNCTION
-- LOAD replies the library name).
return 2.5
