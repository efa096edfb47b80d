-- Correct forms: the guard compares the value with the amount, or the
-- decrement is by one after a check for more than zero. All silent.

local function compare_with_amount()
  local stock = tonumber(redis.call('GET', KEYS[1]))
  local qty = tonumber(ARGV[1])
  if stock >= qty then
    redis.call('DECRBY', KEYS[1], qty)
  end
end

local function return_early_raw_argv()
  local stock = tonumber(redis.call('GET', KEYS[1]))
  if stock < tonumber(ARGV[1]) then return end
  redis.call('DECRBY', KEYS[1], ARGV[1])
end

local function reversed_amount()
  local stock = tonumber(redis.call('GET', KEYS[1])) or 0
  if tonumber(ARGV[1]) > stock then return 0 end
  redis.call('DECRBY', KEYS[1], ARGV[1])
end

local function difference()
  local stock = tonumber(redis.call('GET', KEYS[1]))
  local qty = tonumber(ARGV[1])
  if stock - qty < 0 then return 0 end
  redis.call('DECRBY', KEYS[1], qty)
end

local function difference_local()
  local stock = tonumber(redis.call('GET', KEYS[1]))
  local qty = tonumber(ARGV[1])
  local left = stock - qty
  if left < 0 then return 0 end
  redis.call('DECRBY', KEYS[1], qty)
end

local function negated_amount_checked()
  local balance = tonumber(redis.call('HGET', KEYS[1], 'balance'))
  local amount = tonumber(ARGV[1])
  if not balance or balance < amount then return 0 end
  redis.call('HINCRBY', KEYS[1], 'balance', -amount)
end

local function decr_after_positive()
  local stock = tonumber(redis.call('GET', KEYS[1]))
  if stock > 0 then redis.call('DECR', KEYS[1]) end
  if stock <= 0 then return end
  redis.call('DECRBY', KEYS[1], 1)
end

local function constant_covered()
  local stock = tonumber(redis.call('GET', KEYS[1]))
  if stock >= 2 then redis.call('DECRBY', KEYS[1], 2) end
  if stock > 1 then redis.call('INCRBY', KEYS[1], -2) end
end

local function increments()
  local stock = tonumber(redis.call('GET', KEYS[1]))
  if stock > 0 then
    redis.call('INCRBY', KEYS[1], ARGV[1])
    redis.call('HINCRBY', KEYS[1], 'f', 1)
  end
end

local function other_key_or_field()
  local stock = tonumber(redis.call('GET', KEYS[1]))
  if stock > 0 then redis.call('DECRBY', KEYS[2], ARGV[1]) end
  local b = tonumber(redis.call('HGET', KEYS[3], 'a'))
  if b > 0 then redis.call('HINCRBY', KEYS[3], 'b', -tonumber(ARGV[1])) end
end

local function no_guard_or_not_dominating()
  local stock = tonumber(redis.call('GET', KEYS[1]))
  local seen = false
  if stock > 0 then seen = true end
  redis.call('DECRBY', KEYS[1], ARGV[1])
  return seen
end

local function decrement_first()
  if redis.call('DECRBY', KEYS[1], ARGV[1]) >= 0 then
    return 1
  end
  redis.call('INCRBY', KEYS[1], ARGV[1])
  return 0
end

local function bound_by_another_value()
  local stock = tonumber(redis.call('GET', KEYS[1]))
  if stock > tonumber(ARGV[2]) then
    redis.call('DECRBY', KEYS[1], ARGV[1])
  end
end

local function written_in_between()
  local stock = tonumber(redis.call('GET', KEYS[1]))
  if stock <= 0 then return end
  redis.call('SET', KEYS[1], ARGV[2])
  redis.call('DECRBY', KEYS[1], ARGV[1])
end

local function upper_bound_only()
  local used = tonumber(redis.call('GET', KEYS[1])) or 0
  if used >= tonumber(ARGV[2]) then return 0 end
  redis.call('INCRBY', KEYS[1], -tonumber(ARGV[1]))
end

local function result_checked()
  local stock = tonumber(redis.call('GET', KEYS[1]))
  if not stock or stock <= 0 then return 0 end
  local left = redis.call('DECRBY', KEYS[1], ARGV[1])
  if left < 0 then
    redis.call('INCRBY', KEYS[1], ARGV[1])
    return 0
  end
  return 1
end

-- The seed scripts: DECR after a check for more than zero.
local tokens = redis.call('GET', KEYS[1])
if tokens and tonumber(tokens) > 0 then
  redis.call('DECR', KEYS[1])
end
local s = tonumber(redis.call('GET', KEYS[1]))
if s <= 0 then return 0 end
redis.call('DECR', KEYS[1])
return 1
