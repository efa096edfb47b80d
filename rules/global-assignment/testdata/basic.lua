count = redis.call('INCR', KEYS[1]) -- want "assignment to global count"
function double(x) return x * 2 end -- want "assignment to global double"
redis.myfield = 1 -- want "redis.myfield is a field of the read-only redis table"
string.trim = function(s) return s end -- want "string.trim"
_G.y = 1 -- want "_G.y"

-- Locals, fields of local tables and upvalues are fine.
local total = 0
local t = {}
t.x = 1
local function bump() total = total + 1 end
bump()
local obj = {}
function obj.method() return 1 end
function obj:other() return self end
return double(count)
