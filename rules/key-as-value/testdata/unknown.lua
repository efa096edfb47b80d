-- Key positions that cannot be known, and KEYS elements taken by a
-- computed index: nothing is reported.
local n = tonumber(ARGV[1])
redis.call('ZUNIONSTORE', KEYS[1], n, KEYS[2], KEYS[3])
redis.call('SORT', KEYS[4], 'BY', KEYS[5])
for i = 6, #KEYS do
  redis.call('DEL', KEYS[i])
end
redis.call('SET', KEYS[1], KEYS[7])
