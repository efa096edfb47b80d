-- A nil test beside another test of the same value that already gives the
-- answer meant for the null reply (false): the chain is right for a missing
-- key, the nil test is dead code: info. Without such a sibling it stays an
-- error. (telegram-bot-rank's message_handler.lua, xiaoyeshenger-seckill's
-- stock-reduce.lua, round 6.)

local function last_poster()
  local last = redis.call('GET', KEYS[1])
  if last == nil or last ~= KEYS[2] then -- want:info "last == nil is never true.*here last ~= KEYS\[2\] already gives the same answer"
    redis.call('SET', KEYS[1], KEYS[2])
    return 1
  end
  return 0
end

local function stock_left()
  local stock = redis.call('GET', KEYS[3])
  if nil == stock or not stock then -- want:info "is never true.*here not stock already gives the same answer"
    return -2
  end
  return tonumber(stock)
end

local function owner_is()
  local owner = redis.call('HGET', KEYS[4], 'owner')
  if owner ~= nil and owner == ARGV[1] then -- want:info "is always true.*here owner == ARGV\[1\] already gives the same answer"
    return redis.call('HDEL', KEYS[4], 'owner')
  end
  return 0
end

-- The other test fails on false: the nil test was the guard, and it never
-- holds, so tonumber(false) < 0 raises.
local function guarded_by_nothing()
  local n = redis.call('GET', KEYS[5])
  if n == nil or tonumber(n) < 0 then -- want:error "n == nil is never true"
    return 0
  end
  return 1
end

-- A sibling compared with a value that may itself be false says nothing.
local function other_reply()
  local a = redis.call('GET', KEYS[6])
  local b = redis.call('GET', KEYS[7])
  if a == nil or a ~= b then -- want:error "a == nil is never true"
    return 1
  end
  return 0
end

return { last_poster(), stock_left(), owner_is(), guarded_by_nothing(), other_reply() }
