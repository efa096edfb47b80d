-- An OpenResty handler: the scripts it sends with lua-resty-redis are
-- linted at their places in this file.
local redis = require "resty.redis"
local red = redis:new()

local res = red:eval([[
local v = redis.call('GET', KEYS[1])
return v + 1 -- want:error "v holds the GET reply"
]], 1, "counter")

local guarded = red:eval([==[
local v = tonumber(redis.call('GET', KEYS[1])) or 0
return v + 1
]==], 1, "counter")

local two = red:eval("return redis.call('GET', KEYS[2])", 1, "a") -- want "reads KEYS.2. on line 16 but eval passes 1 key"
local both = red:eval("return redis.call('MGET', KEYS[1], KEYS[2])", 2, "a", "b")
local text = "return redis.call('GET', KEYS[1]) + 1"
