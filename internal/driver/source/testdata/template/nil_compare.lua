-- The rules see the script: a reply compared with nil, quoted with the
-- parameter as written.
local v = redis.call('GET', @key)
if v == nil then -- want "v \(the GET reply\) is never nil"
  return @fallback
end
-- The headline clips its quote within a placeholder, which is dropped.
if redis.call('HGET', @key, @field) == nil then -- want "^redis.call\('HGET', @key, \.\.\. is never nil.* so redis.call\('HGET', @key, @field\) == nil"
  return 0
end
return missing -- want "global missing does not exist"
