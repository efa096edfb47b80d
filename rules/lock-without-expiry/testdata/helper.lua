-- A helper takes the lock; nothing in the script gives any key an expiry.
local function try_lock(k, owner)
  return redis.call('SETNX', k, owner) == 1 -- want "lock k taken with SETNX never expires"
end
if try_lock(KEYS[1], ARGV[1]) then
  return 1
end
return 0
