-- A condition kept in a local and tested later guards what it tested, until
-- the local or a local the condition reads is assigned again.

-- The settings shape: HMGET, both fields present in one boolean.
local function early_return_on_boolean()
  local v = redis.call('HMGET', KEYS[1], 'rate', 'burst')
  local rate, burst = tonumber(v[1]), tonumber(v[2])
  local active = rate ~= nil and burst ~= nil
  if not active then return -1 end
  return rate * 2 + burst
end

local function branch_on_boolean()
  local v = redis.call('HMGET', KEYS[1], 'rate', 'burst')
  local rate, burst = tonumber(v[1]), tonumber(v[2])
  local active = rate ~= nil and burst ~= nil
  if active then
    return rate * 2 + burst
  end
  return 0
end

local function boolean_compared_with_literal()
  local rate = tonumber(redis.call('HGET', KEYS[1], 'rate'))
  local ok = rate ~= nil
  if ok == false then return 0 end
  return rate * 2
end

local function boolean_not_true()
  local rate = tonumber(redis.call('HGET', KEYS[1], 'rate'))
  local ok = rate ~= nil
  if ok ~= true then error('no rate') end
  return rate * 2
end

local function missing_flag()
  local rate = tonumber(redis.call('HGET', KEYS[1], 'rate'))
  local missing = rate == nil or rate <= 0
  if missing then return 0 end
  return rate * 2
end

local function booleans_of_booleans()
  local v = redis.call('HMGET', KEYS[1], 'rate', 'burst')
  local rate, burst = tonumber(v[1]), tonumber(v[2])
  local has_rate = rate ~= nil
  local has_burst = burst ~= nil
  local active = has_rate and has_burst
  if not active then return -1 end
  return rate * 2 + burst
end

local function nested_ifs()
  local v = redis.call('HMGET', KEYS[1], 'rate', 'burst')
  local rate, burst = tonumber(v[1]), tonumber(v[2])
  local has_rate, has_burst = rate ~= nil, burst ~= nil
  if has_rate then
    if has_burst then
      return rate * 2 + burst
    end
    return rate * 2
  end
  return 0
end

local function assert_on_boolean()
  local rate = tonumber(redis.call('HGET', KEYS[1], 'rate'))
  local ok = rate ~= nil
  assert(ok, 'rate is not set')
  return rate * 2
end

local function element_test_in_boolean()
  local v = redis.call('HMGET', KEYS[1], 'rate', 'burst')
  local complete = v[1] and v[2]
  if not complete then return -1 end
  return v[1] * 2 + v[2]
end

-- The paths' facts about keys follow the boolean too.
local function exists_in_boolean()
  local exists = redis.call('EXISTS', KEYS[3]) == 1
  if not exists then return 0 end
  local stock = redis.call('GET', KEYS[3])
  return stock - 1
end

local function exists_in_boolean_reassigned()
  local exists = redis.call('EXISTS', KEYS[3]) == 1
  exists = ARGV[1] == 'force'
  if not exists then return 0 end
  local stock = redis.call('GET', KEYS[3])
  return stock - 1 -- want "stock holds the GET reply, false when the key is missing"
end

-- The boolean is assigned again before the test: it no longer says
-- anything of rate.
local function boolean_reassigned()
  local v = redis.call('HMGET', KEYS[1], 'rate', 'burst')
  local rate, burst = tonumber(v[1]), tonumber(v[2])
  local active = rate ~= nil and burst ~= nil
  active = ARGV[1] == 'force'
  if not active then return -1 end
  return rate * 2 + burst -- want "rate holds tonumber of element 1 of the HMGET reply" "burst holds tonumber of element 2"
end

-- The boolean is assigned on one path only.
local function boolean_reassigned_on_one_path()
  local v = redis.call('HMGET', KEYS[1], 'rate', 'burst')
  local rate, burst = tonumber(v[1]), tonumber(v[2])
  local active = rate ~= nil and burst ~= nil
  if ARGV[1] == 'force' then
    active = true
  end
  if not active then return -1 end
  return rate * 2 + burst -- want "rate holds tonumber of element 1" "burst holds tonumber of element 2"
end

-- A local the condition read is assigned again: the test is of its old
-- value. burst, not assigned again, is still guarded by its part of the and.
local function tested_local_reassigned()
  local v = redis.call('HMGET', KEYS[1], 'rate', 'burst')
  local rate, burst = tonumber(v[1]), tonumber(v[2])
  local active = rate ~= nil and burst ~= nil
  rate = tonumber(redis.call('HGET', KEYS[1], 'other'))
  if not active then return -1 end
  return rate * 2 + burst -- want "rate holds tonumber of the HGET reply"
end

-- The tested local is assigned again after the test: the new value is
-- not guarded (assigning the boolean after its test changes nothing).
local function reassigned_after_the_test()
  local rate = tonumber(redis.call('HGET', KEYS[1], 'rate'))
  local ok = rate ~= nil
  if not ok then return 0 end
  ok = false
  local doubled = rate * 2
  rate = tonumber(redis.call('HGET', KEYS[2], 'next'))
  return doubled + rate -- want "rate holds tonumber of the HGET reply"
end

-- One field present is enough for `or`: neither is guarded.
local function either_present()
  local v = redis.call('HMGET', KEYS[1], 'rate', 'burst')
  local rate, burst = tonumber(v[1]), tonumber(v[2])
  local any = rate ~= nil or burst ~= nil
  if not any then return -1 end
  return rate * 2 + burst -- want "rate holds tonumber of element 1" "burst holds tonumber of element 2"
end

-- The test runs in one branch only.
local function tested_in_one_branch()
  local v = redis.call('HMGET', KEYS[1], 'rate', 'burst')
  local rate, burst = tonumber(v[1]), tonumber(v[2])
  local active = rate ~= nil and burst ~= nil
  if ARGV[1] == 'strict' then
    if not active then return -1 end
  end
  return rate * 2 + burst -- want "rate holds tonumber of element 1" "burst holds tonumber of element 2"
end

-- The boolean says the value is missing.
local function tested_the_wrong_way()
  local rate = tonumber(redis.call('HGET', KEYS[1], 'rate'))
  local missing = rate == nil
  if missing then return rate * 2 end -- want "rate holds tonumber of the HGET reply"
  return 0
end

-- A helper may assign the tested local between the condition and the use.
local function reassigned_by_a_helper()
  local rate = tonumber(redis.call('HGET', KEYS[1], 'rate'))
  local ok = rate ~= nil
  local function reload() rate = tonumber(redis.call('HGET', KEYS[1], 'next')) end
  reload()
  if ok then return rate * 2 end -- want "rate holds tonumber of the HGET reply"
  return 0
end

-- In a loop, the boolean of the previous round tests the previous value.
local function stale_in_loop()
  local rate
  local ok
  for i = 1, 3 do
    rate = tonumber(redis.call('HGET', KEYS[1], 'r' .. i))
    if ok then redis.call('SET', KEYS[2], rate * 2) end -- want "rate holds tonumber of the HGET reply"
    ok = rate ~= nil
  end
end

return { early_return_on_boolean, branch_on_boolean, boolean_compared_with_literal, boolean_not_true, missing_flag,
  booleans_of_booleans, nested_ifs, assert_on_boolean, element_test_in_boolean, boolean_reassigned,
  boolean_reassigned_on_one_path, tested_local_reassigned, either_present, tested_in_one_branch,
  tested_the_wrong_way, reassigned_by_a_helper, stale_in_loop, exists_in_boolean, exists_in_boolean_reassigned,
  reassigned_after_the_test }
