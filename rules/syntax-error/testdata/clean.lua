-- Lua 5.1 that compiles: goto is an ordinary name, hex floats pass strtod.
local goto = 5
return 0x1p4 + 0x10 + goto
