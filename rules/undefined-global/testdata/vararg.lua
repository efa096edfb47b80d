-- Lua 5.1, as Redis builds it, gives a vararg function a local `arg`: the
-- table of its extra arguments (qless-core's API reads it everywhere).
local function count(...)
  return arg.n
end

local function first(...)
  local rest = {...}
  -- A body that uses `...` gets arg = nil: still a local, not a global.
  return rest[1], arg
end

-- Anywhere else `arg` is a global Redis does not define.
local function plain(a)
  return arg -- want "global arg"
end

return {count(1, 2), first(3), plain(4)}
