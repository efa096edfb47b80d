-- A @ only in comments and strings: plain Lua, as before (@param key).
--- @return string
return redis.call('SET', KEYS[1], '@key' .. "admin@example.com")
