-- Keys listed by KEYS or SCAN are one node's keyspace on a cluster: a
-- pattern of the script's own, without a {hash tag}, reaches only the keys
-- of the node that runs the script (python-redis-lock's reset_all, kue).
for _, k in ipairs(redis.call('KEYS', 'lock:*')) do
  redis.call('DEL', k) -- want:warning "key k of DEL is listed by KEYS, not passed in KEYS"
end
local cursor = '0'
repeat
  local res = redis.call('SCAN', cursor, 'MATCH', 'job:*:lock', 'COUNT', 100)
  cursor = res[1]
  for _, key in ipairs(res[2]) do
    redis.call('UNLINK', key) -- want:warning "key key of UNLINK is listed by SCAN"
  end
until cursor == '0'
for _, key in ipairs(redis.call('SCAN', 0)[2]) do
  redis.call('UNLINK', key) -- want:warning "key key of UNLINK is listed by SCAN"
end

-- A whole pattern from the caller holds a tag only if the caller chose one
-- (sidekiq-unique-jobs passes 'uniquejobs:working:*'): still a warning.
for _, k in ipairs(redis.call('KEYS', ARGV[1])) do
  redis.call('DEL', k) -- want:warning "key k of DEL is listed by KEYS, not passed in KEYS"
end

-- A pattern that starts with a prefix the caller passes can hold the
-- declared keys' {hash tag} (bull's removeJobs scans ARGV[1], the queue's
-- prefix, .. ARGV[2]); so can a literal prefix with a tag: info.
local scan = redis.call('SCAN', ARGV[3], 'MATCH', ARGV[1] .. ARGV[2])
for _, jobKey in ipairs(scan[2]) do
  redis.call('DEL', jobKey) -- want:info "key jobKey of DEL is listed by SCAN of a pattern that can hold a {hash tag}"
end
for _, k in ipairs(redis.call('KEYS', '{queue}:job:*')) do
  redis.call('DEL', k) -- want:info "listed by KEYS of a pattern that can hold a {hash tag}"
end

-- A value of unknown origin between the braces of the fixed start is a
-- tag's content, whatever it is (kue's '{' + prefix + '}' in a host
-- literal): info. Before a literal without braces it is no tag: a warning.
local function clear(prefix)
  for _, k in ipairs(redis.call('KEYS', '{' .. prefix .. '}:job:*')) do
    redis.call('DEL', k) -- want:info "listed by KEYS of a pattern that can hold a {hash tag}"
  end
  for _, k in ipairs(redis.call('KEYS', prefix .. ':job:*')) do
    redis.call('DEL', k) -- want:warning "key k of DEL is listed by KEYS, not passed in KEYS"
  end
end

-- Names stored in a set can share the declared keys' {hash tag}: info.
for _, job in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  redis.call('DEL', job) -- want "key job of DEL is read from a reply"
end
