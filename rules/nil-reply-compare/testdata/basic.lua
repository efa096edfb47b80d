-- A reply compared with nil: in RESP2 a null reply is false, never nil.
local v = redis.call('HGET', KEYS[1], 'count')
if v == nil then -- want "^v \(the HGET reply\) is never nil in a script \(RESP2\) — a null reply arrives in Lua as false, not nil .*, so v == nil is never true; test not v \(or v == false\) for the null reply$"
  return 0
end

if redis.call('GET', KEYS[2]) == nil then -- want "^redis.call\('GET', KEYS\[2\]\) is never nil .*redis.call\('GET', KEYS\[2\]\) == nil is never true"
  return 1
end

-- Both operand orders, ~= as well.
if nil == redis.call('LPOP', KEYS[1]) then -- want "nil == redis.call\('LPOP', KEYS\[1\]\) is never true"
  return 2
end
local popped = redis.call('RPOP', KEYS[1])
if popped ~= nil then -- want "popped ~= nil is always true; test popped itself \(or popped ~= false\) for a non-null reply"
  return popped
end

-- Arrays are tables, empty when nothing matches.
local members = redis.call('ZRANGE', KEYS[1], 0, -1)
if members ~= nil then -- want "the ZRANGE reply is a table, empty when nothing matches, so members ~= nil is always true; test #members == 0"
  return members
end
if redis.call('HGETALL', KEYS[1]) == nil then -- want "the HGETALL reply is a table"
  return 3
end

-- Integers and status replies are never nil either.
if redis.call('INCR', KEYS[1]) == nil then -- want "the INCR reply is an integer, so .* is never true"
  return 4
end
if redis.call('SET', KEYS[1], 'v') == nil then -- want "the SET reply is a status table"
  return 5
end

-- Through an alias of redis.call, a local that holds nil, and a second local.
local call = redis.call
local NONE = nil
local a = call('HGET', KEYS[1], 'f')
local b = a
if b == NONE then -- want "^b \(the HGET reply\) is never nil"
  return 6
end

-- redis.pcall: an error is a table, a null reply is still false.
if redis.pcall('GET', KEYS[1]) == nil then -- want "a null reply arrives in Lua as false"
  return 7
end
if redis.pcall('INCR', KEYS[1]) ~= nil then -- want "the INCR reply is an integer \(an error is a table \{err=...\}\)"
  return 8
end

-- Inside a helper and in a nested expression.
local function load(key)
  local raw = redis.call('GET', key)
  return raw == nil and 'none' or raw -- want "raw == nil is never true"
end
return load(KEYS[1])

