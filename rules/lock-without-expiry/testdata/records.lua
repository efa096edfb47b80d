-- SET NX and SETNX that create records meant to last, as real code writes
-- them: nothing shows a lock or a guard, so each is only an info: the key
-- never expires, which is right for a record and wrong for a lock.

-- An idempotence marker (groupmq enqueue.lua): the value is the job id the
-- key is built from, and the stale marker is deleted and written again.
local ns = KEYS[1]
local jobId = ARGV[1]
local uniqueKey = ns .. ":unique:" .. jobId
-- A run that finds the marker writes (the repair below): no guard.
local uniqueSet = redis.call("SET", uniqueKey, jobId, "NX") -- want:info "uniqueKey set with NX never expires"
if not uniqueSet then
  if redis.call("EXISTS", ns .. ":job:" .. jobId) == 0 then
    redis.call("DEL", uniqueKey)
    redis.call("SET", uniqueKey, jobId)
  end
end

-- A state record created if absent (bucket4j's compare-and-swap): no
-- release, no owner check.
if redis.call('set', KEYS[2], ARGV[2], 'nx') then -- want:info "KEYS\[2\] set with NX never expires: the script gives it no time to live"
  -- PUBLISH writes no key, but the run goes on to the writes below.
  redis.call('publish', 'created', KEYS[2])
end

-- Settings of an ID generator (Redisson RIdGenerator.tryInit).
redis.call('setnx', KEYS[3], ARGV[3]); redis.call('setnx', KEYS[4], ARGV[4]); -- want:info "KEYS\[3\] taken with SETNX never expires" "KEYS\[4\] taken"

-- A paused flag that stays until it is deleted.
redis.call('SETNX', KEYS[5] .. ':paused', ARGV[5]) -- want:info "':paused' taken with SETNX never expires"

-- A seeded counter (changed by INCRBY): a record, even if a reply gated it.
redis.call('SET', KEYS[6], 0, 'NX') -- want:info "KEYS\[6\] set with NX never expires"
return redis.call('INCRBY', KEYS[6], ARGV[6])
