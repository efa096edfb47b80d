local rcall = redis.call
-- Values passed in KEYS and never used as keys.
rcall('SET', KEYS[1], KEYS[2]) -- want "KEYS\[2\] is passed to SET as a value \(argument 2\) and never used as a key — .*CROSSSLOT.*pass it in ARGV"
local ttl = KEYS[3]
rcall('EXPIRE', KEYS[1], ttl) -- want "ttl \(KEYS\[3\]\) is passed to EXPIRE as a value \(argument 2\)"
rcall('SADD', KEYS[4], KEYS[5]) -- want "KEYS\[5\] is passed to SADD as a value"
rcall('ZADD', KEYS[4], tonumber(KEYS[6]), ARGV[1]) -- want "tonumber\(KEYS\[6\]\) \(KEYS\[6\]\) is passed to ZADD as a value \(argument 2\)"
rcall('HSET', KEYS[1], KEYS[7], ARGV[1]) -- want "KEYS\[7\] is passed to HSET as a value \(argument 2\)"
rcall('HSET', KEYS[1], 'f', KEYS[7])
rcall('PUBLISH', KEYS[8], ARGV[1]) -- want "KEYS\[8\] is the PUBLISH channel, not a key"

-- Key names stored as values of keys the script also uses: fine.
rcall('SET', KEYS[9], ARGV[1])
rcall('SADD', KEYS[1], KEYS[9])
local lock = KEYS[10]
rcall('SET', lock, ARGV[2], 'PX', 3000)
rcall('HSET', KEYS[1], 'lock', lock)
-- Used to build a key (a prefix): fine.
rcall('SADD', KEYS[11] .. ARGV[1], KEYS[11])
-- Passed to a helper that may use it as a key: fine.
local function target(k) return k end
rcall('LPUSH', target(KEYS[12]), ARGV[1])
rcall('LPUSH', KEYS[1], KEYS[12])
-- Stored in a table or returned by a helper, whose users may take it as a
-- key: fine.
local job = {}
job.key = KEYS[16]
rcall('SADD', KEYS[1], KEYS[16])
local function lockKey() return KEYS[17] end
rcall('SADD', KEYS[1], KEYS[17])
rcall('DEL', job.key, lockKey())
-- The values in ARGV, keys in key positions, returns: fine.
rcall('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
rcall('RENAME', KEYS[13], KEYS[14])
return KEYS[15]
