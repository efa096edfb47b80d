-- A dedup lookup that builds a pattern from the job id: a '-' in the id
-- makes it miss.
local prefix = KEYS[2] .. ':'
for _, job in ipairs(redis.call('LRANGE', KEYS[1], 0, 99)) do
  if string.find(job, '^' .. ARGV[1]) then -- want "holds ARGV\[1\]"
    return job
  end
  if job:find(prefix) then -- want "holds KEYS\[2\]"
    return job
  end
  local owner = redis.call('HGET', KEYS[3], 'owner')
  if job:match(owner .. '$') then -- want "data from a HGET reply"
    return owner
  end
end

-- Plain searches and escaped data are literal: silent.
local id = ARGV[1]
local escaped = id:gsub('%p', '%%%0')
for _, job in ipairs(redis.call('LRANGE', KEYS[1], 0, 99)) do
  if string.find(job, id, 1, true) == 1 or job:find(prefix, 1, true) then
    return job
  end
  if job:match('^' .. escaped) then
    return job
  end
  -- A literal pattern: silent.
  local n = string.match(job, '^job:(%d+)$')
  if n then
    return n
  end
end

-- A pattern the caller passes whole: perhaps meant, perhaps plain words
-- (info).
local res = redis.pcall('FT.INFO', KEYS[5])
if res.err and string.find(string.lower(res.err), ARGV[3]) then -- want "the pattern of find is ARGV\[3\]"
  return 0
end
local hits = {}
for _, k in ipairs(redis.call('SMEMBERS', KEYS[4])) do
  if string.match(k, ARGV[2]) then -- want "the pattern of match is ARGV\[2\]"
    table.insert(hits, k)
  end
end
return hits
