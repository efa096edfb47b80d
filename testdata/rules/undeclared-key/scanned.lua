-- Keys listed by KEYS or SCAN are one node's keyspace on a cluster.
for _, k in ipairs(redis.call('KEYS', ARGV[1])) do
  redis.call('DEL', k) -- want "key k of DEL is listed by KEYS, not passed in KEYS"
end
local cursor = '0'
repeat
  local res = redis.call('SCAN', cursor, 'MATCH', ARGV[2], 'COUNT', 100)
  cursor = res[1]
  for _, key in ipairs(res[2]) do
    redis.call('UNLINK', key) -- want "key key of UNLINK is listed by SCAN"
  end
until cursor == '0'

-- Names stored in a set can share the declared keys' {hash tag}: info.
for _, job in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  redis.call('DEL', job) -- want "key job of DEL is read from a reply"
end
