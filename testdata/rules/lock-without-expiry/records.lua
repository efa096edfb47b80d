-- SET NX and SETNX that create records meant to last, as real code writes
-- them: nothing shows a lock, so nothing is reported.

-- An idempotence marker (groupmq enqueue.lua): the value is the job id the
-- key is built from, and the stale marker is deleted and written again.
local ns = KEYS[1]
local jobId = ARGV[1]
local uniqueKey = ns .. ":unique:" .. jobId
local uniqueSet = redis.call("SET", uniqueKey, jobId, "NX")
if not uniqueSet then
  if redis.call("EXISTS", ns .. ":job:" .. jobId) == 0 then
    redis.call("DEL", uniqueKey)
    redis.call("SET", uniqueKey, jobId)
  end
end

-- A state record created if absent (bucket4j's compare-and-swap): no
-- release, no owner check.
if redis.call('set', KEYS[2], ARGV[2], 'nx') then
  redis.call('publish', 'created', KEYS[2])
end

-- Settings of an ID generator (Redisson RIdGenerator.tryInit).
redis.call('setnx', KEYS[3], ARGV[3]); redis.call('setnx', KEYS[4], ARGV[4]);

-- A paused flag that stays until it is deleted.
redis.call('SETNX', KEYS[5] .. ':paused', ARGV[5])

-- A seeded counter.
redis.call('SET', KEYS[6], 0, 'NX')
return redis.call('INCRBY', KEYS[6], ARGV[6])
