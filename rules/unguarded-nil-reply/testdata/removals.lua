-- What a write removes (the model's one table of removals). RENAMENX
-- keeps the old key when the new name exists (it replies 0), so a read
-- after it is not null for that reason; RENAME always moves it.
local function renamed_if_free()
  redis.call('RENAMENX', KEYS[1], KEYS[2])
  return redis.call('GET', KEYS[1]) + 1 -- want "KEYS\[1\] comes from the caller and the script reads it before writing it"
end
local function renamed()
  redis.call('RENAME', KEYS[1], KEYS[2])
  return redis.call('GET', KEYS[1]) + 1 -- want "the script removes it before this read"
end

-- EXPIRE k 0 replies 1 when it deleted the key, so past a check of that
-- reply the key was there and a read made before was not null. A TTL in
-- the future removes nothing, and its reply says nothing of the read.
local function expired_now()
  local v = redis.call('GET', KEYS[3])
  if redis.call('EXPIRE', KEYS[3], 0) == 0 then
    return 0
  end
  return v + 1
end
local function expired_later()
  local v = redis.call('GET', KEYS[3])
  if redis.call('EXPIRE', KEYS[3], 10) == 0 then
    return 0
  end
  return v + 1 -- want "v holds the GET reply, false when the key is missing"
end
return {renamed_if_free(), renamed(), expired_now(), expired_later()}
