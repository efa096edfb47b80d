-- A key written into the script.
local user = redis.call('GET', 'current_user')
