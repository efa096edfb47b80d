-- Markers deleted by a run that did not take them, which nothing shows to
-- be locks: not reported.

-- groupmq enqueue.lua: an idempotence marker whose value is the job id the
-- key is built from; when its job is gone the stale marker is replaced.
local ns = KEYS[1]
local jobId = ARGV[1]
local jobKey = ns .. ":job:" .. jobId
local uniqueKey = ns .. ":unique:" .. jobId
local uniqueSet = redis.call("SET", uniqueKey, jobId, "NX")
if not uniqueSet then
  if redis.call("EXISTS", jobKey) == 0 then
    redis.call("DEL", uniqueKey)
    redis.call("SET", uniqueKey, jobId)
  else
    local status = redis.call("HGET", jobKey, "status")
    if status == "completed" then
      redis.call("DEL", jobKey)
      redis.call("DEL", uniqueKey)
      redis.call("SET", uniqueKey, jobId)
    else
      return jobId
    end
  end
end
return 0
