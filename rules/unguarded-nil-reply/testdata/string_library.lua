-- A reply that may be null (false in Lua, nil after tonumber) passed to the
-- string library, or indexed by a method call: Lua refuses it.

-- A session token's length, read before anything writes the key.
local function token_length()
  local v = redis.call('GET', KEYS[1])
  return string.len(v) -- want "v holds the GET reply, false when the key is missing — .*string.len\(v\) fails with 'bad argument #1 to 'len' \(string expected, got boolean\)'"
end

-- A prefix of a field the caller names.
local function prefix()
  local name = redis.call('HGET', KEYS[2], ARGV[1])
  return string.sub(name, 1, 8) -- want "name holds the HGET reply, false when the hash or the field is missing — .*'bad argument #1 to 'sub' \(string expected, got boolean\)'"
end

-- A popped job, upper-cased through a method: indexing false fails.
local function next_job()
  local job = redis.call('LPOP', KEYS[3])
  return job:upper() -- want "job holds the LPOP reply, false when the list is empty — .*'attempt to index local 'job' \(a boolean value\)'"
end

local function direct_method()
  return redis.call('GET', KEYS[4]):lower() -- want "redis.call\('GET', KEYS\[4\]\) is false when the key is missing — .*'attempt to index a boolean value'"
end

-- string.format: %d wants a number, and %s a string (Lua 5.1 refuses
-- false and nil for both).
local function report()
  local score = redis.call('ZSCORE', KEYS[5], ARGV[2])
  local count = tonumber(redis.call('GET', KEYS[6]))
  return string.format('%s scored %s (%d)', ARGV[2], score, count) -- want "score holds the ZSCORE reply, false when the member is missing — .*'bad argument #3 to 'format' \(string expected, got boolean\)'" "count holds tonumber of the GET reply, nil when the key is missing — .*'bad argument #4 to 'format' \(number expected, got nil\)'"
end

-- A count from a missing key repeats nothing: string.rep fails.
local function bar()
  local n = tonumber(redis.call('HGET', KEYS[7], 'width'))
  return string.rep('#', n) -- want "n holds tonumber of the HGET reply, nil when the hash or the field is missing — .*'bad argument #2 to 'rep' \(number expected, got nil\)': default it \(n or 0\)"
end

-- A test of something else guards nothing.
local function other_guard()
  local v = redis.call('GET', KEYS[8])
  if ARGV[3] then
    return v:sub(1, 2) -- want "v holds the GET reply"
  end
end

-- Past a use that raises, the value was a string: one finding, not three.
local function once()
  local v = redis.call('GET', KEYS[9])
  local n = string.len(v) -- want "v holds the GET reply, false when the key is missing — .*'bad argument #1 to 'len'"
  return n .. v:upper() .. v
end

return {token_length(), prefix(), next_job(), direct_method(), report(), bar(), other_guard(), once()}
