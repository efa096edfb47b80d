-- Commands whose reply may be null.
local function nullable()
  local a = redis.call('HGET', KEYS[1], 'f') * 2 -- want "false when the hash or the field is missing — HGET replies null then.*"
  local b = redis.call('LPOP', KEYS[1]) + 0 -- want "when the list is empty — LPOP replies null then.*"
  local c = tonumber(redis.call('ZSCORE', KEYS[1], 'm')) >= 1 -- want "when the member is missing — ZSCORE replies null then.*'attempt to compare number with nil'"
  local d = -redis.call('LINDEX', KEYS[1], 0) -- want "when the index is out of range — LINDEX replies null then.*"
  local e = tonumber(redis.call('SET', KEYS[1], 'v', 'GET')) + 1 -- want "SET replies null"
  local f = redis.call('ZRANK', KEYS[1], 'm') > 3 -- want "'attempt to compare number with boolean'"
  local g = tonumber(redis.call('RPOPLPUSH', KEYS[1], KEYS[2])) + 1 -- want "list is empty"
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

-- Elements of array replies: nothing is known of them.
local function elements()
  local vals = redis.call('MGET', KEYS[1], KEYS[2])
  local h = redis.call('HMGET', KEYS[1], 'a', 'b')
  return vals[1] + tonumber(vals[2]) + h[1] - tonumber(h[2])
end

-- The caller's contract: ARGV is not a reply.
local function args()
  local segment = tonumber(ARGV[1]) % 100
  return segment + tonumber(ARGV[2]) * 2
end

return {nullable(), never(), elements(), args()}
