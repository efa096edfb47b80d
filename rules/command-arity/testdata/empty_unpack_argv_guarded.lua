-- The script tests the count the caller sent: silent.
if #ARGV == 0 then
  return 0
end
redis.call('SADD', KEYS[1], unpack(ARGV))
if #KEYS > 0 then
  redis.call('DEL', unpack(KEYS))
end
return 1
