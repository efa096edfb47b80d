--[[
  Pushes a job: a fragment, spliced in by the loader after `local rcall`.
]]
--- @include "toId"
local function pushJob(key, id)
  return rcall('LPUSH', key, toId(id), undefinedInFragment)
end
