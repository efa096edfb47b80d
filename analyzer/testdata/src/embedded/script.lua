-- an embedded script
local v = redis.call("GET", KEYS[1])
return redis.call("SADDD", KEYS[1])
