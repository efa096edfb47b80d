-- The same string library uses, guarded as real code guards them: silent.

local function token_length()
  local v = redis.call('GET', KEYS[1])
  if not v then
    return 0
  end
  return string.len(v)
end

local function prefix()
  local name = redis.call('HGET', KEYS[2], ARGV[1]) or ''
  return string.sub(name, 1, 8)
end

local function next_job()
  local job = redis.call('LPOP', KEYS[3])
  if job then
    return job:upper()
  end
  return (redis.call('GET', KEYS[4]) or ''):lower()
end

local function report()
  local score = redis.call('ZSCORE', KEYS[5], ARGV[2])
  local count = tonumber(redis.call('GET', KEYS[6])) or 0
  if score == false then
    return nil
  end
  -- tostring never fails, and %d of a defaulted number is fine.
  return string.format('%s scored %s (%d) %s', ARGV[2], score, count, tostring(redis.call('GET', KEYS[9])))
end

-- A key the script writes first is there.
local function written()
  redis.call('SET', KEYS[7], ARGV[4])
  local v = redis.call('GET', KEYS[7])
  return string.len(v) .. string.format('%%d %s', ARGV[4])
end

-- A read the script does not show may be missing (a literal field of a
-- record other code keeps, under an id the script does not get from its
-- caller): no claim.
local function record(id)
  local title = redis.call('HGET', 'item:' .. id, 'title')
  return title:upper()
end

-- The same under the caller's id, passed by the only call of a local
-- function, is the inline read of 'item:' .. ARGV[6]: reported as that is.
local function caller_record(id)
  local title = redis.call('HGET', 'item:' .. id, 'title')
  return title:upper() -- want "title holds the HGET reply, false when the hash or the field is missing"
end

return {token_length(), prefix(), next_job(), report(), written(), record(redis.call('HGET', KEYS[8], 'current')), caller_record(ARGV[6])}
