-- 0x10 is the whole number 16 to Lua, so the EXPIRE cannot fail for a
-- fraction; 0x10 / 3 has one.
if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then -- want:info "key KEYS\[1\] taken with SETNX gets its expiry from the EXPIRE on line 4"
  redis.call('EXPIRE', KEYS[1], 0x10)
end
if redis.call('SETNX', KEYS[2], ARGV[1]) == 1 then -- want:warning "its TTL 0x10 / 3 may not be an integer"
  redis.call('EXPIRE', KEYS[2], 0x10 / 3)
end
return 1
