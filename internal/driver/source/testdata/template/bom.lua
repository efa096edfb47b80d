local v = redis.call('GET', @key) -- want "byte order mark"
return v
