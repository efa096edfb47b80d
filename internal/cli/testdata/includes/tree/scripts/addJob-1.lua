local rcall = redis.call
--- @include "includes/pushJob"
--- @include "includes/toId"
return pushJob(KEYS[1], toId(ARGV[1]))
