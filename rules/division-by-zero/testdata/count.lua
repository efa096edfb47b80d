-- An average over a list that may be empty, returned and stored.
local n = redis.call('LLEN', KEYS[1])
local total = tonumber(redis.call('GET', KEYS[2]) or 0)
redis.call('SET', KEYS[3], total / n) -- want "n can be 0 here: LLEN replies 0 for a missing or empty key — total / n is then inf or nan, and SET gets the text inf or -nan"
local members = redis.call('SMEMBERS', KEYS[4])
local share = 100 / #members -- want "#members can be 0 here: #members is 0 for an empty table — 100 / #members is then inf or nan, and Redis replies -9223372036854775808"
if ARGV[1] == 'share' then
  return share
end

-- Silent: a checked count, a quotient only compared, a literal divisor.
local m = redis.call('ZCARD', KEYS[5])
if m == 0 then
  return 0
end
local mean = total / m
if total / redis.call('SCARD', KEYS[6]) > 0.5 then
  redis.call('SET', KEYS[7], mean)
end
return math.floor(total / 2)
