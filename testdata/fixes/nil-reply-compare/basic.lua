-- A nil-bulk reply compared with nil: the null reply is false in RESP2.
local v = redis.call('HGET', KEYS[1], 'count')
if v == nil then
  return 'missing'
end

-- nil on the left, and ~= in a condition: the reply itself is the test.
if nil ~= redis.call('GET', KEYS[2]) then
  redis.call('DEL', KEYS[2])
end

-- Inside and/or in a condition.
local w = redis.call('LPOP', KEYS[3])
if w ~= nil and #w > 3 then
  redis.call('RPUSH', KEYS[3], w)
end
while redis.call('LPOP', KEYS[4]) ~= nil or v == nil do
  break
end

-- A value, not a condition: ~= nil becomes ~= false, which stays a boolean.
local found = redis.call('GET', KEYS[5]) ~= nil
local gone = redis.call('GET', KEYS[5]) == nil
return {found, gone, not (w == nil)}
