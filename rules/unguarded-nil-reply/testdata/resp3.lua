-- With RESP3 a null reply is nil rather than false: still an error.
redis.setresp(3)
local v = redis.call('GET', KEYS[1])
local a = v + 1 -- want "^v holds the GET reply, nil when the key is missing .*'attempt to perform arithmetic on local 'v' \(a nil value\)'"
local w = redis.call('GET', KEYS[2])
if w == nil then
  return a
end
return w + 1
