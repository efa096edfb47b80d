if tonumber(ARGV[2]) < redis.call('GET', 'start_time') then return {-1,'not started'} end
local segment = tonumber(ARGV[1]) % 100
local lock_key = 'lock:'..segment
if redis.call('SET', lock_key, '1', 'NX', 'EX', 1) then
  local stock = redis.call('GET', KEYS[1])
  if tonumber(stock) > 0 then
    redis.call('DECR', KEYS[1])
    redis.call('DEL', lock_key)
    return {1,'ok'}
  end
  redis.call('DEL', lock_key)
end
return {0,'sold out'}
