-- Guards and defaults: all silent.
local function default_inside()
  local n = tonumber(redis.call('GET', KEYS[1]) or 0)
  return n + 1
end

local function default_outside()
  local n = tonumber(redis.call('GET', KEYS[1])) or 0
  return n > 0
end

local function early_return()
  local v = redis.call('GET', KEYS[1])
  if not v then
    return 0
  end
  return v + 1
end

local function equals_false()
  local v = redis.call('GET', KEYS[1])
  if v == false then
    return
  end
  return v * 2
end

local function not_equals_false()
  local v = redis.call('GET', KEYS[1])
  if v ~= false then
    return v * 2
  end
  return 0
end

local function string_default()
  local s = redis.call('GET', KEYS[1]) or '0'
  return s + 1
end

local function and_guard()
  local tokens = redis.call('GET', KEYS[1])
  if tokens and tonumber(tokens) > 0 then
    return 'ok'
  end
  return 'limited'
end

local function tonumber_guard()
  local n = tonumber(redis.call('GET', KEYS[1]))
  if n and n > 0 then
    return n
  end
  if not n then
    return 0
  end
  return n - 1
end

local function error_guard()
  local v = redis.call('HGET', KEYS[1], 'n')
  if not v then
    error('missing ' .. KEYS[1])
  end
  return v + 1
end

local function reassigned()
  local v = redis.call('GET', KEYS[1])
  v = v or 0
  return v + 1
end

local function loop()
  local total = 0
  for i = 1, #KEYS do
    local v = redis.call('GET', KEYS[i])
    if v then
      total = total + v
    end
  end
  return total
end

local function nil_or_false()
  local v = redis.call('GET', KEYS[1])
  if v == nil or v == false then
    return 0
  end
  return v + 1
end

local function equality_only()
  return tonumber(redis.call('GET', KEYS[1])) == 0
end

local function tonumber_equals_nil()
  local n = tonumber(redis.call('GET', KEYS[1]))
  if n == nil then
    return 0
  end
  return n + 1
end

local function not_tonumber()
  local v = redis.call('GET', KEYS[1])
  if not tonumber(v) then
    return 0
  end
  return v + 1
end

return {tonumber_equals_nil(), not_tonumber(), default_inside(), default_outside(), early_return(), equals_false(), not_equals_false(), string_default(),
  and_guard(), tonumber_guard(), error_guard(), reassigned(), loop(), nil_or_false(), equality_only()}
