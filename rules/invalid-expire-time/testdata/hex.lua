-- Lua reads a 0x literal as a number: 0x0 is 0, 0x3c is 60.
redis.call('SET', KEYS[1], 'v')
redis.call('PEXPIRE', KEYS[1], 0x0) -- want "TTL 0x0 of PEXPIRE can be 0 or less"
redis.call('SET', KEYS[2], 'v')
redis.call('PEXPIRE', KEYS[2], 0x3c)
