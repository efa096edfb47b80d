-- redis-py's lock extend script after PTTL, as redbeat and coredis copy it
-- (round 8a): `if not expiration then expiration = 0 end` never runs, but
-- for the 0 it could have meant it would set expiration to 0, what it
-- already is: dead code that changes nothing (info).
local token = redis.call('GET', KEYS[1])
if not token or token ~= ARGV[1] then
  return 0
end
local expiration = redis.call('PTTL', KEYS[1])
if not expiration then -- want:info "expiration holds the PTTL reply, which is an integer, true in Lua even when 0"
  expiration = 0
end
if expiration < 0 then
  return 0
end
redis.call('PEXPIRE', KEYS[1], expiration + ARGV[2])

-- Another default, or a branch that does more, is what the author meant
-- for 0: still an error.
local left = redis.call('TTL', KEYS[2])
if not left then -- want:error "left holds the TTL reply, which is an integer"
  left = 60
end
local n = redis.call('LLEN', KEYS[3])
if not n then -- want:error "n holds the LLEN reply, which is an integer"
  n = 0
  redis.call('DEL', KEYS[4])
end
return left + n
