-- Loops that always end, in the forms real scripts use (issue 13 item 4):
-- each round works through something finite, so they stay silent. Beside
-- each, the buggy twin that makes no progress is still reported.

-- Pop until empty (rq's Queue.empty): one element per round.
local count = 0
while true do
  local job_id = redis.call('lpop', KEYS[1])
  if job_id == false then
    break
  end
  redis.call('del', 'job:' .. job_id)
  count = count + 1
end
-- The twin peeks and never pops: the same head every round.
while true do -- want "may never end: no round is sure to bring `job_id == false` closer"
  local job_id = redis.call('lindex', KEYS[1], 0)
  if job_id == false then
    break
  end
  redis.call('del', 'job:' .. job_id)
end

-- ZPOPMIN until a valid member or empty (rq's rate limiter).
local function release()
  while true do
    local result = redis.call('ZPOPMIN', KEYS[2])
    if #result == 0 then
      return nil
    end
    if redis.call('HGET', 'job:' .. result[1], 'status') == 'waiting' then
      return result[1]
    end
  end
end

-- Stale-waiter cleanup (Redisson's fair lock): every round that goes on
-- removes the head; the others break.
while true do
  local first = redis.call('lindex', KEYS[2], 0)
  if first == false then break end
  local timeout = redis.call('zscore', KEYS[3], first)
  if timeout ~= false and tonumber(timeout) <= tonumber(ARGV[3]) then
    redis.call('zrem', KEYS[3], first)
    redis.call('lpop', KEYS[2])
  else
    break
  end
end
-- The twin removes only from the sorted set, never the head it tests.
while true do -- want "may never end"
  local first = redis.call('lindex', KEYS[2], 0)
  if first == false then break end
  redis.call('zrem', KEYS[3], first)
end
-- A list moved onto itself is rotated, not consumed.
while true do -- want "may never end"
  local v = redis.call('rpoplpush', KEYS[1], KEYS[1])
  if v == false or v == ARGV[1] then break end
end

-- poll(limit) (Redisson's queues): a pop inside a counted loop that
-- returns at the first empty pop runs at most min(limit, length) times.
local function poll()
  local result = {}
  for i = 1, ARGV[1], 1 do
    local value = redis.call('lpop', KEYS[1])
    if value ~= false then
      table.insert(result, value)
    else
      return result
    end
  end
  return result
end

-- Paging over a finite sorted set with an advancing rank (Redisson's time
-- series): the loop returns at the empty page.
local function firstLive()
  local index = 0
  while true do
    local values = redis.call('zrange', KEYS[1], index, index + 99, 'withscores')
    if #values == 0 then return '' end
    for i = 1, #values, 2 do
      if redis.call('zscore', KEYS[2], values[i]) == false then return values[i] end
    end
    index = index + #values / 2
  end
end
-- The twin forgets to advance: the first page, forever.
local function stuck()
  local index = 0
  while true do -- want "may never end: no round is sure to bring `#values == 0` closer"
    local values = redis.call('zrange', KEYS[1], index, index + 99)
    if #values == 0 then return '' end
    redis.call('sadd', KEYS[3], values[1])
  end
end

-- A doubling probe that stops at a limit (dramatiq's maxstack.lua): the
-- size grows on every round that goes on, until unpack fails.
local function unpack_with_size(n)
  local items = {}
  for i = 0, n do items[i] = 0 end
  unpack(items)
end
local function find_max_unpack_size()
  local size = 999
  while true do
    if pcall(function() unpack_with_size(size * 2) end) then
      size = size * 2
    else
      return size
    end
  end
end

-- A loop that stops at the first missing ARGV[i] (issue 18).
local n = 1
while true do
  local member = ARGV[n]
  if not member then break end
  redis.call('sadd', KEYS[1], member)
  n = n + 1
end

-- A split of an argument: each find starts past the last separator.
local parts, pos = {}, 1
while true do
  local s, e = string.find(ARGV[2], ',', pos, true)
  if not s then
    table.insert(parts, string.sub(ARGV[2], pos))
    break
  end
  table.insert(parts, string.sub(ARGV[2], pos, s - 1))
  pos = e + 1
end
-- The twin searches from the start every time.
while true do -- want "busy-waits on `not s`, which nothing in it changes"
  local s, e = string.find(ARGV[2], ',', 1, true)
  if not s then break end
  pos = e + 1
end

-- Counted loops over what the caller passed: KEYS[i] for a count in ARGV
-- (Redisson's set cache), chunks of ARGV (Redisson's local cached map), an
-- ARGV index that moves every round (Redisson's read-lock renewal).
for i = 1, ARGV[3], 1 do
  redis.call('zunionstore', KEYS[i], 1, KEYS[i])
end
for i = 3, tonumber(ARGV[2]) + 2, 5000 do
  redis.call('hmset', KEYS[1], unpack(ARGV, i, math.min(i + 4999, tonumber(ARGV[2]) + 2)))
end
local argIdx = 2
local names = tonumber(ARGV[argIdx])
for k = 1, names do
  argIdx = argIdx + 1
  redis.call('hget', KEYS[1], ARGV[argIdx])
end

-- A count rejected above a limit before the loop (limits' moving window),
-- or admitted only below it (redis-semaphore's multi-semaphore).
local limit = tonumber(ARGV[2])
local amount = tonumber(ARGV[4])
local function acquire()
  if amount > limit then
    return false
  end
  for i = 1, amount do
    redis.call('lpush', KEYS[1], ARGV[1])
  end
end
local permits = tonumber(ARGV[5])
if redis.call('zcard', KEYS[1]) + permits <= limit then
  for i = 0, permits - 1 do
    redis.call('zadd', KEYS[1], ARGV[1], ARGV[3] .. '_' .. i)
  end
end
-- Without the check, the caller's count decides: advice (info).
for i = 0, permits - 1 do -- want "`for i` loop runs up to `permits - 1` times, with no cap"
  redis.call('zadd', KEYS[1], ARGV[1], ARGV[3] .. '_' .. i)
end
