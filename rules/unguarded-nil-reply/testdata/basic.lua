-- A reply that may be null reaches arithmetic or an ordering comparison.
local stock = redis.call('GET', KEYS[1])
if tonumber(stock) > 0 then -- want "^tonumber\(stock\) is nil when the key is missing — .*GET replies null then, and tonumber\(stock\) > 0 fails with 'attempt to compare number with nil'"
  redis.call('DECR', KEYS[1])
end

local function direct()
  local n = tonumber(redis.call('GET', KEYS[2]))
  if n <= 0 then -- want "^n holds tonumber of the GET reply, nil when the key is missing .*'attempt to compare nil with number'"
    return 0
  end
  return n
end

local function raw()
  return redis.call('GET', KEYS[1]) + 1 -- want "^redis.call\('GET', KEYS\[1\]\) is false when .*'attempt to perform arithmetic on a boolean value'.*tonumber\(x\) or 0.*if not x then"
end

local function rawLocal()
  local v = redis.call('GET', KEYS[1])
  return v * 2 -- want "^v holds the GET reply, false .*'attempt to perform arithmetic on local 'v' \(a boolean value\)'"
end

local function both_orders()
  local n = tonumber(redis.call('GET', KEYS[1]))
  local m = tonumber(redis.call('GET', KEYS[2]))
  local a = 1 + n -- want "'attempt to perform arithmetic on local 'n' \(a nil value\)'"
  local b = 10 >= m -- want "'attempt to compare nil with number'"
  return a, b
end

local function unary()
  return -tonumber(redis.call('GET', KEYS[1])) -- want "'attempt to perform arithmetic on a nil value'"
end

local function ops()
  local a = tonumber(redis.call('GET', KEYS[1])) % 100 -- want "%"
  local b = tonumber(redis.call('GET', KEYS[1])) ^ 2 -- want "\^"
  local c = tonumber(redis.call('GET', KEYS[1])) / 2 -- want "/"
  local d = tonumber(redis.call('GET', KEYS[1])) - 2 -- want "-"
  return a + b + c + d
end

-- Through an alias of redis.call.
local call = redis.call
local function alias()
  return tonumber(call('HGET', KEYS[1], 'n')) < 5 -- want "hash or the field is missing — .*HGET replies null then.*'attempt to compare nil with number'"
end

-- Once an operation on n did not raise, n was not nil: one finding.
local function once()
  local n = tonumber(redis.call('GET', KEYS[1]))
  local a = n + 1 -- want "'attempt to perform arithmetic on local 'n' \(a nil value\)'"
  local b = n * 2
  if n > 3 then
    return a
  end
  return b
end

-- An upvalue.
local shared = redis.call('GET', KEYS[3])
local function up()
  return shared + 1 -- want "'attempt to perform arithmetic on upvalue 'shared' \(a boolean value\)'"
end

return {direct(), raw(), rawLocal(), both_orders(), unary(), ops(), alias(), once(), up()}
