-- A flag the loop sets to end itself is an exit, guarded by the ifs around
-- the assignment, like a break.
local condition = true
local n = 0
while condition do -- want:info "ends when a counter reaches `tonumber\(ARGV\[1\]\)`, with no cap"
  n = n + 1
  if n > tonumber(ARGV[1]) then
    condition = false
  end
end

-- The flag set where the loop walks a list that it pops: it ends.
local more = true
while more do
  local job = redis.call('LPOP', KEYS[1])
  if not job then
    more = false
  else
    redis.call('RPUSH', KEYS[2], job)
  end
end

-- Apache Seata's split: the flag is set when string.find finds no more
-- separator, and every other round moves the position past the one it
-- found. It ends.
local str, strB, parts = ARGV[2], 1, {}
local condition2 = true
while condition2 do
  local si, sd = string.find(str, ';', strB)
  if si then
    parts[#parts + 1] = string.sub(str, strB, si - 1)
    strB = sd + 1
  else
    parts[#parts + 1] = string.sub(str, strB)
    condition2 = false
  end
end

-- The flag set only when a key that nothing in the loop writes appears:
-- a busy-wait, as with break.
local done = false
while not done do -- want:warning "busy-waits on `v`, which nothing in it changes"
  local v = redis.call('GET', KEYS[3])
  if v then
    done = true
  end
end

-- Set again to the value it entered with, the flag changes nothing.
local ok = false
while not ok do -- want:warning "never ends unless it stops at the first check"
  ok = false
end
return n
