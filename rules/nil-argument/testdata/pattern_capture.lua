-- kiq's deschedule.lua: the queue's name is read from each job's JSON with
-- a pattern that only matches letters and digits; a queue named
-- `low_priority` gives nil, SADD fails, and the ZREM before it already took
-- the job out of the schedule: the job is lost. Whether the data matches is
-- kept by the code that writes the jobs, so it is a warning.
local jobs = redis.call("zrangebyscore", KEYS[1], "0", ARGV[1])
for _, job in ipairs(jobs) do
  redis.call("zrem", KEYS[1], job)
  local queue = string.match(job, '"queue":"(%w+)"')
  redis.call("sadd", KEYS[2], queue) -- want:warning "queue \(argument 2 of SADD\) may be nil — string.match\(job, .*\) is nil when job does not match the pattern"
  local jid = job:match('"jid":"([^"]+)"')
  redis.call("hset", KEYS[3], jid, job) -- want:warning "jid \(argument 2 of HSET\) may be nil — job:match"
end

-- Silent: the capture tested, given a default, or a pattern every string
-- matches.
for _, job in ipairs(jobs) do
  local queue = string.match(job, '"queue":"([^"]+)"')
  if queue then
    redis.call("lpush", KEYS[4], queue)
  end
  local class = string.match(job, '"class":"([^"]+)"') or 'unknown'
  redis.call("sadd", KEYS[5], class)
  local trimmed = string.match(job, '^%s*(.-)%s*$')
  redis.call("rpush", KEYS[6], trimmed)
  local id = job:match('^(%d+):')
  if not id then
    return redis.error_reply('bad job ' .. job)
  end
  redis.call("hdel", KEYS[3], id)
end
return #jobs
