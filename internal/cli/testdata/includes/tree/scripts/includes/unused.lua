-- Included by no script: linted alone.
local function unused() return rcall('GET', KEYS[1]) end
return unused()
