-- workflows.kt's acquireWorkflowLock: the lock field is written with the
-- workflow hash when the hash is created (the branch returns), and the
-- library's other script deletes both together. The HGET of the field the
-- caller names is null only if other code removed the field alone: a
-- warning, not an error.
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'class', ARGV[3])
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
  return 1
end
local owner = redis.call('HGET', KEYS[2], ARGV[1])
if owner == ARGV[2] then
  return 2
end
if redis.call('HEXISTS', KEYS[3], owner) == 0 then -- want:warning "owner \(argument 2 of HEXISTS\) may be false — .*the script adds it only on another path \(line 8\)"
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
  return 3
end

-- The same read in a script that never adds the field: an error.
local holder = redis.call('HGET', KEYS[4], ARGV[1])
return redis.call('HEXISTS', KEYS[3], holder) -- want:error "holder \(argument 2 of HEXISTS\) may be false — .*ARGV\[1\] comes from the caller and the script did not add it"
