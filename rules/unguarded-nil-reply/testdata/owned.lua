-- A raw bulk-string reply compared with a number fails whatever it holds:
-- string-number-compare reports it, not this rule.
local function owned()
  if tonumber(ARGV[2]) < redis.call('GET', KEYS[1]) then
    return 1
  end
  return 0
end

-- Compared with a string: an error only when the key is missing.
local function with_string()
  if redis.call('GET', KEYS[1]) > ARGV[1] then -- want "'attempt to compare string with boolean'"
    return 1
  end
  return 0
end

-- tonumber of the reply is this rule's, even beside a raw ARGV (which
-- string-number-compare reports on its own).
local function both()
  if tonumber(redis.call('GET', KEYS[1])) < ARGV[1] then -- want "'attempt to compare nil with string'"
    return 1
  end
  return 0
end

return {owned(), with_string(), both()}
