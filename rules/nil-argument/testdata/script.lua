-- A local only assigned in an inner block that declares another one.
local ttl
if ARGV[2] ~= '' then
  local ttl = ARGV[2]
end
redis.call('SET', KEYS[11], ARGV[1], 'EX', ttl) -- want "ttl \(argument 4 of SET\) is always nil here — ttl is declared without a value on line 2 and never assigned \(the local ttl of line 4 is another variable\)"

-- A local assigned on one branch only.
local owner
if ARGV[3] == 'me' then
  owner = ARGV[1]
end
redis.call('HSET', KEYS[12], 'owner', owner) -- want "owner \(argument 3 of HSET\) may be nil — owner is declared without a value on line 9 and not assigned on every path"

-- Assigned on both branches: fine.
local target
if ARGV[3] == 'me' then
  target = KEYS[2]
else
  target = KEYS[3]
end
redis.call('LPUSH', target, ARGV[1])

-- A reply that may be null, passed on.
local v = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[2], v) -- want "v \(argument 2 of SET\) may be false — the GET reply of line 25 is null \(false in Lua\) when the key is missing \(the script handles a missing value of the same read on line 36\); Redis then fails with 'ERR Lua redis lib command arguments must be strings or integers'"
redis.call('SET', KEYS[2], redis.call('HGET', KEYS[9], 'f')) -- want "\(argument 2 of SET\) may be false — the HGET reply of line 27"

-- tonumber of a nullable reply, through an alias of redis.call.
local rcall = redis.call
local n = tonumber(rcall('HGET', KEYS[9], 'count'))
rcall('ZADD', KEYS[2], n, ARGV[1]) -- want "n \(argument 2 of ZADD\) may be nil — tonumber of the HGET reply of line 31 is nil when the hash or the field is missing"

-- Guarded or defaulted: fine.
local w = redis.call('GET', KEYS[1])
if w then
  redis.call('SET', KEYS[2], w)
end
local d = redis.call('GET', KEYS[1]) or ''
redis.call('SET', KEYS[2], d)
local e = redis.call('GET', KEYS[1])
if not e then
  return 0
end
redis.call('SET', KEYS[2], e)
local f = redis.call('GET', KEYS[1])
if f == false then
  return 0
end
redis.call('SET', KEYS[2], f)
local g = tonumber(redis.call('GET', KEYS[1])) or 0
redis.call('SET', KEYS[2], g)

-- The caller's values and unknown values: not reported (items[1]: below).
local argn = tonumber(ARGV[4])
redis.call('SET', KEYS[2], argn)
redis.call('SET', KEYS[2], ARGV[5])
local conf = cjson.decode(ARGV[6])
redis.call('SET', KEYS[2], conf.name)
local items = redis.call('LRANGE', KEYS[6], 0, 9)
redis.call('SET', KEYS[2], items[1]) -- want "items\[1\] \(argument 2 of SET\) may be nil — element 1 of the LRANGE reply of line 60 is nil when the array is empty"
for _, item in ipairs(items) do
  redis.call('SADD', KEYS[2], item)
end
redis.call('SADD', KEYS[2], unpack(items))
local incr = redis.call('INCR', KEYS[1])
redis.call('SET', KEYS[2], incr)
local function name(x) return x end
redis.call('SET', KEYS[2], name(ARGV[1]))

-- Values Redis never accepts.
redis.call('SET', KEYS[2], true) -- want "true \(argument 2 of SET\) is a boolean"
redis.call('SET', KEYS[2], ARGV[1] == 'x') -- want "is a boolean"
redis.call('SET', KEYS[2], nil) -- want "nil \(argument 2 of SET\) is always nil here — nil is written here"
redis.call('SET', KEYS[2], {ARGV[1]}) -- want "is a table — .*pass its elements"
redis.call('SET', KEYS[2], redis.call('HGETALL', KEYS[1])) -- want "is a table"
redis.call('DEL', KEYS) -- want "KEYS \(argument 1 of DEL\) is a table"
local flag = ARGV[1] == 'x' and 'yes'
redis.call('SET', KEYS[2], flag) -- want "flag \(argument 2 of SET\) may be false — ARGV\[1\] == 'x' is false when it does not hold"
local cleared = nil
redis.call('SET', KEYS[2], cleared) -- want "cleared \(argument 2 of SET\) is always nil here — cleared is assigned nil on line 80"
local later = 'x'
if ARGV[1] == 'y' then
  later = nil
end
redis.call('SET', KEYS[2], later) -- want "later \(argument 2 of SET\) may be nil — later is assigned nil on line 84"
redis.call('SET', KEYS[2], ARGV[1] == 'x' and 'yes' or 'no')
redis.call('SET', KEYS[2], 1.5)
redis.pcall('SET', KEYS[2], v) -- want "v \(argument 2 of SET\) may be false"

-- Assigned and used under the same condition: the model cannot relate the
-- two ifs, the rule does.
local score
if ARGV[7] ~= '' then
  score = tonumber(ARGV[7])
end
redis.call('SET', KEYS[3], ARGV[1])
if ARGV[7] ~= '' then
  redis.call('ZADD', KEYS[4], score, ARGV[1])
end
if ARGV[7] == '' then
  redis.call('ZADD', KEYS[4], score, ARGV[1]) -- want "score \(argument 2 of ZADD\) may be nil"
end

-- Assigned by a closure, or read by one after a later assignment: the
-- value at the call is not known.
local result
local function fill() result = ARGV[1] end
fill()
redis.call('SET', KEYS[2], result)
local late
local function store() return redis.call('SET', KEYS[2], late) end
late = ARGV[1]
store()
local never
local function use() return redis.call('SET', KEYS[2], never) end -- want "never \(argument 2 of SET\) is always nil here — never is declared without a value on line 115 and never assigned"
