-- jesque's fromMultiplePriorityQueues.lua: TYPE says which kind of queue a
-- key is, and Redis keeps a list only while it has elements, so the LPOP
-- of a key TYPE found to be a list replies an element. The payload is
-- declared in the loop body (a new local each round), and the ZREM reads
-- the element assigned just before it, not the LPOP reply assigned after.
for q in string.gmatch(ARGV[2], '([^,]+)') do
  local queueName = KEYS[1] .. ':queue:' .. q
  local status, queueType = next(redis.call('TYPE', queueName))
  local payload
  if queueType == 'zset' then
    local firstMsg = redis.call('ZRANGEBYSCORE', queueName, '-inf', ARGV[1], 'LIMIT', '0', '1')
    payload = firstMsg[1]
    if payload ~= nil then
      redis.call('ZREM', queueName, payload)
    end
  elseif queueType == 'list' then
    payload = redis.call('LPOP', queueName)
  end
  if payload ~= nil then
    redis.call('LPUSH', KEYS[2], payload)
    return payload
  end
end

-- The status's field read directly guards the same way.
if redis.call('TYPE', KEYS[3]).ok == 'list' then
  redis.call('RPUSH', KEYS[2], redis.call('LPOP', KEYS[3]))
end

-- Without the TYPE test the pop of a possibly empty list is still
-- reported, and so is a type test that admits a missing key.
local job = redis.call('LPOP', KEYS[3])
redis.call('RPUSH', KEYS[2], job) -- want "job \(argument 2 of RPUSH\) may be false"
if redis.call('TYPE', KEYS[4]).ok ~= 'zset' then
  local other = redis.call('LPOP', KEYS[4])
  redis.call('RPUSH', KEYS[2], other) -- want "other \(argument 2 of RPUSH\) may be false"
end

-- A local declared before the loop carries the last round's pop into the
-- next round's read: still reported.
local last = ARGV[1]
for i = 1, 3 do
  redis.call('RPUSH', KEYS[2], last) -- want "last \(argument 2 of RPUSH\) may be false"
  last = redis.call('LPOP', KEYS[5])
end
return nil
