-- jesque's fromMultiplePriorityQueues.lua: `firstMsg ~= nil` always holds
-- for an array reply, and with no else it only lets the block run, which
-- then tests the element itself. The answer is the same: advice.
local firstMsg = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', '0', '1')
if firstMsg ~= nil then -- want:info "firstMsg ~= nil is always true"
  local payload = firstMsg[1]
  if payload ~= nil then
    redis.call('ZREM', KEYS[1], payload)
    return payload
  end
end
local n = redis.call('LLEN', KEYS[2])
if n ~= nil and n > 0 then -- want:info "n ~= nil is always true"
  return n
end

-- `== nil` leaves its block dead, and `~= nil` on a reply whose null is
-- false lets the null through: errors.
if redis.call('ZCARD', KEYS[1]) == nil then -- want:error "is never true"
  return 0
end
local v = redis.call('GET', KEYS[3])
if v ~= nil then -- want:error "v ~= nil is always true"
  return v .. '!'
end

-- With an else, the else is dead: the empty reply is never handled there.
local members = redis.call('ZRANGE', KEYS[1], 0, 0)
if members ~= nil then -- want:error "members ~= nil is always true"
  return members[1]
else
  return 'empty'
end
