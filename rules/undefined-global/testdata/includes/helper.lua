-- A fragment spliced into scripts by a `--- @include` loader; it uses the
-- includer's rcall, so alone it would fail.
local function pushJob(key, id)
  return rcall('LPUSH', key, id) -- want "global rcall"
end
