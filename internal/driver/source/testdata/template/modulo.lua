-- `%` after an operand is Lua's modulo: no template, plain Lua.
local d = tonumber(ARGV[1]) or 1
local s = tonumber(ARGV[2]) or 1
return (d %d) + (s %s)
