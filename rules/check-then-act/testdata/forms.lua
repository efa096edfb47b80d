-- Each case is its own function: the guard compares the value with a
-- constant, the write subtracts more than the constant allows.

local function hash_balance()
  local balance = tonumber(redis.call('HGET', KEYS[1], 'balance'))
  if balance > 0 then
    redis.call('HINCRBY', KEYS[1], 'balance', -tonumber(ARGV[1])) -- want "HINCRBY of KEYS\[1\] by tonumber\(ARGV\[1\]\).*line 6"
  end
end

local function negative_incrby()
  local n = tonumber(redis.call('GET', KEYS[1])) or 0
  local qty = tonumber(ARGV[1])
  if n > 0 then
    redis.call('INCRBY', KEYS[1], -qty) -- want "INCRBY of KEYS\[1\] by qty"
  end
end

local function float_amount()
  local v = redis.call('GET', KEYS[1])
  if v and tonumber(v) > 0 then
    redis.call('INCRBYFLOAT', KEYS[1], -0.5) -- want "INCRBYFLOAT of KEYS\[1\] by 0.5"
  end
end

local function literal_amount_too_big()
  local v = tonumber(redis.call('GET', KEYS[1]))
  if not v or v <= 0 then return 0 end
  redis.call('DECRBY', KEYS[1], 2) -- want "DECRBY of KEYS\[1\] by 2"
end

local function sorted_set()
  local score = tonumber(redis.call('ZSCORE', KEYS[1], ARGV[2]))
  if score >= 1 then
    redis.call('ZINCRBY', KEYS[1], -5, ARGV[2]) -- want "ZINCRBY of KEYS\[1\] by 5"
  end
end

local function alias_and_locals()
  local call = redis.call
  local key = KEYS[1]
  local s = tonumber(call('GET', key))
  if s == 0 then return 'empty' end
  call('decrby', key, ARGV[2]) -- want "DECRBY of key by ARGV\[2\].*line 43 \(s == 0\)"
end

local function reversed_order()
  local s = tonumber(redis.call('GET', KEYS[1]))
  if 0 >= s then return 0 end
  return redis.call('DECRBY', KEYS[1], ARGV[1]) -- want "line 49 \(0 >= s\)"
end

local function guard_in_and()
  local s = redis.call('GET', KEYS[1])
  if s and tonumber(s) > 0 then
    redis.call('DECRBY', KEYS[1], ARGV[1]) -- want "DECRBY"
    return 1
  end
  return 0
end

local function float_hash()
  local b = tonumber(redis.call('HGET', KEYS[1], ARGV[1]))
  if not b or b <= 0 then return 0 end
  redis.call('HINCRBYFLOAT', KEYS[1], ARGV[1], -tonumber(ARGV[2])) -- want "HINCRBYFLOAT"
end

local function literal_negative_string()
  local b = tonumber(redis.call('GET', KEYS[1]))
  if b > 0 then redis.call('INCRBY', KEYS[1], '-3') end -- want "INCRBY of KEYS\[1\] by 3"
end

local function assert_guard()
  local b = tonumber(redis.call('GET', KEYS[1]))
  assert(b > 0, 'empty')
  redis.call('DECRBY', KEYS[1], ARGV[1]) -- want "line 75"
end
