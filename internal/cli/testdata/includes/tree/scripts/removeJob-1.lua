local rcall = redis.call
--- @include "includes/pushJob"
return pushJob(KEYS[1], ARGV[1]) .. missing()
