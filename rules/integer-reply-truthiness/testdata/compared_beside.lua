-- A truth test of an integer reply beside a comparison of the same value
-- with a number: the truth test is dead, the comparison does the work:
-- info. (egret-daojia's grab scripts, round 6.) Alone it stays an error.

local function grab()
  local left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
  if not left or tonumber(left) < 0 then -- want:info "left holds the HINCRBY reply.*here tonumber\(left\) < 0 beside it checks the value"
    return '-3'
  end
  local added = redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
  if not added or added < 1 then -- want:info "here added < 1 beside it"
    return '-4'
  end
  return '0'
end

local function positive()
  local n = redis.call('LLEN', KEYS[3])
  if n and n > 0 then -- want:info "here n > 0 beside it"
    return redis.call('LPOP', KEYS[3])
  end
  return false
end

-- Alone, or beside a comparison of another value: the test is all there is.
local function alone()
  local ok = redis.call('SETNX', KEYS[4], ARGV[1])
  if not ok or tonumber(ARGV[2]) < 0 then -- want:error "ok holds the SETNX reply"
    return 0
  end
  if redis.call('EXISTS', KEYS[5]) then -- want:error "the EXISTS reply is an integer"
    return 1
  end
  return 2
end

return { grab(), positive(), alone() }
