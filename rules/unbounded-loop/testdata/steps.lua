-- A counter is a counter however its one step is written: by a negative
-- literal, inside a do block, in a multiple assignment, by a negated
-- negative. Each runs on every round, so each loop ends when the counter
-- reaches the caller's number (Model.LoopSteps).
local n = tonumber(ARGV[1])
local i = 0
while true do -- want "ends when a counter reaches `-n`, with no cap"
  i = i + -1
  if i < -n then break end
  redis.call('LPUSH', KEYS[1], i)
end
local j = 0
while true do -- want "ends when a counter reaches `n`, with no cap"
  do j = j + 1 end
  if j > n then break end
  redis.call('LPUSH', KEYS[1], j)
end
local k, x = 0, 0
while true do -- want "ends when a counter reaches `n`, with no cap"
  k, x = k + 1, x
  if k > n then break end
  redis.call('LPUSH', KEYS[1], k)
end
local a = 0
while a < n do -- want "`while a < n` loop runs until a counter reaches `n`, with no cap"
  a = a - -1
  redis.call('LPUSH', KEYS[1], a)
end

-- Silent: the same steps toward a literal bound, and a step that does not
-- run on every round (no counter: the loop progresses when it runs).
local b = 0
while true do
  b = b + -1
  if b < -100 then break end
end
local c, y = 0, 0
while true do
  c, y = c + 1, y
  if c > 100 then break end
end
local d = 0
while d < n do
  if redis.call('LPOP', KEYS[2]) then d = d + 1 end
  redis.call('LPUSH', KEYS[1], d)
end
return 1
