-- The advice fits the argument: '' is no TTL (EXPIRE k '' fails with "value
-- is not an integer or out of range") and no key.
local ttl = redis.call('HGET', KEYS[1], 'ttl')
redis.call('EXPIRE', KEYS[2], ttl) -- want "ttl \(argument 2 of EXPIRE\) may be false — .*return before the call when it is missing, or give it a number"
local target = redis.call('HGET', KEYS[1], 'target')
redis.call('LPUSH', target, ARGV[1]) -- want "target \(argument 1 of LPUSH\) may be false — .*: return before the call when it is missing$"
local note = redis.call('HGET', KEYS[1], 'note')
redis.call('SET', KEYS[3], note, 'EX', 60) -- want "note \(argument 2 of SET\) may be false — .*give it a default \(note or ''\)"
