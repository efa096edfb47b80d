-- Assigned on both branches: the declaration's nil never reaches the call,
-- even when a value may be nil for the caller's own reasons (a TTL the
-- caller passes as a number).
local current_time = tonumber(ARGV[6])
local pttl = tonumber(ARGV[2])
local score
if ARGV[3] == 'until_expired' and pttl and pttl > 0 then
  score = current_time + pttl
else
  score = current_time
end
redis.call('ZADD', KEYS[1], score, ARGV[1])

-- Locals set together in one block: once the first is tested, the second is
-- set too.
local chosen = nil
local index = nil
local groups = redis.call('ZRANGE', KEYS[2], 0, 9)
for i = 1, #groups do
  if redis.call('LLEN', KEYS[3] .. groups[i]) == 0 then
    chosen = groups[i]
    index = i - 1
    break
  end
end
if not chosen then
  return nil
end
redis.call('ZREMRANGEBYRANK', KEYS[2], index, index)

-- Set apart, the second is still reported.
local first = nil
local second = nil
for i = 1, #groups do
  if i == 1 then
    first = groups[i]
  else
    second = i
  end
end
if not first then
  return nil
end
redis.call('ZREMRANGEBYRANK', KEYS[2], second, second) -- want "second \(argument 2 of ZREMRANGEBYRANK\) may be nil — second is assigned nil on line 33" "second \(argument 3 of ZREMRANGEBYRANK\) may be nil"
return chosen
