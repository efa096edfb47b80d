-- An integer reply is 0 when the command did nothing, never false (ergo's
-- job cancel: LREM and ZREM replies taken for "not found").
local was_pending = redis.call("LREM", KEYS[3], 1, ARGV[1])
local was_processing = redis.call("ZREM", KEYS[2], ARGV[1])
if was_pending == false and was_processing == false then -- want "^was_pending \(the LREM reply\) is an integer reply compared with false — it is a number, 0 when the LREM did nothing, never false: was_pending == false is always false; compare with 0 \(was_pending == 0\)$" "was_processing \(the ZREM reply\) is an integer reply compared with false"
  return 1
end
if redis.call("SREM", KEYS[1], ARGV[1]) ~= false then -- want "is always true; compare with 0"
  return 2
end

-- Silent: replies that are false when missing, and the right test of 0.
if redis.call("ZSCORE", KEYS[2], ARGV[1]) == false then
  return 3
end
if redis.call("LPOP", KEYS[1]) == false then
  return 4
end
if was_pending == 0 then
  return 5
end
local ok = redis.pcall("LREM", KEYS[3], 1, ARGV[1])
if ok == true then
  return 6
end
return 0
