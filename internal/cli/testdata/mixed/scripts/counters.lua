local total = 0
for _, k in ipairs(redis.call('SMEMBERS', 'counters')) do
  total = total + tonumber(redis.call('GET', k))
end
return total
