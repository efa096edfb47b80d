-- A flag declared without a value and given a condition in one branch
-- (sidekiq-limit-fetch's blocking_mode): where the flag is truthy the
-- branch ran, so the condition holds; where it is falsy, nothing is known.
local function straight()
  local bm
  local cb = redis.call('GET', KEYS[1])
  if cb then redis.call('INCR', KEYS[2]) end
  if not bm then
    bm = cb and tonumber(ARGV[1]) > 0
  end
  if bm and cb ~= 'true' then
    return string.len(cb)
  end
  return 0
end

local function branch()
  local bm
  local cb = redis.call('GET', KEYS[1])
  if cb then redis.call('INCR', KEYS[2]) end
  if ARGV[2] == 'x' then
    bm = cb and tonumber(ARGV[1]) > 0
  end
  if bm then
    return string.len(cb)
  end
  -- Falsy flag: either path, and cb may be missing on both.
  return string.len(cb) -- want "^cb holds the GET reply, false when the key is missing"
end

local function falsyTest()
  local bm
  local cb = redis.call('GET', KEYS[1])
  if cb then redis.call('INCR', KEYS[2]) end
  if ARGV[2] == 'x' then
    bm = not cb
  end
  if not bm then
    -- bm is nil when the branch did not run, whatever cb holds.
    return string.len(cb) -- want "^cb holds the GET reply, false when the key is missing"
  end
  return 0
end

-- In a loop the flag may come from an earlier element, whose key held a
-- value, while this element's key is missing: still an error.
local function loop()
  local bm
  local n = 0
  for _, q in ipairs(ARGV) do
    local cb = redis.call('GET', 'block:' .. q)
    if cb then redis.call('INCR', KEYS[2]) end
    if not bm then
      bm = cb and tonumber(ARGV[1]) > 0
    end
    if bm and cb ~= 'true' then
      n = n + string.len(cb) -- want "^cb holds the GET reply, false when the key is missing"
    end
  end
  return n
end

return {straight(), branch(), falsyTest(), loop()}
