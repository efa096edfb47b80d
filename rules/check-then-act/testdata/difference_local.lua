-- xiao-y-learn's decrStock.lua: the difference kept in a local (through
-- tonumber) guards the decrement by num, and the other branch subtracts
-- the stock read itself, leaving exactly 0. Nothing goes below zero.
local key = KEYS[1]
local num = tonumber(ARGV[1])
local mode = tonumber(ARGV[2])
local store = tonumber(redis.call('get', key))
local count = tonumber(store - num)
if (num <= 0 or store <= 0) then
  return 0
elseif (count < 0) then
  if (mode == 1) then
    redis.call('incrby', key, -store)
    return store
  end
  return 0
elseif (count >= 0) then
  redis.call('incrby', key, -num)
  return num
end

-- The same stock checked only against 0: a decrement by num oversells.
local stock = tonumber(redis.call('get', KEYS[2]))
if stock > 0 then
  redis.call('incrby', KEYS[2], -num) -- want "the INCRBY of KEYS\[2\] by num can take the value below zero"
end
return -99
