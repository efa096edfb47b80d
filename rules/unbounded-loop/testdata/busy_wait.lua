-- Waiting for another client inside a script: nothing else runs, so the
-- condition cannot change.
while redis.call('EXISTS', KEYS[1]) == 1 do end -- want "`while redis.call\('EXISTS', KEYS\[1\]\) == 1` loop never ends unless it stops at the first check — nothing in it changes its condition"

local lock = KEYS[2]
while redis.call('GET', lock) do -- want "never ends unless it stops at the first check"
  redis.log(redis.LOG_WARNING, 'waiting')
end

repeat -- want "`repeat ... until v == 'done'` loop never ends unless"
  local v = redis.call('GET', KEYS[3])
until v == 'done'

-- A local that nothing in the loop changes.
local running = true
while running do -- want "`while running` loop never ends"
  redis.call('INCR', KEYS[1])
end

local t = redis.call('LRANGE', KEYS[1], 0, -1)
while #t > 0 do -- want "`while #t > 0` loop never ends"
  redis.call('INCR', KEYS[2])
end

-- A busy wait with a break: the break depends on nothing that can change.
while true do -- want "busy-waits on `redis.call\('GET', KEYS\[1\]\) == 'free'`, which nothing in it changes — it ends only when that holds \(line 27\)"
  if redis.call('GET', KEYS[1]) == 'free' then
    break
  end
end

-- The loop writes: the read in the condition may see the change.
while redis.call('LPOP', KEYS[1]) do end
while redis.call('EXISTS', KEYS[1]) == 1 do
  redis.call('DEL', KEYS[1])
end
while redis.call('GET', KEYS[1]) do
  helper()
end

-- The condition changes in the body.
local n = tonumber(redis.call('GET', KEYS[1])) or 0
while n > 0 do
  n = n - 1
end
local item = redis.call('RPOP', KEYS[1])
while item do
  redis.call('LPUSH', KEYS[2], item)
  item = redis.call('RPOP', KEYS[1])
end
local q = redis.call('LRANGE', KEYS[1], 0, -1)
while #q > 0 do
  table.remove(q)
end
local cursor = '0'
repeat
  local r = redis.call('SCAN', cursor, 'COUNT', 100)
  cursor = r[1]
until cursor == '0'

-- A random read is not a busy wait.
while redis.call('SRANDMEMBER', KEYS[1]) ~= ARGV[1] do end
