-- helper functions a script includes with --- @include (no KEYS, ARGV or redis.*)
local function toInt(v)
  return tonumber(v) or 0
end

local function removeJob(jobKey, rcall)
  rcall("DEL", jobKey, jobKey .. ":logs")
end
