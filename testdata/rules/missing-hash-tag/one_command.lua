-- One command with two slots.
redis.call('MSET', 'foo', 1, 'a', 2) -- want "key 'a' \(slot 15495\) and key 'foo' \(line 2, slot 12182\)"
