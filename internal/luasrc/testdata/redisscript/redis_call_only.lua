-- a Redis script that uses redis.call with literal keys only
local total = 0
for _, k in ipairs(redis.call('SMEMBERS', 'counters')) do
  total = total + tonumber(redis.call('GET', k) or 0)
end
return total
