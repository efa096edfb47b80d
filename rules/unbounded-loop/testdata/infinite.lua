-- Loops with no exit at all.
local function spin()
  while true do -- want "`while true` loop never ends: it has no break or return"
    local x = 1
  end
end

local function spin1()
  while 1 do -- want "`while 1` loop never ends"
  end
end

local function spin2()
  repeat -- want "`repeat ... until false` loop never ends"
    redis.call('GET', KEYS[1])
  until false
end

local function spin3()
  while not nil do -- want "never ends"
  end
end

-- A break of a nested loop does not leave the outer one.
local function spin4()
  while true do -- want "never ends"
    for i = 1, 3 do
      break
    end
  end
end

-- A function body inside the loop is not an exit of the loop.
local function spin5()
  while true do -- want "never ends"
    local f = function() return 1 end
  end
end

-- After a write, SCRIPT KILL cannot stop it.
local function spin6()
  redis.call('SET', KEYS[1], 'started')
  while true do -- want "after the SET at line 42 SCRIPT KILL answers UNKILLABLE, so only SHUTDOWN NOSAVE stops it"
  end
end

-- A write inside the loop counts too.
local function spin7()
  while true do -- want "after the INCR at line 50 SCRIPT KILL answers UNKILLABLE"
    redis.call('INCR', KEYS[1])
  end
end

-- Without a write, no UNKILLABLE claim.
local function spin8()
  redis.call('GET', KEYS[1])
  while true do -- want "BUSY after busy-reply-threshold, 5 s by default\): give it an exit"
  end
end

-- Exits of any kind: silent here (each is checked in exits.lua).
local function once()
  while true do
    redis.call('INCR', KEYS[1])
    break
  end
end

local function fails()
  while true do
    error('stop')
  end
end
