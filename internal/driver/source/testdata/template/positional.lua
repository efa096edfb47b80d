-- $1 positional parameters.
local n = redis.call('INCR', $1)
if n == 1 then redis.call('EXPIRE', $1, $2) end
return n
