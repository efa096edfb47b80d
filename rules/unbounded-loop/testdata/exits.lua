-- while true loops whose exit depends on data and that work through it:
-- they end (how much they read is expensive-command's concern).
local i = 0
while true do
  local data = redis.call('LRANGE', KEYS[1], i, i + 10)
  if #data == 0 then
    break
  end
  i = i + 10
end

local offset = 0
while true do
  local page = redis.call('ZRANGEBYSCORE', KEYS[1], 0, ARGV[1], 'LIMIT', offset, 100)
  local n = #page
  offset = offset + n
  if n > 0 then
    redis.call('LPUSH', KEYS[2], unpack(page))
  else
    break
  end
end

repeat
  local job = redis.call('RPOP', KEYS[1])
  if not job then return 0 end
until false

-- A return inside a nested loop leaves the loop too; no round of this one
-- removes anything or moves a position: it may never end.
while true do -- want "`while true` loop may never end: no round is sure to bring `v == ARGV\[1\]` closer — it ends only when that holds \(line 33\), and no round surely removes an element"
  for _, v in ipairs(redis.call('LRANGE', KEYS[1], 0, 9)) do
    if v == ARGV[1] then
      return v
    end
  end
  redis.call('LPUSH', KEYS[1], 'x')
end

-- A counter checked against a literal guarantees the exit: silent.
local k = 0
while true do
  k = k + 1
  if k > 100 then break end
  redis.call('INCR', KEYS[1])
end

local tries = 0
local MAX_TRIES = 5
while true do
  local v = redis.call('RPOP', KEYS[1])
  if v == false or tries >= MAX_TRIES then
    return v
  end
  tries = tries + 1
end

local left = 10
repeat
  left = left - 1
  if left <= 0 then break end
until false

local step = 0
while true do
  if step == 3 then break end
  step = 1 + step
end

-- A counter that the body resets, or steps the wrong way, guarantees nothing.
local r = 0
while true do -- want "may never end: no round is sure to bring `r > 10` closer"
  r = r + 1
  if r > 10 then break end
  if redis.call('GET', KEYS[1]) then r = 0 end
end
local w = 0
while true do -- want "may never end: no round is sure to bring `w > 10` closer"
  w = w - 1
  if w > 10 then break end
end

-- A counter inside a branch may never be stepped.
local c = 0
while true do -- want "may never end: no round is sure to bring `c > 10` closer"
  if redis.call('EXISTS', KEYS[1]) == 1 then
    c = c + 1
  end
  if c > 10 then break end
end
