-- Compatibility code (issue 13 item 5): a branch that runs only when the
-- newer command the script tried first failed is for old servers, where
-- the advice to use that command is noise.
local function row_exists(key, row)
  local found = redis.pcall('LPOS', key, row)
  if type(found) == 'table' and found.err then
    for _, existing in ipairs(redis.call('LRANGE', key, 0, -1)) do
      if existing == row then return true end
    end
    return false
  end
  return found ~= false
end

local function due(key, now)
  local ok = redis.pcall('ZRANGE', key, '-inf', now, 'BYSCORE', 'LIMIT', 0, 100)
  if not ok.err then
    return ok
  else
    return redis.call('ZRANGEBYSCORE', key, '-inf', now)
  end
end

local function unlink(key)
  local n = redis.pcall('UNLINK', key)
  if type(n) == 'table' then
    return redis.call('SMEMBERS', key .. ':members')
  end
  return n
end

-- The same read outside a fallback is reported.
local function contains(key, row)
  for _, existing in ipairs(redis.call('LRANGE', key, 0, -1)) do -- want "LRANGE 0 -1 reads the whole list"
    if existing == row then return true end
  end
  return false
end
-- A pcall whose reply is used, not tested for an error, guards nothing.
local function plain(key)
  local r = redis.pcall('GET', key)
  if r then
    return redis.call('SMEMBERS', key .. ':all') -- want "SMEMBERS reads the whole set"
  end
end
return {row_exists(KEYS[1], ARGV[1]), due(KEYS[2], ARGV[2]), unlink(KEYS[3]), contains(KEYS[1], ARGV[1]), plain(KEYS[4])}
