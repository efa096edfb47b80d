-- Lua 5.1 gives a vararg function a local table arg of its extra
-- arguments (qless-core reads it throughout).
local function sum(...)
  local n = 0
  for i = 1, arg.n do
    n = n + arg[i]
  end
  return n
end
return sum(1, 2)
