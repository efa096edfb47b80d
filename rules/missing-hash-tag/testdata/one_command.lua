-- One command with two slots.
redis.call('MSET', 'foo', 1, 'a', 2) -- want "key 'a' and key 'foo' \(line 2\) .* slots 15495 and 12182"
