-- SETNX whose key gets its expiry from a separate EXPIRE.
local function conditional()
  if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then -- want "key KEYS\[1\] taken with SETNX gets its expiry from the EXPIRE on line 4 — when that EXPIRE fails .* use SET KEYS\[1\] value NX EX <ttl>, which checks the TTL before it writes$"
    redis.call('EXPIRE', KEYS[1], ARGV[2])
  end
end

local function early_exit()
  local got = redis.call('SETNX', KEYS[2], 1) -- want "key KEYS\[2\] taken with SETNX .* NX PX <ttl>"
  if got == 0 then
    error('busy')
  end
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
end

local function unconditional()
  redis.call('SETNX', KEYS[3], 1) -- want "is given its expiry on line 18 even when it was already there — the EXPIRE runs whatever the SETNX replied: it also pushes back the expiry of a key that was already there"
  redis.call('EXPIRE', KEYS[3], 10)
end

local function literal_ttl()
  if redis.call('SETNX', KEYS[4], 1) == 1 then -- want "key KEYS\[4\] taken with SETNX gets its expiry from the EXPIRE on line 23 — SET KEYS\[4\] value NX EX 60 does both in one command \(SETNX is deprecated since Redis 2.6.12\)"
    redis.call('EXPIRE', KEYS[4], '60')
  end
end

-- A TTL the script computes with a fraction: EXPIRE refuses 1.5.
local function seconds_from_ms()
  if redis.call('SETNX', KEYS[9], ARGV[1]) == 1 then -- want "gets its expiry from the EXPIRE on line 30 — its TTL ARGV\[2\] / 1000 may not be an integer"
    redis.call('EXPIRE', KEYS[9], ARGV[2] / 1000)
    return 1
  end
  return 0
end

-- walrus lock_acquire.lua: the EXPIRE runs where the key was taken and a
-- TTL was given (the first operand of `and` decides the first).
local function conjunction()
  local key = KEYS[10]
  local ttl = tonumber(ARGV[2])
  local ret = redis.call('setnx', key, ARGV[1]) -- want "key key taken with SETNX gets its expiry from the EXPIRE on line 43"
  if ret == 1 and ttl > 0 then
    redis.call('pexpire', key, ttl)
  end
  return ret
end
