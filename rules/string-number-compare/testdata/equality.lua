-- litestar's _redis_xadd_expire.lua (round 8a): ARGV[4] is '1' or '0', and
-- the string '1' is never equal to the number 1, so the approximate trim
-- never runs (observed on 7.0.15: the exact branch always does).
local limit = ARGV[2]
local maxlen_approx = ARGV[4]
for i, key in ipairs(KEYS) do
  if maxlen_approx == 1 then -- want "maxlen_approx == 1 is never true: maxlen_approx is a string and 1 a number"
    redis.call('XADD', key, 'MAXLEN', '~', limit, '*', 'data', ARGV[1])
  else
    redis.call('XADD', key, 'MAXLEN', limit, '*', 'data', ARGV[1])
  end
end
if 0 ~= KEYS[1] then -- want "0 ~= KEYS\[1\] is always true"
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end

-- Converted, or compared with a string: silent.
if tonumber(ARGV[4]) == 1 or ARGV[4] == '1' then
  return 1
end
local n = tonumber(ARGV[5]) or 0
if n == 0 then
  return 0
end

-- An integer reply compared with an argument is reply-type-compare's
-- (@upstash/ratelimit's `r == incrementBy`): not reported twice.
local r = redis.call('INCRBY', KEYS[2], ARGV[6])
if r == ARGV[6] then
  redis.call('PEXPIRE', KEYS[2], ARGV[3])
end
return 2
