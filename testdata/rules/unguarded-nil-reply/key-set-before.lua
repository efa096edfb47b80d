-- A counter the script has just created is not missing.
redis.call('SET', KEYS[1], 0, 'NX')
local n = redis.call('GET', KEYS[1]) + 1
redis.call('SET', KEYS[1], n)

-- Without the SET before it, the GET may be null.
local m = redis.call('GET', KEYS[2]) + 1 -- want "is false when the key is missing"
return {n, m}
