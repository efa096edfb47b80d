-- Keys written whole in the script, in different slots.
redis.call('SET', 'bar', 1)
redis.call('SET', 'baz', 2) -- want "key 'baz' and key 'bar' \(line 2\) hash to different cluster slots — they hash to slots 4813 and 5061.*e.g. 'bar' and '\{bar\}:baz'"
redis.call('GET', 'bar')
redis.call('GET', 'baz')
local name = 'k' .. 6
redis.call('GET', name) -- want "key 'k6' and .* slots 325 and"

-- Same slot as the first key through a hash tag: silent.
redis.call('SET', '{bar}:baz', 1)
redis.call('SET', '{bar}', 1)
redis.call('GET', 'x{bar}y')

-- Names not known: silent.
redis.call('SET', KEYS[1], 1)
redis.call('SET', KEYS[1] .. ':a', 1)
redis.call('SET', KEYS[1] .. ':b', 1)
redis.call('SET', 'lock:' .. ARGV[1], 1)
redis.call('SET', ARGV[2], 1)
redis.call('SET', redis.call('GET', KEYS[2]), 1)

-- Literals that are not keys: silent.
redis.call('SET', 'bar', 'some value')
redis.call('PUBLISH', 'channel', 'message')
