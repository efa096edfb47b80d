-- Apache Seata's updateGlobalTransactionDO.lua: `not x and
-- string.len(tostring(x)) ~= 0` holds for a missing field (tostring(false)
-- is 'false', never empty), so the script returns before it concatenates.
local fields = redis.call('HMGET', KEYS[1], 'status', 'modified')
local previousStatus = fields[1]
if (not previousStatus and string.len(tostring(previousStatus)) ~= 0) then
  return 'NotExisted'
end
redis.call('LREM', 'status:' .. previousStatus, 0, ARGV[1])

-- Compared with == 0 the guard never holds for a missing field: the
-- concatenation still fails on it.
local other = redis.call('HMGET', KEYS[2], 'status')[1]
if not other and #tostring(other) == 0 then
  return 'NotExisted'
end
return 'status:' .. other -- want "other holds element 1 of the HMGET reply, false when its field is missing"
