-- an embedded script
return redis.call("GET", KEYS[1])
