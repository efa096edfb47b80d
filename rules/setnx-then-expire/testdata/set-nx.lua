-- SET NX without EX or PX is SETNX: reported the same way.
local function unconditional()
  redis.call('SET', KEYS[1], ARGV[1], 'NX') -- want "key KEYS\[1\] set with NX is given its expiry on line 4 even when it was already there — .* add EX <ttl> to the SET"
  redis.call('EXPIRE', KEYS[1], ARGV[2])
end

local function truth_test()
  if redis.call('SET', KEYS[2], ARGV[1], 'NX') then -- want "key KEYS\[2\] set with NX gets its expiry from the EXPIRE on line 9"
    redis.call('PEXPIRE', KEYS[2], ARGV[2] * 1.5)
    return 1
  end
  return 0
end

local function not_taken()
  local ok = redis.call('SET', KEYS[3], ARGV[1], 'NX') -- want "key KEYS\[3\] set with NX gets its expiry from the EXPIRE on line 20 — add EX 30 to the SET: one command does both"
  if not ok then
    return 0
  end
  redis.call('EXPIRE', KEYS[3], 30)
  return 1
end

-- A lock: the EXPIRE pushes back the expiry of the holder's lock, even
-- with statements in between.
local function lock_refreshed()
  local lock_key = 'lock:' .. KEYS[4]
  redis.call('SETNX', lock_key, ARGV[1]) -- want "key lock_key taken with SETNX is given its expiry on line 30 even when it was already there — the EXPIRE runs whatever the SETNX replied: it pushes back the expiry of a lock someone else holds"
  redis.call('INCR', KEYS[5])
  redis.call('EXPIRE', lock_key, 10)
end
