-- A lock taken with SET NX and released by its owner, with no expiry:
-- --fix --unsafe-fixes gives it a time to live from a new ARGV element.
if ARGV[1] == 'acquire' then
  if redis.call('SET', KEYS[1], ARGV[2], 'NX') then
    return 1
  end
  return 0
end
if redis.call('GET', KEYS[1]) == ARGV[2] then
  return redis.call('DEL', KEYS[1])
end
return 0
