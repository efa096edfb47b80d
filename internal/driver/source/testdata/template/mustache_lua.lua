-- {{a}} is a table in a table when the file declares a: plain Lua, and
-- nothing to report.
local a = redis.call('GET', KEYS[1])
return {{a}}
