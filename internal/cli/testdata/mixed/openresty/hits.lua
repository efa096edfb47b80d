-- OpenResty content_by_lua_file handler
local redis = require "resty.redis"
local red = redis:new()
red:set_timeouts(1000, 1000, 1000)

local ok, err = red:connect("127.0.0.1", 6379)
if not ok then
  ngx.say("failed to connect: ", err)
  return
end

local res, err = red:eval([[
  local n = redis.call('INCR', KEYS[1])
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  return n
]], 1, "hits:" .. ngx.var.remote_addr, 60)
if not res then
  ngx.say("failed to eval: ", err)
  return
end
ngx.say("hits: ", res)
local last = red:eval("return redis.call('GET', 'last-hit')", 0)
ngx.say("last: ", last)
red:set_keepalive(10000, 100)
