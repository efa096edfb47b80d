-- Locks taken and released inside one script; each case is its own function.

local function setnx_then_del()
  local lock = redis.call('SETNX', KEYS[2], 'locked') -- want "lock KEYS\[2\] is taken with SETNX and deleted again by DEL on line 8"
  if lock == 1 then
    local stock = redis.call('GET', KEYS[1])
    if tonumber(stock) <= 0 then
      redis.call('DEL', KEYS[2])
      return 'no stock'
    end
    redis.call('DECR', KEYS[1])
    redis.call('DEL', KEYS[2])
    return 'ok'
  else
    return 'busy'
  end
end

local function set_nx_ex_in_condition()
  local lock_key = 'lock:' .. (tonumber(ARGV[1]) % 100)
  if redis.call('SET', lock_key, '1', 'NX', 'EX', 1) then -- want "lock lock_key is taken with SET"
    redis.call('DECR', KEYS[1])
    redis.call('DEL', lock_key)
    return 1
  end
  return 0
end

local function early_return_when_busy()
  local call = redis.call
  local k = KEYS[3]
  if not call('set', k, ARGV[1], 'nx', 'px', 5000) then -- want "deleted again by UNLINK"
    return 'busy'
  end
  call('INCR', KEYS[1])
  call('unlink', k)
  return 'ok'
end

local function compared_with_zero()
  if redis.call('SETNX', KEYS[4], 'locked') == 0 then return 'busy' end -- want "KEYS\[4\]"
  redis.call('INCR', KEYS[1])
  redis.call('DEL', KEYS[4])
  return 'ok'
end

local function untested_reply()
  redis.call('SETNX', KEYS[5], ARGV[1]) -- want "KEYS\[5\]"
  redis.call('INCR', KEYS[1])
  redis.call('DEL', KEYS[1], KEYS[5])
end

local function error_in_between()
  -- error() stops the script with the lock held: the very harm.
  if redis.call('SETNX', KEYS[6], ARGV[1]) == 1 then -- want "KEYS\[6\]"
    if not redis.call('GET', KEYS[1]) then error('missing') end
    redis.call('DEL', KEYS[6])
    return 1
  end
  return 0
end

local function unlock() redis.call('DEL', KEYS[7]) end
local function release_through_helper()
  if redis.call('SETNX', KEYS[7], ARGV[1]) == 1 then -- want "KEYS\[7\] is taken with SETNX and deleted again by DEL on line 63"
    redis.call('INCR', KEYS[1])
    unlock()
    return 1
  end
  return 0
end
