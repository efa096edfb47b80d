local rcall = redis.call
--- @include "includes/helpers"
for _, id in ipairs(rcall("LRANGE", KEYS[1], 0, -1)) do
  removeJob(KEYS[2] .. id)
end
return 1
