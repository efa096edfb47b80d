-- A local declared before a loop and assigned late in each round: the
-- first round's `if prev then` cannot run (prev is nil), and later rounds
-- see only what the round before assigned, tested truthy. Silent.
local prev
for i = 1, tonumber(ARGV[1]) do
  if prev then
    redis.call('RPUSH', KEYS[2], prev)
  end
  prev = redis.call('LPOP', KEYS[1])
end

-- Read untested, the same local is nil in the first round: reported.
local last
for i = 1, tonumber(ARGV[1]) do
  redis.call('RPUSH', KEYS[2], last) -- want "last \(argument 2 of RPUSH\) may be"
  last = redis.call('LPOP', KEYS[1])
end
return 0
