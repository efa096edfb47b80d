-- ${name} placeholders of a template literal or a shell heredoc.
local v = redis.call('GET', ${key})
if v == nil then return 0 end -- want "v \(the GET reply\) is never nil"
return redis.call('EXPIRE', ${key}, ${ttl})
