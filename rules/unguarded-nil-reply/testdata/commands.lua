-- Commands whose reply may be null.
local function nullable()
  local a = redis.call('HGET', KEYS[1], 'f') * 2 -- want "false when the hash or the field is missing — .*HGET replies null then.*"
  local b = redis.call('LPOP', KEYS[2]) + 0 -- want "when the list is empty — .*LPOP replies null then.*"
  local c = tonumber(redis.call('ZSCORE', KEYS[3], 'm')) >= 1 -- want "when the member is missing — .*ZSCORE replies null then.*'attempt to compare number with nil'"
  local d = -redis.call('LINDEX', KEYS[4], 0) -- want "when the index is out of range — .*LINDEX replies null then.*"
  local e = tonumber(redis.call('SET', KEYS[5], 'v', 'GET')) + 1 -- want "SET replies null"
  local f = redis.call('ZRANK', KEYS[6], 'm') > 3 -- want "'attempt to compare number with boolean'"
  local g = tonumber(redis.call('RPOPLPUSH', KEYS[7], KEYS[8])) + 1 -- want "list is empty"
  local h = redis.call('pcall_is_not_a_command', KEYS[1]) + 1
  return {a, b, c, d, e, f, g, h}
end

-- Never null: integers, INCRBYFLOAT, an unknown command, a dynamic name.
local function never()
  local a = redis.call('INCR', KEYS[1]) + redis.call('DECR', KEYS[1])
  local b = redis.call('HINCRBY', KEYS[1], 'f', 1) * redis.call('LLEN', KEYS[1])
  local c = redis.call('INCRBYFLOAT', KEYS[1], '1.5') + 1
  local d = redis.call('TTL', KEYS[1]) - 1
  local e = redis.call(ARGV[1], KEYS[1]) + 1
  local f = redis.call('NOSUCHCMD', KEYS[1]) + 1
  local g = #redis.call('LRANGE', KEYS[1], 0, -1) > 0
  local h = redis.call('ZCARD', KEYS[1]) > 10
  if redis.call('EXISTS', KEYS[1]) == 1 then
    return {a, b, c, d, e, f, g, h}
  end
end

-- Elements of HMGET, MGET and ZMSCORE replies are false for each missing
-- key, field or member.
local function elements()
  local vals = redis.call('MGET', KEYS[1], KEYS[2])
  local h = redis.call('HMGET', KEYS[1], 'a', 'b')
  return vals[1] + tonumber(vals[2]) + h[1] - tonumber(h[2]) -- want "vals\[1\]" "vals\[2\]" "h\[1\]" "h\[2\]"
end

-- Tested, or defaulted, they are silent.
local function elements_tested()
  local h = redis.call('HMGET', KEYS[9], 'a', 'b')
  if not h[1] then
    return 0
  end
  local b = tonumber(h[2]) or 0
  local x, y = unpack(redis.call('HMGET', KEYS[10], 'x', 'y'))
  if x and y then
    return h[1] + b + x + y
  end
  return h[1] + b
end

-- Other array replies: nothing is known of their elements.
local function other_elements()
  local r = redis.call('LRANGE', KEYS[1], 0, 1)
  local x, y = unpack(redis.call('HMGET', KEYS[11], 'x', 'y'))
  return r[1] + r[2] + y -- want "y"
end

-- The caller's contract: ARGV is not a reply.
local function args()
  local segment = tonumber(ARGV[1]) % 100
  return segment + tonumber(ARGV[2]) * 2
end

-- Each case is its own script: the caller picks one (ARGV[9]), so no
-- case runs after another (a helper used only by calls is walked where
-- it is called, with what ran before it).
local cases = {nullable, never, elements, elements_tested, other_elements, args}
return cases[tonumber(ARGV[9])]()
